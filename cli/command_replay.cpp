// `zobrist-verify replay`: plays one case (a FEN and moves) on a plugin and prints its keys after
// each step beside the reference's: the command printed under a crash, a hang or a wrong key,
// to rerun the case alone, in-process under gdb or a sanitizer (--no-isolation).
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "args.h"
#include "command_help.h"
#include "door_table.h"
#include "doors.h"
#include "inputs.h"
#include "plugin_stdout.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/position_gate.h"

namespace zobrist_verify::cli {

namespace {

// replay's options: the parser's and the help's.
constexpr std::string_view ReplayUsage[] = {
    "replay {door} --fen [--moves] [--chess960] [--expect] [--en-passant] [--timeout] "
    "[--allow-unreachable]",
    "replay {door} --fen [--moves] --versus-moves [--chess960] [--en-passant] [--timeout] "
    "[--allow-unreachable]",
};
constexpr OptionRef ReplayOptionList[] = {
    DoorOptionsHere,          option("--fen"),      option("--moves"),
    option("--versus-moves"), option("--chess960"), option("--expect"),
    option("--en-passant"),   option("--timeout"),  option("--allow-unreachable"),
};
constexpr CommandOptions ReplayCommand{ReplayUsage, ReplayOptionList, DoorUse::Keys, true};

constexpr const char* ReplayProse =
    R"(Plays the case on the plugin: set_position(FEN), then each move, printing after each step the
plugin's key (and pawn and material keys when it has them), the key a second instance gives a fresh
set_position of the position reached (the reference's FEN of it), and the --expect scheme's key
(under --en-passant RULE when given, as `check` judged it: a split fen=RULE,move=RULE keys the FEN's
position under one and every position reached by a move under the other), and its pawn and material
keys beside the target's where the scheme defines them, as `check` compares them. The first step
where two of them differ is marked, with the comparison that failed (incremental vs fresh, or target
vs the scheme), and named on the last line. The moves are checked on the reference and sent exactly
as checked: a word holding several moves ("e2e4 e7e5") as those moves, each in canonical UCI (e1g1
in standard chess, king takes rook, e1h1, in Chess960).
With --no-isolation the plugin runs in this process, so that a debugger or a sanitizer sees the
crash; otherwise a crash, a hang, an exit() or a worker past --memory-limit is reported with the
call it happened in. With --engine the same steps go to a UCI engine, or an xboard one with
--protocol xboard (as `check --engine` sends them), and the key it prints is shown; --expect then
compares with the key the scheme's engine prints. A Chess960 FEN goes with Shredder castling
letters, or X-FEN letters with --xfen, as `check` sends it. Exits 0 when every step ran (and
every key matched --expect), 1 otherwise, 2 on a usage error. A FEN (or `startpos`) that no legal
game reaches is not sent: exit 2, unless --allow-unreachable is given.
With --versus-moves B ... the case is two routes from the one FEN (--moves, then the moves B),
each played on an instance of its own, as a failure of `check --move-routes-only` compared them:
no FEN but the first is given. It prints the key each route reaches and the reference's word on
the two positions (under --en-passant RULE's move rule, pseudo-legal by default; the halfmove
clock aside): one position needs one key, two positions two keys. Exits 1 when the keys break
that, 0 when they keep it.
)";

const std::vector<OptionSpec>& replay_options() {
  static const std::vector<OptionSpec> options = option_specs(ReplayCommand);
  return options;
}

// Checked in this order; the first broken rule is the error.
const std::vector<OptionRule>& replay_rules() {
  static const std::string needs_message = "replay needs " + door_choices() + ", and --fen FEN";
  static const std::vector<OptionRule> rules = [] {
    std::vector<OptionRule> all{needs_any(door_options(), needs_message),
                                needs("--fen", {}, needs_message),
                                excludes("--versus-moves", "--expect")};
    for (const OptionRule& rule : door_rules(DoorUse::Keys)) all.push_back(rule);
    return all;
  }();
  return rules;
}

// The key a fresh instance gives `fen` (set_position, then key), or why it gave none.
Expected<Key> fresh_key(HashUnderTest& fresh, const std::string& fen, bool chess960) {
  if (Expected<Done> done = fresh.set_position(fen, chess960); !done)
    return Error{"set_position refused: " + done.error()};
  return fresh.key();
}

// "refused: why" for a refusal; "failed: what happened" for anything else (an exception).
std::string failed(const Expected<Done>& done) {
  return (done.error_kind() == ErrorKind::Refused ? "refused: " : "failed: ") + done.error();
}

// --expect's scheme under the rules the case is judged by: the FEN's position keyed under
// `at_fen`, every position reached by a move under `after_moves` (the same scheme unless
// --en-passant gives a split rule).
struct ExpectedSchemes {
  KeyScheme at_fen, after_moves;
};

std::optional<ExpectedSchemes> expected_schemes(const properties::ThirdPartyOptions& options) {
  if (!options.expect) return std::nullopt;
  ExpectedSchemes schemes{*options.expect, *options.expect};
  if (options.en_passant) {
    schemes.after_moves.en_passant_rule = *options.en_passant;
    schemes.at_fen.en_passant_rule = options.en_passant_fen.value_or(*options.en_passant);
  }
  return schemes;
}

// One replay: the target's instance that plays the moves, a second one for fresh set_positions,
// the reference (and the --expect scheme's position at the FEN, under its FEN rule), and the
// lines written so far.
class Replay {
 public:
  Replay(const properties::Target& target, const std::optional<ExpectedSchemes>& expect)
      : target_(target),
        expect_(expect),
        hash_(properties::new_instance(target)),
        fresh_(properties::new_instance(target)) {}

