// fuzz_engine_reply: any bytes as an engine's reply, line by line, through every reader the doors
// apply to one without a process: the default key and FEN patterns (KeyPattern::key_text) and
// the hex key reader behind them, the error-line test (reports_error), the shown-position
// comparison (shown_position_difference), the divide reader (parse_divide_line,
// check_divide_total, compare_divides against the reference's divide of the start position), keys
// as engines print them (parse_key in both bases, decide_key_base, a KeyReader on a decimal
// pattern), the perft reply reader (PerftReplyReader) in its three forms: a divide, a total
// alone (Ethereal 12's "400") and one total per depth (Sjaak II's " 2  400 ..."), the reply
// reader of both dialects (KeyReply, fenced at a "readyok" or a "pong N"), and the xboard
// protocol's text: the feature lines of its handshake (XboardHandshake, parse_feature_list), the
// pong reader and the error-line test; and the UCI handshake's text (read_uci_handshake: the
// engine's name and options); a divide read through a named pattern (PyChess's long algebraic,
// SAN, UCI: divide_move_in_uci and divide_in_uci) and a key line with named pawn and material
// groups (Glaurung 2.2's). The reading of the handshake from a running engine (UciEngine::start)
// is not reached.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/doors/divide_comparison.h"
#include "zobrist_verify/doors/divide_notation.h"
#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/engine_perft.h"
#include "zobrist_verify/doors/key_pattern.h"
#include "zobrist_verify/doors/key_reply.h"
#include "zobrist_verify/doors/reply_checks.h"
#include "zobrist_verify/doors/uci_engine.h"
#include "zobrist_verify/doors/xboard_protocol.h"

