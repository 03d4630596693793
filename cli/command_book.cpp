// `zobrist-verify book FILE`: reads a Polyglot opening book, checks its order and walks it from the
// start position, reporting book moves that are illegal where they are stored or not moves at all.
#include <array>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "help_text.h"
#include "inputs.h"
#include "progress_line.h"
#include "report.h"
#include "zobrist_verify/doors/polyglot_book.h"

namespace zobrist_verify::cli {

namespace {

constexpr const char* BookUsage = R"(usage: zobrist-verify book FILE [--scheme NAME] [--json]

Reads a Polyglot opening book (16-byte big-endian entries: key, move, weight, learn) and checks it:
  - the entries are sorted by key (the first one out of order is named);
  - every move decodes (not from == to, no promotion piece 5-7, no promotion bits where no pawn
    can promote, squares some piece moves between), over all entries;
  - the walk: from the start position, every book move stored under the position's key is played
    (castling is encoded king-takes-rook, e1h1), each position whose key is in the book is visited
    once; a book move that is not legal in its position is a finding. Moves can only be judged in
    positions the walk reaches: the keys it never reaches are counted.
A trailing partial entry is a warning, not an error.

options:
)";

// The options after --scheme, whose entry lists the schemes from their tables (scheme_choices).
constexpr const char* BookUsageAfterScheme =
    R"(  --json          print {"entries", "distinct_keys", "sorted", "trailing_bytes", "reached_keys",
                  "unreached_keys", "max_depth", "illegal_moves", "undecodable_moves",
                  "first_findings": [{"fen", "move", "why"}]} instead of text
  --help          print this help

Exit status: 0 the book is sorted and every reached move is legal and every move decodes, 1 it is
not, 2 a usage error or a file that cannot be read as a book (missing, empty, shorter than one entry).
)";

constexpr std::array<OptionSpec, 2> BookOptions{{
    {"--scheme", OptionKind::Value},
    {"--json", OptionKind::Flag},
}};

// The first word that is neither an option nor an option's value is the book; the rest are options.
std::optional<std::string> take_book_path(std::span<const std::string> words,
                                          std::vector<std::string>& options) {
  std::optional<std::string> path;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (looks_like_option(words[i])) {
      options.push_back(words[i]);
      const bool takes_value = words[i] == "--scheme";
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

void print_text(std::ostream& out, const std::string& path, const std::string& scheme_name,
                const BookReport& r) {
  out << "book " << path << " (scheme " << scheme_name << ")\n"
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
  out << "walk from the start position (moves are judged only in positions it reaches):\n"
      << "keys reached ........... " << r.reached_keys << '\n'
      << "keys never reached ..... " << r.unreached_keys << '\n'
      << "illegal book moves ..... " << r.illegal_moves << '\n'
      << "moves that do not decode " << r.undecodable_moves << " (of all entries)\n"
      << "max depth .............. " << r.max_depth << " plies\n";
  if (r.reached_keys == 0) {
    out << "note: the start position's key is not in the book under scheme " << scheme_name
        << ", so nothing was walked\n";
  }
  if (!r.first_findings.empty()) {
    out << "first findings:\n";
    for (const BookFinding& f : r.first_findings) {
      out << "  " << (f.fen.empty() ? "(position never reached)" : f.fen) << "  " << f.move << ": "
          << f.why << '\n';
    }
  }
  out << "book: " << (r.passed() ? "PASS" : "FAIL") << '\n';
}

void print_json(std::ostream& out, const std::string& path, const std::string& scheme_name,
                const BookReport& r) {
  out << "{\"book\": " << json_string(path) << ", \"scheme\": " << json_string(scheme_name)
      << ", \"passed\": " << (r.passed() ? "true" : "false") << ", \"entries\": " << r.entries
      << ", \"distinct_keys\": " << r.distinct_keys
      << ", \"sorted\": " << (r.sorted ? "true" : "false");
  if (!r.sorted) out << ", \"first_unsorted_entry\": " << r.first_unsorted_entry;
  out << ", \"trailing_bytes\": " << r.trailing_bytes << ", \"reached_keys\": " << r.reached_keys
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
  const std::optional<std::string> path = take_book_path(words, option_words);
  auto args = parse_args(option_words, BookOptions);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << BookUsage
              << help_entry("  --scheme NAME", 18,
                            "the key scheme the book's keys are compared with: " +
                                scheme_choices(DefaultSchemeName),
                            100)
              << BookUsageAfterScheme;
    return ExitSuccess;
  }
  if (!path)
    return report_usage_error("book needs a FILE, the Polyglot book to check (see --help)");
  auto scheme = scheme_from_args(*args);
  if (!scheme) return report_usage_error(scheme.error());
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