  // The replay's lines; the first line is "ok" or "mismatch". After each step: the target's
  // (incremental) key, the key a second instance gives the reference's FEN of the position
  // reached (fresh), and with --expect the scheme's; the first step where two differ is marked,
  // and named at the end.
  std::string lines(const std::string& fen, bool chess960, const std::vector<std::string>& moves) {
    if (!hash_ || !fresh_) return "mismatch\nthe target gave no instance\n";
    caps_ = hash_->capabilities();
    const FenOptions read{.chess960 = chess960, .allow_unreachable = true};
    (void)reference_.set(fen, expect_ ? expect_->after_moves : polyglot_scheme(), read);
    (void)at_fen_.set(fen, expect_ ? expect_->at_fen : polyglot_scheme(), read);
    if (Expected<Done> done = hash_->set_position(fen, chess960); !done)
      return "mismatch\nset_position " + fen + "\n  " + failed(done) + '\n';
    keys("set_position " + fen);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const std::string& m = moves[i];
      if (Expected<Done> done = hash_->make_move(m); !done)
        return "mismatch\n" + out_.str() + "make_move " + m + "\n  " + failed(done) + '\n';
      (void)reference_.play_uci(m);
      keys("make_move " + m + " (ply " + std::to_string(i + 1) + ")");
    }
    if (first_difference_.empty()) return "ok\n" + out_.str();
    return "mismatch\n" + out_.str() + "first difference at " + first_difference_ + '\n';
  }

 private:
  std::string mark(const std::string& step, const std::string& comparison) {
    if (!first_difference_.empty()) return "  DIFFERS";
    first_difference_ = step + ": " + comparison;
    return "  DIFFERS  <- first difference (" + comparison + ")";
  }

  // The position the --expect scheme keys: the FEN's under its FEN rule, else the reference's.
  const Position& scheme_side() const {
    return reference_.moves().empty() ? at_fen_.position() : reference_.position();
  }

  void keys(const std::string& step) {
    out_ << step << '\n';
    const Expected<Key> key = hash_->key();
    out_ << "  key          " << (key ? hex_key(*key) : "error: " + key.error()) << '\n';
    if (!key) mark(step, "the target gave no key");
    const std::string reached = reference_.position().fen();
    const Expected<Key> again = fresh_key(*fresh_, reached, reference_.position().is_chess960());
    out_ << "  fresh key    " << (again ? hex_key(*again) : "error: " + again.error());
    if (key && again)
      out_ << (*key == *again ? "  same"
                              : mark(step, "incremental vs fresh set_position of " + reached));
    else if (key)
      mark(step, "the fresh instance gave no key for " + reached);
    out_ << '\n';
    if (expect_) {
      const Key want =
          target_.compare_printed_key ? scheme_side().printed_key() : scheme_side().key();
      const std::string& name = expect_->at_fen.name;
      out_ << "  " << std::left << std::setw(12) << name << ' ' << hex_key(want);
      if (key) out_ << (*key == want ? "  same" : mark(step, "target vs the " + name + " scheme"));
      out_ << '\n';
    }
    if (caps_.pawn_key)
      aux_key(step, "pawn key", hash_->pawn_key(), expect_ && expect_->at_fen.defines_pawn_key,
              &Position::pawn_key);
    if (caps_.material_key)
      aux_key(step, "material key", hash_->material_key(),
              expect_ && expect_->at_fen.defines_material_key, &Position::material_key);
  }

