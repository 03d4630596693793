// `zobrist-verify book FILE`: reads a Polyglot opening book, checks its order and walks it from the
// start position, reporting book moves that are illegal where they are stored or not moves at all,
// keys no known start explains (with the reading that does) and the book's en-passant rule.
#include <algorithm>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "args.h"
#include "command_help.h"
#include "inputs.h"
#include "progress_line.h"
#include "report.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/polyglot_book.h"

namespace zobrist_verify::cli {

namespace {

// book's options: the parser's and the help's.
constexpr std::string_view BookUsage[] = {"book FILE [--scheme] [--en-passant] [--json]"};
constexpr OptionRef BookOptionList[] = {option("--scheme"), option("--en-passant"),
                                        option("--json")};
constexpr CommandOptions BookCommand{BookUsage, BookOptionList};

constexpr const char* BookProse =
    R"(Reads a Polyglot opening book (16-byte big-endian entries: key, move, weight, learn) and checks it:
  - the entries are sorted by key (the first one out of order is named);
  - every move decodes (not from == to, no promotion piece 5-7, no promotion bits where no pawn
    can promote, squares some piece moves between), over all entries;
  - the walk: from the start position, every book move stored under the position's key is played
    (castling is encoded king-takes-rook, e1h1), each position whose key is in the book is visited
    once; a book move that is not legal in its position is a finding. Moves can only be judged in
    positions the walk reaches: the keys it never reaches are counted, and are no fault in
    themselves (polyglot make-book drops moves played only in lost games, so their positions
    stay unreached);
  - a known start: the start position's key or one of its 20 children's (a book of Black's moves
    has no start key) must be in the book. When neither is, the book fails and other readings
    are tried to name what its writer did: each built-in scheme, each en-passant rule, the turn
    key on the other side. A book with no position within two plies under any reading (Chess960,
    one late opening) is out of the walk's reach: it passes on order and decoding only, and the
    report says its keys were not judged;
  - the en-passant rule: each child is probed under every rule (always, pseudo-legal, legal);
    where the rules give different keys and the book holds one, the position decides. A book
    whose deciding positions disagree with the expected rule (the scheme's, or --en-passant's)
    fails; with no deciding position the rule is undecided, which passes.
A trailing partial entry is a warning, not an error. The book's keys are read as --scheme's.
)";

constexpr const char* BookTail = R"(
json:
  {"entries", "distinct_keys", "sorted", "trailing_bytes", "start", "start_roots", "keys_judged",
  "diagnosis", "en_passant": {"expected", "fitting", "deciding_positions", "both_held",
  "agreeing": {RULE: N}}, "reached_keys", "unreached_keys", "max_depth", "illegal_moves",
  "undecodable_moves", "first_findings": [{"fen", "move", "why"}]}

Exit status: 0 the book is sorted, every reached move is legal, every move decodes, a known start
is in it (or no reading reaches it) and its en-passant rule is the expected one; 1 it is not; 2 a
usage error or a file that cannot be read as a book (missing, empty, shorter than one entry).
)";

// The first word that is neither an option nor an option's value is the book; the rest are options.
std::optional<std::string> take_book_path(std::span<const std::string> words,
                                          std::span<const OptionSpec> specs,
                                          std::vector<std::string>& options) {
  std::optional<std::string> path;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (looks_like_option(words[i])) {
      options.push_back(words[i]);
      const bool takes_value = std::any_of(specs.begin(), specs.end(), [&](const OptionSpec& s) {
        return s.name == words[i] && s.kind == OptionKind::Value;
      });
      if (takes_value && i + 1 < words.size() && !looks_like_option(words[i + 1]))
        options.push_back(words[++i]);
    } else if (!path) {
      path = words[i];
    } else {
      options.push_back(words[i]);  // parse_args names it as unexpected
    }
  }
  return path;
}

const char* start_words(BookStart start) {
  switch (start) {
    case BookStart::StartPosition:
      return "the start position's key is in the book";
    case BookStart::StartChildren:
      return "not the start position's key, but keys one ply from it (walked from those)";
    case BookStart::TwoPlies:
      return "no key within one ply of the start, but keys two plies from it (walked from those)";
    case BookStart::WrongKeys:
      return "NO: neither the start position's key nor any of its 20 children's";
    case BookStart::OutOfReach:
      return "none: no position within two plies of the start under any reading tried";
  }
  return "?";
}