namespace {

using namespace zobrist_verify;

const KeyPattern& pattern(const char* text) {
  static const KeyPattern key = *compile_key_pattern(DefaultKeyPattern);
  static const KeyPattern fen = *compile_fen_pattern(DefaultFenPattern);
  return text == DefaultKeyPattern ? key : fen;
}

const DivideCounts& start_divide() {
  static const DivideCounts divide = [] {
    Position pos;
    StateInfo state;
    (void)pos.set(StartFen, state, polyglot_scheme(), {}, nullptr);
    return reference_divide(pos, 2, false);
  }();
  return divide;
}

// Keys as engines print them: a key read in either base writes back as the same key, a negative
// one as its two's complement, and the base decided from a text is one that reads it.
void check_key_text(std::string_view text, const std::function<void(const std::string&)>& fail) {
  for (KeyBase base : {KeyBase::Decimal, KeyBase::Hexadecimal}) {
    Expected<Key> key = parse_key(text, base);
    if (!key) continue;
    const std::string written = base == KeyBase::Decimal ? std::to_string(*key) : hex_key(*key);
    const Expected<Key> again = parse_key(written, base);
    if (!again || *again != *key) fail("the key " + written + " does not read back");
    if (*key != 0) {
      const std::string negative =
          "-" + (base == KeyBase::Decimal ? std::to_string(~*key + 1) : hex_key(~*key + 1));
      const Expected<Key> negated = parse_key(negative, base);
      if ((~*key + 1) <= (Key(1) << 63) && (!negated || *negated != *key))
        fail("the two's complement " + negative + " does not read as " + hex_key(*key));
    }
  }
  if (Expected<KeyBaseDecision> decided = decide_key_base(text)) {
    const bool letters = text.find_first_of("abcdefABCDEFxX") != std::string_view::npos;
    if (decided->base == KeyBase::Decimal && letters) fail("a key with letters decided decimal");
    if (!parse_key(text, decided->base) &&
        parse_key(text, decided->base).error().find("outside 64 bits") == std::string::npos)
      fail("the base decided does not read the key: " + parse_key(text, decided->base).error());
  }
}

// The start position, or Chess960's position 0 (BBQNNRKR).
const Position& start_position(bool chess960) {
  static StateInfo states[2];
  static Position positions[2];
  static const bool ready = [] {
    (void)positions[0].set(StartFen, states[0], polyglot_scheme(), {}, nullptr);
    (void)positions[1].set("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", states[1],
                           polyglot_scheme(), FenOptions{.chess960 = true}, nullptr);
    return true;
  }();
  (void)ready;
  return positions[chess960 ? 1 : 0];
}

// A move of a divide as printed, read into UCI at the start position (and at a Chess960 start,
// king takes rook): a move read is four or five characters of squares and a promotion, and reads
// back as itself; one quoted as printed (a SAN move no legal move fits) keeps the printed text.
void check_divide_move(std::string_view printed,
                       const std::function<void(const std::string&)>& fail) {
  for (const bool chess960 : {false, true}) {
    const Position& pos = start_position(chess960);
    const Expected<std::string> uci = divide_move_in_uci(pos, printed, chess960);
    if (!uci) continue;
    if (uci->starts_with("'")) {
      if (*uci != "'" + std::string(printed) + "'") fail("a move quoted otherwise than printed");
      continue;
    }
    const auto square = [](std::string_view t) {
      return t.size() == 2 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8';
    };
    if ((uci->size() != 4 && uci->size() != 5) || !square(uci->substr(0, 2)) ||
        !square(uci->substr(2, 2)) ||
        (uci->size() == 5 && std::string_view("nbrq").find((*uci)[4]) == std::string_view::npos))
      fail("the move " + zv_fuzz::quoted(printed) + " read as " + zv_fuzz::quoted(*uci) +
           ", not a move in UCI");
    const Expected<std::string> again = divide_move_in_uci(pos, *uci, chess960);
    if (!again || *again != *uci) fail("the move read as " + *uci + " does not read back");
  }
}

// A divide read through a named pattern: each move is read into UCI as the door does, the counts
// kept (a move printed twice adds up), and a divide in UCI compares with the reference's.
void check_divide_in_uci(const DivideCounts& printed,
                         const std::function<void(const std::string&)>& fail) {
  for (const auto& entry : printed.moves) check_divide_move(entry.first, fail);
  const Expected<DivideCounts> uci = divide_in_uci("startpos", "", false, printed);
  if (!uci) return;
  if (uci->nodes != printed.nodes) fail("the total changed when the moves were read");
  if (uci->moves.size() > printed.moves.size()) fail("more moves read than printed");
}

// Glaurung 2.2's key line through a pattern that names three groups: the keys read write back
// into the same line shape and read again as the same keys.
void check_named_keys(std::string_view line, KeyReader& keys,
                      const std::function<void(const std::string&)>& fail) {
  const std::optional<KeyTexts> texts = keys.pattern().key_texts(line);
  if (!texts) return;
  for (std::string_view text : {texts->key, texts->pawn, texts->material})
    if (!text.empty() &&
        (text.data() < line.data() || text.data() + text.size() > line.data() + line.size()))
      fail("a captured key is not a part of the line");
  const Expected<PrintedKeys> read = keys.read_keys(*texts);
  if (!read || !keys.base() || *keys.base() != KeyBase::Decimal) return;
  if (!read->pawn || !read->material) fail("a line of three keys read without all three");
  const std::string again = "key: " + std::to_string(read->key) +
                            " material key: " + std::to_string(read->material.value_or(0)) +
                            " pawn key: " + std::to_string(read->pawn.value_or(0));
  const std::optional<KeyTexts> texts_again = keys.pattern().key_texts(again);
  const Expected<PrintedKeys> reread =
      texts_again ? keys.read_keys(*texts_again) : Expected<PrintedKeys>(Error{"no match"});
  if (!reread || reread->key != read->key || reread->pawn != read->pawn ||
      reread->material != read->material)
    fail("the keys of a Glaurung line do not read back from " + again);
}

// The reply through a perft reply reader: it stops at most once, a total it reads is the number
// on the line that ended it (a total alone), a search is a search's line.
void check_perft_reply(std::string_view reply, const PerftPatterns& patterns, int depth,
                       const std::function<void(const std::string&)>& fail) {
  PerftReplyReader reader(*patterns.at(depth));
  std::string_view rest = reply;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    const PerftReplyReader::Step step = reader.take(line);
    if (step == PerftReplyReader::Step::Search && !is_search_line(line))
      fail("a search seen in a line that is none");
    if (step == PerftReplyReader::Step::Bad && reader.why().empty()) fail("bad, with no why");
    if (step == PerftReplyReader::Step::Done && patterns.dialogue().total_pattern == "^([0-9]+)$") {
      std::uint64_t number = 0;
      const auto [end_of_number, error] =
          std::from_chars(line.data(), line.data() + line.size(), number);
      if (error != std::errc() || end_of_number != line.data() + line.size() ||
          number != reader.total())
        fail("the total " + std::to_string(reader.total()) + " is not the line's number");
    }
    if (step == PerftReplyReader::Step::Done && !patterns.dialogue().divide_pattern.empty())
      check_divide_in_uci(reader.divide(), fail);
    if (step != PerftReplyReader::Step::More) return;
  }
}