  // A pawn or material key, compared with the --expect scheme's where the scheme defines it, as
  // `check` compares them.
  void aux_key(const std::string& step, const char* label, const Expected<Key>& got, bool defined,
               Key (Position::*scheme_key)() const) {
    if (!got) return;
    out_ << "  " << std::left << std::setw(12) << label << ' ' << hex_key(*got);
    if (defined) {
      const Key want = (scheme_side().*scheme_key)();
      const std::string& name = expect_->at_fen.name;
      out_ << (*got == want
                   ? "  same as the " + name + " scheme's"
                   : "  the " + name + " scheme's: " + hex_key(want) +
                         mark(step, std::string(label) + ": target vs the " + name + " scheme"));
    }
    out_ << '\n';
  }

  const properties::Target& target_;
  const std::optional<ExpectedSchemes>& expect_;
  std::unique_ptr<HashUnderTest> hash_, fresh_;
  Capabilities caps_;
  Game reference_, at_fen_;
  std::ostringstream out_;
  std::string first_difference_;  // "<step>: <which comparison>", once one is found
};

std::string replay_lines(const properties::Target& target, const std::string& fen, bool chess960,
                         const std::vector<std::string>& moves,
                         const std::optional<ExpectedSchemes>& expect) {
  return Replay(target, expect).lines(fen, chess960, moves);
}

// The --versus-moves lines; the first line is "ok" or "mismatch". Each route on an instance of
// its own, its key at the end; then whether the reference reaches one position or two (its keys
// under `rule`, which leave the clocks out) and whether the target's keys agree.
std::string versus_lines(const properties::Target& target, const std::string& fen, bool chess960,
                         const std::vector<std::string>& first,
                         const std::vector<std::string>& second, EnPassantRule rule) {
  std::ostringstream out;
  KeyScheme scheme = polyglot_scheme();
  scheme.en_passant_rule = rule;
  std::vector<Key> keys, identities;
  int route = 0;
  for (const std::vector<std::string>* moves : {&first, &second}) {
    out << "route " << ++route << ": set_position " << fen
        << (moves->empty() ? std::string() : ", then " + moves_text(*moves)) << '\n';
    std::unique_ptr<HashUnderTest> hash = properties::new_instance(target);
    if (!hash) return "mismatch\n" + out.str() + "  the target gave no instance\n";
    if (Expected<Done> done = hash->set_position(fen, chess960); !done)
      return "mismatch\n" + out.str() + "  set_position " + failed(done) + '\n';
    Game reference;
    (void)reference.set(fen, scheme, {.chess960 = chess960, .allow_unreachable = true});
    for (const std::string& m : *moves) {
      if (Expected<Done> done = hash->make_move(m); !done)
        return "mismatch\n" + out.str() + "  make_move " + m + " " + failed(done) + '\n';
      (void)reference.play_uci(m);
    }
    const Expected<Key> key = hash->key();
    if (!key) return "mismatch\n" + out.str() + "  key() failed: " + key.error() + '\n';
    out << "  reaches      " << reference.position().fen() << "\n  key          " << hex_key(*key)
        << '\n';
    keys.push_back(*key);
    identities.push_back(reference.position().key());
  }
  const bool one_position = identities[0] == identities[1];
  const bool one_key = keys[0] == keys[1];
  out << (one_position ? "one position (" + std::string(to_string(rule)) +
                             " en passant, clocks aside): the keys must be equal; they "
                       : "two positions: the keys must differ; they ")
      << (one_key ? "are equal" : "differ") << '\n';
  return (one_position == one_key ? "ok\n" : "mismatch\n") + out.str();
}

// --versus-moves, read as --moves is: legal from the FEN, in canonical UCI; nothing without it.
Expected<std::optional<std::vector<std::string>>> versus_moves(const ParsedArgs& args,
                                                               const std::string& fen,
                                                               bool chess960) {
  if (!args.has("--versus-moves")) return std::optional<std::vector<std::string>>();
  Game game;
  if (auto played = set_up_game(game, fen, args.joined("--versus-moves"), polyglot_scheme(),
                                FenOptions{.chess960 = chess960, .allow_unreachable = true});
      !played)
    return Error{"--versus-moves: " + played.error()};
  std::vector<std::string> moves;
  for (Move m : game.moves()) moves.push_back(move_to_uci(m, game.position().is_chess960()));
  return std::optional<std::vector<std::string>>(std::move(moves));
}

}  // namespace