std::string rule_list(const std::vector<EnPassantRule>& rules) {
  std::string text;
  for (std::size_t i = 0; i < rules.size(); ++i)
    text += std::string(i == 0 ? "" : i + 1 == rules.size() ? " or " : ", ") + to_string(rules[i]);
  return text;
}

// The en-passant line: the rule the book's keys follow and how many positions decide it.
std::string rule_text(const BookReport& r) {
  const EnPassantEvidence& e = r.en_passant;
  const std::string expected = std::string("expected ") + to_string(r.expected_rule);
  if (e.deciding_positions == 0)
    return "undecided (no reached position tells the rules apart; " + expected + ")";
  const std::string counts = std::to_string(e.deciding_positions) + " deciding position" +
                             (e.deciding_positions == 1 ? "" : "s");
  const std::vector<EnPassantRule> rules = e.fitting_rules();
  if (rules.empty()) {
    return "NONE: the " + counts + " disagree (always " + std::to_string(e.agreeing[0]) +
           ", pseudo-legal " + std::to_string(e.agreeing[1]) + ", legal " +
           std::to_string(e.agreeing[2]) + "; " + expected + ")";
  }
  return (r.en_passant.fits(r.expected_rule) ? "" : "WRONG: ") + rule_list(rules) + " (" + counts +
         "; " + expected + ")";
}

void print_walk_text(std::ostream& out, const std::string& scheme_name, const BookReport& r) {
  out << "known start ............ " << start_words(r.start) << '\n';
  if (r.start == BookStart::WrongKeys) {
    out << "diagnosis .............. " << r.diagnosis << '\n'
        << "note: under scheme " << scheme_name << " the walk has nowhere to begin\n";
  } else if (r.start == BookStart::OutOfReach) {
    out << "note: a Chess960 book or one of a single late opening is out of the walk's reach, and "
           "so is a book whose keys no reading tried explains: its keys were NOT judged, only its "
           "order and move encoding\n";
  }
  if (r.keys_judged()) out << "en-passant rule ........ " << rule_text(r) << '\n';
  out << "walk from the known start (moves are judged only in positions it reaches):\n"
      << "keys reached ........... " << r.reached_keys << " of " << r.distinct_keys
      << " distinct keys\n"
      << "keys never reached ..... " << r.unreached_keys << '\n'
      << "illegal book moves ..... " << r.illegal_moves << '\n'
      << "moves that do not decode " << r.undecodable_moves << " (of all entries)\n"
      << "max depth .............. " << r.max_depth << " plies\n";
  if (r.unreached_keys != 0 && r.reached_keys != 0) {
    out << "note: unreached keys are no fault in themselves: polyglot make-book drops moves played "
           "only in lost games, so the positions after them stay unreached\n";
  }
}

void print_text(std::ostream& out, const std::string& path, const std::string& scheme_name,
                const BookReport& r) {
  out << "book " << visible_text(path) << " (scheme " << scheme_name << ")\n"
      << "entries ................ " << r.entries << '\n'
      << "distinct keys .......... " << r.distinct_keys << '\n';
  if (r.sorted) {
    out << "sorted by key .......... yes\n";
  } else {
    out << "sorted by key .......... NO: entry " << r.first_unsorted_entry << " (byte "
        << r.first_unsorted_entry * PolyglotEntrySize << ") has a key below the one before it\n";
  }
  if (r.trailing_bytes != 0) {
    out << "warning: " << r.trailing_bytes << " trailing byte" << (r.trailing_bytes == 1 ? "" : "s")
        << " after the last whole entry (a partial entry, ignored)\n";
  }
  print_walk_text(out, scheme_name, r);
  if (!r.first_findings.empty()) {
    out << "first findings:\n";
    for (const BookFinding& f : r.first_findings) {
      out << "  " << (f.fen.empty() ? "(position never reached)" : f.fen) << "  " << f.move << ": "
          << f.why << '\n';
    }
  }
  out << "book: " << (r.passed() ? "PASS" : "FAIL")
      << (r.passed() && !r.keys_judged() ? " (order and decoding only; keys not judged)" : "")
      << '\n';
}