const PerftPatterns& perft_patterns(int which) {
  static const PerftPatterns divide = *PerftPatterns::compile({}, 2);
  static const PerftPatterns total =
      *PerftPatterns::compile({"perft {depth}", "^([0-9]+)$", ""}, 2);
  static const PerftPatterns per_depth =
      *PerftPatterns::compile({"perft {depth}", "^ *{depth} +([0-9]+) ", ""}, 2);
  // PyChess's `perft D 1`: "  Ng1-f3    20    20" through --perft-divide-pattern.
  static const PerftPatterns named_divide = *PerftPatterns::compile(
      {"perft {depth} 1", "", "", "^ *(?P<move>[^ ]+) +(?P<count>[0-9]+) +[0-9]+$"}, 2);
  return which == 0 ? divide : which == 1 ? total : which == 2 ? per_depth : named_divide;
}

// The xboard protocol's text on one line: a feature line is answered once per feature, with
// "accepted" or "rejected"; a feature list written back reads back the same; a pong number
// written back reads back; every error line of reports_error is one of xboard's too.
template <class Fail>
void check_xboard_line(std::string_view line, XboardHandshake& handshake, const Fail& fail) {
  std::string_view rest = line;
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!rest.empty() && blank(rest.front())) rest.remove_prefix(1);
  const bool feature_line = rest.starts_with("feature") && (rest.size() == 7 || blank(rest[7]));
  const bool was_done = handshake.done();
  const bool taken = bool(handshake.take_line(line));
  const std::vector<std::string> replies = handshake.take_replies();
  if (!feature_line && (!replies.empty() || handshake.done() != was_done))
    fail("a line that is not a feature line changed the handshake");
  if (feature_line && taken) {
    const Expected<std::vector<XboardFeature>> features = parse_feature_list(rest.substr(7));
    if (!features) fail("take_line took a feature line that parse_feature_list rejects");
    if (features->size() != replies.size()) fail("not one reply per feature");
    std::string written;
    for (std::size_t i = 0; i < replies.size(); ++i) {
      const XboardFeature& f = (*features)[i];
      if (replies[i] != "accepted " + f.name && replies[i] != "rejected " + f.name)
        fail("the reply '" + replies[i] + "' does not answer feature " + f.name);
      written += f.name + "=\"" + f.value + "\" ";
    }
    // A value read from quotes holds none; one read bare may, and then cannot be quoted back.
    const Expected<std::vector<XboardFeature>> again = parse_feature_list(written);
    const bool quotable = std::none_of(features->begin(), features->end(), [](const auto& f) {
      return f.value.find('"') != std::string::npos;
    });
    if (quotable && (!again || again->size() != features->size()))
      fail("the features written back as " + written + " do not read back");
    for (std::size_t i = 0; quotable && again && i < again->size(); ++i)
      if ((*again)[i].name != (*features)[i].name || (*again)[i].value != (*features)[i].value)
        fail("feature " + (*features)[i].name + " does not read back from " + written);
  }
  if (handshake.done() && handshake.waits_longer()) fail("done=1 and still waiting for it");
  if (const std::optional<std::uint64_t> pong = pong_number(line);
      pong && *pong != UINT64_MAX && pong_number("pong " + std::to_string(*pong)) != pong)
    fail("pong " + std::to_string(*pong) + " does not read back");
  if (reports_error(line) && !xboard_reports_error(line))
    fail("an error line of reports_error is not one of xboard's");
}

using Fail = std::function<void(const std::string&)>;

// Error lines: the test ignores case.
void check_error_case(std::string_view line, const Fail& fail) {
  std::string upper(line);
  for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
  if (reports_error(line) != reports_error(upper) && upper.find("INFO") == std::string::npos)
    fail("reports_error depends on the case of the line");
}

// The reply reader of both dialects, fed the lines until a fence ends the reply: what it says
// agrees with the lines it was fed.
struct ReplyFeed {
  KeyReader hex_keys{pattern(DefaultKeyPattern), KeyBase::Hexadecimal};
  KeyReply key_reply{hex_keys, pattern(DefaultFenPattern), "fuzz", "'d'"};
  bool open = true, keys_seen = false;

