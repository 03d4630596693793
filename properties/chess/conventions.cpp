#include "chess/conventions.h"
#include "zobrist_verify/core/hex.h"

#include <algorithm>
#include <array>

#include "chess/position_tools.h"
#include "core/result_codec.h"
#include "zobrist_verify/chess/game.h"

namespace zobrist_verify::properties {

namespace {

struct Probe {
  const char* label;
  const char* before_fen;
  const char* move;
};

// Double pushes that tell the rules apart; each is also played mirrored, Black pushing.
constexpr Probe Probes[] = {
    {"no pawn can capture", StartFen, "e2e4"},
    {"two pawns can capture", "rnbqkbnr/ppp1p1pp/8/8/3p1p2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3",
     "e2e4"},
    {"capture only by a pawn pinned along the rank", "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "e2e4"},
    {"capture only by a pawn pinned on a diagonal", "8/8/5k2/8/3p4/8/1B2P3/4K3 w - - 0 1", "e2e4"},
    {"one capturer pinned, the other free", "8/8/5k2/8/3p1p2/8/1B2P3/4K3 w - - 0 1", "e2e4"},
    {"the push gives check and the capture evades it", "8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1", "e2e4"},
    {"the push discovers check and the capture does not help", "8/8/8/7k/5p2/8/4P3/3BK3 w - - 0 1",
     "e2e4"},
};

constexpr std::array<EnPassantRule, 4> Rules = {EnPassantRule::Legal, EnPassantRule::PseudoLegal,
                                                EnPassantRule::Always, EnPassantRule::Never};

bool predicts(EnPassantRule rule, const EnPassantObservation& o) {
  switch (rule) {
    case EnPassantRule::Always:
      return true;
    case EnPassantRule::PseudoLegal:
      return o.pseudo_legal;
    case EnPassantRule::Legal:
      return o.legal;
    case EnPassantRule::Never:
      return false;
  }
  return false;
}

std::string mirrored_move(std::string move) {
  move[1] = char('1' + ('8' - move[1]));
  move[3] = char('1' + ('8' - move[3]));
  return move;
}

std::optional<Key> key_of(HashUnderTest& hash, const std::string& fen) {
  if (!hash.set_position(fen, false)) return std::nullopt;
  Expected<Key> key = hash.key();
  if (!key) return std::nullopt;
  return *key;
}

EnPassantObservation observe(const Target& target, const char* label, const std::string& before,
                             const std::string& move) {
  EnPassantObservation o;
  o.label = label;
  o.before_fen = before;
  o.move = move;
  Game game;
  if (!game.set(before, polyglot_scheme()).empty() || !game.play_uci(move)) {
    o.refused = true;  // cannot happen with the probes above; kept safe
    return o;
  }
  o.after_fen = game.position().fen();
  o.pseudo_legal = en_passant_term_applies(game.position(), EnPassantRule::PseudoLegal);
  o.legal = en_passant_term_applies(game.position(), EnPassantRule::Legal);
  std::unique_ptr<HashUnderTest> fens = new_instance(target);
  std::unique_ptr<HashUnderTest> moves = new_instance(target);
  if (!fens || !moves) {
    o.refused = true;
    return o;
  }
  const std::optional<Key> without = key_of(*fens, with_en_passant(o.after_fen, "-"));
  const std::optional<Key> with = key_of(*fens, o.after_fen);
  std::optional<Key> after_move;
  if (moves->set_position(before, false) && moves->make_move(move))
    if (Expected<Key> k = moves->key()) after_move = *k;
  if (!without || (!with && !after_move)) {
    o.refused = true;
    return o;
  }
  o.without_square = *without;
  o.fen_observed = with.has_value();
  o.move_observed = after_move.has_value();
  o.with_square = with.value_or(0);
  o.after_move = after_move.value_or(0);
  o.present_via_fen = o.fen_observed && *with != *without;
  o.present_via_move = o.move_observed && *after_move != *without;
  return o;
}

// The rules that predict every observation, looking at FENs, moves, or both.
std::vector<EnPassantRule> fitting(const std::vector<EnPassantObservation>& observations,
                                   bool via_fen, bool via_move) {
  std::vector<EnPassantRule> out;
  for (EnPassantRule rule : Rules) {
    bool fits = true;
    for (const EnPassantObservation& o : observations) {
      if (o.refused) continue;
      fits &= !via_fen || !o.fen_observed || o.present_via_fen == predicts(rule, o);
      fits &= !via_move || !o.move_observed || o.present_via_move == predicts(rule, o);
    }
    if (fits) out.push_back(rule);
  }
  return out;
}

std::string names(const std::vector<EnPassantRule>& rules) {
  if (rules.empty()) return "no rule";
  std::string out;
  for (EnPassantRule r : rules) out += (out.empty() ? "" : " or ") + std::string(to_string(r));
  return out;
}

void detect_halfmove_dependence(const Target& target, Conventions& out) {
  std::unique_ptr<HashUnderTest> hash = new_instance(target);
  if (!hash) return;
  const char* fens[] = {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"};
  for (const char* fen : fens) {
    const std::optional<Key> base = key_of(*hash, fen);
    if (!base) continue;
    for (int clock : {1, 7, 13, 14, 15, 21, 22, 30, 50, 99}) {
      FenFields f = split_fen(fen);
      f.halfmove = std::to_string(clock);
      f.fullmove = std::to_string(clock + 1);
      const std::string other = join_fen(f);
      const std::optional<Key> key = key_of(*hash, other);
      if (key && *key != *base) {
        out.halfmove_dependent = true;
        out.halfmove_evidence = "the key of " + std::string(fen) + " is " + hex_key_literal(*base) +
                                " and with the halfmove clock at " + std::to_string(clock) +
                                " it is " + hex_key_literal(*key);
        return;
      }
    }
  }
}

PropertyResult failed_en_passant(const Target& target, Counterexample c) {
  PropertyResult result;
  result.name = "en-passant";
  result.target = target.name;
  result.seed = DefaultSeed;
  result.note = "decided by convention detection";
  c.features = position_features(c);
  result.counterexample = std::move(c);
  return result;
}

}  // namespace

std::string rule_name(const std::optional<EnPassantRule>& rule) {
  return rule ? to_string(*rule) : "unknown";
}

std::string convention_text(const Conventions& conventions) {
  if (conventions.fen_rule && conventions.move_rule)
    return convention_name(*conventions.fen_rule, *conventions.move_rule);
  return rule_name(conventions.en_passant_rule);
}

Conventions detect_conventions(const Target& target) {
  Conventions out;
  for (const Probe& p : Probes) {
    out.observations.push_back(observe(target, p.label, p.before_fen, p.move));
    out.observations.push_back(
        observe(target, p.label, mirror_fen(p.before_fen), mirrored_move(p.move)));
  }
  const std::vector<EnPassantRule> both = fitting(out.observations, true, true);
  const bool observed_any = std::any_of(out.observations.begin(), out.observations.end(),
                                        [](const EnPassantObservation& o) { return !o.refused; });
  if (!observed_any) {
    out.summary = "not decided: the target refused every position of the en-passant probes";
    detect_halfmove_dependence(target, out);
    return out;
  }
  const std::vector<EnPassantRule> from_fens = fitting(out.observations, true, false);
  const std::vector<EnPassantRule> from_moves = fitting(out.observations, false, true);
  if (!both.empty()) {
    out.en_passant_rule = both.front();
    out.summary = both.size() == 1
                      ? "the keys follow the " + names(both) +
                            " rule, whether the position is set from a FEN or reached by a move"
                      : "the probes the target answered fit " + names(both) + "; taking " +
                            to_string(both.front());
  } else if (!from_fens.empty() && !from_moves.empty()) {
    out.fen_rule = from_fens.front();
    out.move_rule = from_moves.front();
    out.summary = "split: when a FEN is set the keys follow the " +
                  std::string(to_string(*out.fen_rule)) + " rule, when a move is made the " +
                  to_string(*out.move_rule) +
                  " rule, so one position can have two keys by the route that reached it";
  } else {
    out.summary = "no en-passant rule explains the keys: when a FEN is set they fit " +
                  names(from_fens) + ", when a move is made " + names(from_moves);
  }
  detect_halfmove_dependence(target, out);
  return out;
}

std::optional<PropertyResult> convention_failure(const Target& target,
                                                 const Conventions& conventions,
                                                 bool never_accepted) {
  const auto& observed = conventions.observations;
  if (conventions.en_passant_rule == EnPassantRule::Never) {
    if (never_accepted) return std::nullopt;
    for (const EnPassantObservation& o : observed) {
      if (o.refused || !o.legal) continue;
      Counterexample c;
      c.route.fen = o.after_fen;
      c.ply = -1;
      c.comparison = Comparison::DifferentKeys;
      c.what = "the target never hashes the en-passant square (" + o.label +
               "): positions that differ in en-passant rights share a key, a repetition bug by "
               "the rules of chess (--en-passant never accepts it on purpose)";
      c.positions = {{{o.after_fen, false, {}}, o.with_square},
                     {{with_en_passant(o.after_fen, "-"), false, {}}, o.without_square}};
      c.difference = "the en-passant square " + split_fen(o.after_fen).en_passant;
      return failed_en_passant(target, std::move(c));
    }
    return std::nullopt;
  }
  const bool judged_split = splits_en_passant(target);
  if (conventions.en_passant_rule && !judged_split) return std::nullopt;
  // Split or unknown: show the push whose key depends on the route, or else the first that no
  // rule the FEN keys fit can explain.
  const std::string declared =
      judged_split && !conventions.fen_rule ? "declared " + convention_name(target) + "; " : "";
  for (const EnPassantObservation& o : observed) {
    if (o.refused || !o.fen_observed || !o.move_observed || o.present_via_fen == o.present_via_move)
      continue;
    Counterexample c;
    c.route.fen = o.before_fen;
    c.route.moves = {o.move};
    c.ply = 0;
    c.comparison = Comparison::SameKey;
    // The summary already says which rules the keys follow, and why.
    c.what = declared + conventions.summary + "; after " + o.move + " (" + o.label +
             ") the en-passant term is " + (o.present_via_move ? "present" : "absent") +
             ", and in the same position set from its FEN it is " +
             (o.present_via_fen ? "present" : "absent") +
             (judged_split ? "; every other property judges a position under the rule of the "
                             "route that reached it"
                           : "");
    c.expected = o.with_square;
    c.actual = o.after_move;
    c.positions = {{{o.after_fen, false, {}}, o.with_square},
                   {{o.before_fen, false, {o.move}}, o.after_move}};
    return failed_en_passant(target, std::move(c));
  }
  for (const EnPassantObservation& o : observed) {
    if (o.refused) continue;
    Counterexample c;
    c.route.fen = o.after_fen;
    c.ply = -1;
    c.comparison = Comparison::NoKeys;
    c.what = judged_split && conventions.en_passant_rule
                 ? "declared " + convention_name(target) +
                       ", but the probes show no route dependence: " + conventions.summary
                 : declared + conventions.summary;
    c.positions = {{{o.after_fen, false, {}}, o.with_square},
                   {{with_en_passant(o.after_fen, "-"), false, {}}, o.without_square}};
    return failed_en_passant(target, std::move(c));
  }
  return std::nullopt;
}

std::string encode_conventions(const Conventions& c) {
  ByteWriter w;
  w.number(c.en_passant_rule ? std::uint64_t(*c.en_passant_rule) : 255);
  w.number(c.fen_rule ? std::uint64_t(*c.fen_rule) : 255);
  w.number(c.move_rule ? std::uint64_t(*c.move_rule) : 255);
  w.number(c.halfmove_dependent);
  w.text(c.halfmove_evidence);
  w.text(c.summary);
  w.number(c.observations.size());
  for (const EnPassantObservation& o : c.observations) {
    w.text(o.label);
    w.text(o.before_fen);
    w.text(o.move);
    w.text(o.after_fen);
    w.number(std::uint64_t(o.refused) | std::uint64_t(o.present_via_fen) << 1 |
             std::uint64_t(o.present_via_move) << 2 | std::uint64_t(o.pseudo_legal) << 3 |
             std::uint64_t(o.legal) << 4 | std::uint64_t(o.fen_observed) << 5 |
             std::uint64_t(o.move_observed) << 6);
    w.number(o.with_square);
    w.number(o.without_square);
    w.number(o.after_move);
  }
  return w.take();
}

std::optional<Conventions> decode_conventions(const std::string& bytes) {
  ByteReader r(bytes);
  Conventions c;
  const std::uint64_t rule = r.number();
  if (rule < Rules.size()) c.en_passant_rule = EnPassantRule(rule);
  if (const std::uint64_t fen = r.number(); fen < Rules.size()) c.fen_rule = EnPassantRule(fen);
  if (const std::uint64_t move = r.number(); move < Rules.size()) c.move_rule = EnPassantRule(move);
  c.halfmove_dependent = r.number() != 0;
  c.halfmove_evidence = r.text();
  c.summary = r.text();
  // Each observation takes at least its four texts' lengths and four numbers.
  c.observations.resize(r.count(8 * sizeof(std::uint64_t)));
  for (EnPassantObservation& o : c.observations) {
    o.label = r.text();
    o.before_fen = r.text();
    o.move = r.text();
    o.after_fen = r.text();
    const std::uint64_t flags = r.number();
    o.refused = flags & 1;
    o.present_via_fen = flags & 2;
    o.present_via_move = flags & 4;
    o.pseudo_legal = flags & 8;
    o.legal = flags & 16;
    o.fen_observed = flags & 32;
    o.move_observed = flags & 64;
    o.with_square = r.number();
    o.without_square = r.number();
    o.after_move = r.number();
  }
  if (!r.ok() || !r.at_end()) return std::nullopt;
  return c;
}

}  // namespace zobrist_verify::properties