void print_json(std::ostream& out, const std::string& path, const std::string& scheme_name,
                const BookReport& r) {
  out << "{\"book\": " << json_string(path) << ", \"scheme\": " << json_string(scheme_name)
      << ", \"passed\": " << (r.passed() ? "true" : "false") << ", \"entries\": " << r.entries
      << ", \"distinct_keys\": " << r.distinct_keys
      << ", \"sorted\": " << (r.sorted ? "true" : "false");
  if (!r.sorted) out << ", \"first_unsorted_entry\": " << r.first_unsorted_entry;
  const EnPassantEvidence& e = r.en_passant;
  out << ", \"trailing_bytes\": " << r.trailing_bytes << ", \"start\": \"" << to_string(r.start)
      << "\", \"start_roots\": " << r.start_roots
      << ", \"keys_judged\": " << (r.keys_judged() ? "true" : "false")
      << ", \"diagnosis\": " << json_string(r.diagnosis) << ", \"en_passant\": {\"expected\": \""
      << to_string(r.expected_rule) << "\", \"fitting\": [";
  const std::vector<EnPassantRule> fitting = e.fitting_rules();
  for (std::size_t i = 0; i < fitting.size(); ++i)
    out << (i ? ", " : "") << '"' << to_string(fitting[i]) << '"';
  out << "], \"deciding_positions\": " << e.deciding_positions << ", \"both_held\": " << e.both_held
      << ", \"agreeing\": {\"always\": " << e.agreeing[0] << ", \"pseudo-legal\": " << e.agreeing[1]
      << ", \"legal\": " << e.agreeing[2] << "}}, \"reached_keys\": " << r.reached_keys
      << ", \"unreached_keys\": " << r.unreached_keys << ", \"max_depth\": " << r.max_depth
      << ", \"illegal_moves\": " << r.illegal_moves
      << ", \"undecodable_moves\": " << r.undecodable_moves << ", \"first_findings\": [";
  for (std::size_t i = 0; i < r.first_findings.size(); ++i) {
    const BookFinding& f = r.first_findings[i];
    out << (i ? ", " : "") << "{\"fen\": " << json_string(f.fen)
        << ", \"move\": " << json_string(f.move) << ", \"why\": " << json_string(f.why) << "}";
  }
  out << "]}\n";
}

}  // namespace

int run_book(std::span<const std::string> words) {
  std::vector<std::string> option_words;
  static const std::vector<OptionSpec> specs = option_specs(BookCommand);
  const std::optional<std::string> path = take_book_path(words, specs, option_words);
  auto args = parse_args(option_words, specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(BookCommand, BookProse, BookTail);
    return ExitSuccess;
  }
  if (!path)
    return report_usage_error("book needs a FILE, the Polyglot book to check (see --help)");
  auto scheme = scheme_from_args(*args);
  if (!scheme) return report_usage_error(scheme.error());
  std::optional<EnPassantRule> rule;
  if (auto text = args->value("--en-passant")) {
    auto parsed = parse_en_passant_rule(*text);
    if (!parsed) return report_usage_error("--en-passant: " + parsed.error());
    rule = *parsed;
  }
  auto book = read_polyglot_book(*path);
  if (!book) return report_usage_error(book.error());

  BookReport report;
  {
    ProgressLine progress;
    BookWalkOptions options;
    options.progress = [&](std::size_t positions, int depth) {
      if (progress.due())
        progress.show("book: walking, " + std::to_string(positions) + " positions, depth " +
                      std::to_string(depth));
    };
    options.en_passant = rule;
    report = check_polyglot_book(*book, *scheme, options);
  }
  const std::string scheme_name = args->value("--scheme").value_or(std::string(DefaultSchemeName));
  if (args->has("--json"))
    print_json(std::cout, *path, scheme_name, report);
  else
    print_text(std::cout, *path, scheme_name, report);
  return report.passed() ? ExitSuccess : ExitCheckFailed;
}

}  // namespace zobrist_verify::cli