  void take(std::string_view line, const Fail& fail) {
    if (!open) return;
    const std::optional<std::uint64_t> pong = pong_number(line);
    if (!pong && line != "readyok") {
      if (key_reply.take(std::string(line), xboard_reports_error(line)))
        open = false;  // out of step: the dialect stops the engine here
      return;
    }
    open = false;
    const std::string fence(line);
    KeyReply::Outcome outcome = key_reply.finish("", false, keys_seen, fence, pong.has_value());
    if (outcome.key && !keys_seen) fail("a key read without keys_seen set");
    if (!outcome.key && outcome.key.error_kind() == ErrorKind::Refused && outcome.stop_engine)
      fail("a refusal stops the engine");
    if (!outcome.key && outcome.key.error_kind() != ErrorKind::Refused && !outcome.stop_engine)
      fail("a fault leaves the engine running");
  }
};

// The key line: what the group captures is part of the line, and a key read from it writes back
// as the same key. Then keys as engines print them, in either base, through a KeyReader on a
// decimal pattern (Glaurung 2.2's key line) that decides its base.
void check_key_lines(std::string_view line, KeyReader& keys, const KeyPattern& decimal_line,
                     const Fail& fail) {
  if (std::optional<std::string> text = pattern(DefaultKeyPattern).key_text(line)) {
    if (line.find(*text) == std::string_view::npos) fail("the captured key is not in the line");
    if (Expected<Key> key = parse_hex_key(*text)) {
      const std::optional<std::string> again =
          pattern(DefaultKeyPattern).key_text("Key: " + hex_key(*key));
      const Expected<Key> reread = again ? parse_hex_key(*again) : Expected<Key>(Error{"no match"});
      if (!reread || *reread != *key)
        fail("the key " + hex_key(*key) + " does not read back from its own key line");
    }
  }
  if (std::optional<std::string> text = decimal_line.key_text(line)) {
    check_key_text(*text, fail);
    if (Expected<Key> key = keys.read(*text); key && keys.base()) {
      const Expected<Key> direct = parse_key(*text, *keys.base());
      if (!direct || *direct != *key) fail("the key reader and parse_key disagree");
    }
  }
}

// The shown position: one the reference reads must equal its own normal form.
void check_shown_fen(std::string_view line, const Fail& fail) {
  const std::optional<std::string> shown = pattern(DefaultFenPattern).key_text(line);
  if (!shown) return;
  if (line.find(*shown) == std::string_view::npos) fail("the captured FEN is not in the line");
  (void)shown_position_difference(*shown, StartFen, false);
  FenOptions options;
  options.allow_unreachable = true;
  Position pos;
  StateInfo state;
  if (shown->size() <= 256 && pos.set(*shown, state, polyglot_scheme(), options, nullptr)) {
    const std::string normal = pos.fen();
    if (auto difference = shown_position_difference(*shown, normal, pos.is_chess960()))
      fail("the shown FEN differs from its own normal form " + normal + ": " + *difference);
  }
}

// The reply's divide as it is read line by line: a line read back from its own writing gives
// the same line.
struct DivideFeed {
  DivideCounts divide;
  bool ok = true, total_seen = false;

  void take(std::string_view line, const Fail& fail) {
    Expected<DivideLine> read = parse_divide_line(line);
    if (!read) {
      ok = false;
      return;
    }
    if (read->kind == DivideLine::Kind::Move) {
      Expected<DivideLine> again =
          parse_divide_line(read->move + ": " + std::to_string(read->count));
      if (!again || again->kind != DivideLine::Kind::Move || again->move != read->move ||
          again->count != read->count)
        fail("the divide line '" + read->move + ": " + std::to_string(read->count) +
             "' does not read back");
      divide.moves.emplace_back(read->move, read->count);
    } else if (read->kind == DivideLine::Kind::Total) {
      divide.nodes = read->count;
      total_seen = true;
    }
  }
};