int run_replay(std::span<const std::string> words) {
  auto args = parse_args(words, replay_options());
  if (!args) return report_usage_error(args.error());
  // The FEN may be one word or its fields as words, as every command's --fen; it needs one.
  std::optional<std::string> fen;
  if (args->has("--fen")) fen = args->joined("--fen");
  if (fen && fen->empty()) return report_usage_error("option --fen needs a value");
  if (args->has("--help")) {
    std::cout << command_help(ReplayCommand, ReplayProse);
    return ExitSuccess;
  }
  if (fen == "startpos") fen = std::string(StartFen);
  if (auto obeyed = check_option_rules(*args, replay_options(), replay_rules()); !obeyed)
    return report_usage_error(obeyed.error());
  properties::ThirdPartyOptions options;
  std::optional<KeyScheme> expected;
  if (auto read = read_door_options(*args, options, expected); !read)
    return report_usage_error(read.error());
  const bool chess960 = args->has("--chess960");
  // The case must be legal: the plugin is given only what the suite would give it, the moves as
  // the reference read them, in canonical UCI.
  Game game;
  if (auto played = set_up_game(game, *fen, args->joined("--moves"), polyglot_scheme(),
                                FenOptions{.chess960 = chess960, .allow_unreachable = true});
      !played)
    return report_usage_error(played.error());
  std::vector<std::string> moves;
  for (Move m : game.moves()) moves.push_back(move_to_uci(m, game.position().is_chess960()));
  Expected<std::optional<std::vector<std::string>>> versus = versus_moves(*args, *fen, chess960);
  if (!versus) return report_usage_error(versus.error());
  const std::optional<ExpectedSchemes> expect = expected_schemes(options);
  if (!options.allow_unreachable)
    if (std::optional<std::string> why = unreachable_reason(*fen, chess960))
      return report_usage_error("--fen " + *fen + " is not sent: no legal game reaches it (" +
                                *why + "); --allow-unreachable sends it anyway");
  const ChosenDoor chosen = *chosen_door(*args);  // the rules ask for one
  auto door = chosen.row->open_keys(chosen.value, *args, program_path());
  if (!door) return report_usage_error(door.error());
  door->target.allow_unreachable = options.allow_unreachable;

  auto lines_of = [&](const properties::Target& target) {
    return *versus ? versus_lines(target, *fen, chess960, moves, **versus,
                                  options.en_passant.value_or(EnPassantRule::PseudoLegal))
                   : replay_lines(target, *fen, chess960, moves, expect);
  };
  std::string lines;
  if (door->runs_here && options.suite.isolate) {
    const properties::IsolatedRun run = properties::run_isolated(
        door->target, [&](const properties::Target& watched) { return lines_of(watched); },
        options.suite.call_timeout_ms);
    if (run.fault) {
      std::cout << door->description << ' ' << *run.fault
                << "\n(rerun with --no-isolation to see it in a debugger)\n";
      return ExitCheckFailed;
    }
    lines = run.output;
  } else {
    const PluginStdoutAside aside(door->runs_here);
    lines = lines_of(door->target);
  }
  Expected<Done> closed = door->close ? door->close() : Done{};
  const bool ok = lines.rfind("ok\n", 0) == 0;
  std::cout << door->description << '\n';
  if (door->notes)  // an engine's: how its keys were read
    for (const std::string& note : door->notes()) std::cout << "  " << note << '\n';
  std::cout << lines.substr(lines.find('\n') + 1);
  if (!closed) return report_usage_error(closed.error());  // a transcript that failed
  return ok ? ExitSuccess : ExitCheckFailed;
}

}  // namespace zobrist_verify::cli