// The whole reply as the lines of a UCI handshake: the name is made visible, and every option
// name is a trimmed, non-empty piece of an "option name" line.
void check_uci_handshake(std::string_view reply, const Fail& fail) {
  std::vector<std::string> lines;
  for (std::string_view left = reply; !left.empty();) {
    const std::size_t end = left.find('\n');
    lines.emplace_back(left.substr(0, end));
    left = end == std::string_view::npos ? std::string_view{} : left.substr(end + 1);
  }
  const UciHandshake handshake_read = read_uci_handshake(lines);
  if (std::any_of(handshake_read.name.begin(), handshake_read.name.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 || byte == 0x7f;
      }))
    fail("the engine's name " + zv_fuzz::quoted(handshake_read.name) + " keeps a control byte");
  if (handshake_read.option_names.size() > lines.size()) fail("more options than lines");
  for (const std::string& option : handshake_read.option_names) {
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    if (option.empty() || blank(option.front()) || blank(option.back()))
      fail("the option name " + zv_fuzz::quoted(option) + " is empty or not trimmed");
    if (reply.find(option) == std::string_view::npos)
      fail("the option name " + zv_fuzz::quoted(option) + " is not in the reply");
  }
}

// A whole divide read from the reply: the total check adds the counts without losing any, and
// the comparison with the reference's divide names the right moves.
void check_divide(const DivideCounts& divide, const Fail& fail) {
  // It passes exactly when the true sum (no wrap-around) is the printed total.
  std::uint64_t sum = 0;
  bool wrapped = false;
  for (const auto& entry : divide.moves) wrapped |= __builtin_add_overflow(sum, entry.second, &sum);
  const bool adds_up = !wrapped && sum == divide.nodes;
  if (bool(check_divide_total(divide)) != adds_up)
    fail(std::string("check_divide_total says the total ") +
         (adds_up ? "does not add up" : "adds up") + "; the exact sum says otherwise");

  // Every move it lists as missing is the reference's alone, every extra one the reply's alone;
  // comparing a divide with itself finds only its duplicates.
  const DivideDifference difference = compare_divides(start_divide(), divide);
  auto lists = [](const DivideCounts& d, const std::string& move) {
    return std::any_of(d.moves.begin(), d.moves.end(),
                       [&](const auto& entry) { return entry.first == move; });
  };
  for (const std::string& move : difference.missing)
    if (!lists(start_divide(), move) || lists(divide, move)) fail("missing " + move + " is wrong");
  for (const std::string& move : difference.extra)
    if (lists(start_divide(), move) || !lists(divide, move)) fail("extra " + move + " is wrong");
  const DivideDifference self = compare_divides(divide, divide);
  if (!self.missing.empty() || !self.extra.empty() || !self.counts.empty())
    fail("a divide compared with itself differs: " + describe(self));
  if (describe(difference).empty()) fail("an empty description");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  constexpr std::string_view Harness = "fuzz_engine_reply";
  // A `d` reply is about 1 KiB (the board, Fen, Key, Checkers lines), a divide 20-40 lines.
  constexpr std::size_t MaxInput = 4096;
  if (size > MaxInput) return 0;  // capped: see above

  const std::string_view reply(reinterpret_cast<const char*>(data), size);
  std::string_view line;
  const Fail fail = [&](const std::string& what) {
    zv_fuzz::fail(Harness, what,
                  "line: " + zv_fuzz::quoted(line) + "\nreply: " + zv_fuzz::quoted(reply));
  };
  for (int which = 0; which < 4; ++which) check_perft_reply(reply, perft_patterns(which), 2, fail);
  static const KeyPattern decimal_line = *compile_key_pattern("^(-?[0-9a-fA-Fx]+)$");
  KeyReader keys(decimal_line, std::nullopt);
  static const KeyPattern glaurung_line = *KeyPattern::compile_keys(
      "^key: (?P<key>-?[0-9]+) material key: (?P<material>-?[0-9]+) pawn key: (?P<pawn>-?[0-9]+)");
  KeyReader glaurung(glaurung_line, std::nullopt);
  XboardHandshake handshake;
  ReplyFeed reply_feed;
  DivideFeed divide_feed;
  std::string_view rest = reply;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    check_error_case(line, fail);
    check_xboard_line(line, handshake, fail);
    reply_feed.take(line, fail);
    check_key_lines(line, keys, decimal_line, fail);
    check_named_keys(line, glaurung, fail);
    check_shown_fen(line, fail);
    divide_feed.take(line, fail);
  }
  line = {};
  check_uci_handshake(reply, fail);
  if (divide_feed.ok && divide_feed.total_seen) check_divide(divide_feed.divide, fail);
  return 0;
}
