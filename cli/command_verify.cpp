#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>

#include "args.h"
#include "command_help.h"
#include "inputs.h"
#include "key_vectors.h"
#include "perft_suite.h"
#include "report.h"
#include "version.h"
#include "zobrist_verify/chess/bitboard.h"
#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify::cli {

namespace {

// The default node budget keeps a Release run of `verify` well under a minute: about 15 s with
// bulk counting on the project's 2-core machine (PEXT build), 2.4e9 nodes in all.
constexpr std::uint64_t DefaultMaxNodes = 10'000'000;
// Past this many failing rows a section only counts the rest, so a broken core stays readable.
constexpr std::size_t MaxFailureRows = 20;

// verify's options: the parser's and the help's.
constexpr std::string_view VerifyUsage[] = {
    "verify [--corpus] [--max-nodes] [--full] [--allow-unreachable] [--json]"};
constexpr OptionRef VerifyOptionList[] = {option("--corpus"), option("--max-nodes"),
                                          option("--full"), option("--allow-unreachable"),
                                          option("--json")};
constexpr CommandOptions VerifyCommand{VerifyUsage, VerifyOptionList};

constexpr const char* VerifyProse =
    R"(Checks the library against the reference corpus and prints one line per check
("name ....... PASS  detail"), a FAIL line per failing vector or perft count, and a summary.
Exits 0 if every check passes, 1 if one fails, 2 if a corpus file cannot be read.

  keys      DIR/keys/polyglot-vectors.tsv under the polyglot scheme (key) and
            DIR/keys/stockfish-15.1-keys.tsv under the stockfish scheme (printed key)
  perft     DIR/perft/standard.epd, fischer.epd (as Chess960) and tricky.perft (as Chess960),
            every depth whose expected count is at most --max-nodes; read with
            --allow-unreachable always, as the suites hold positions no legal game reaches
  sliders   the sliding-attack method this build uses
)";

constexpr const char* VerifyTail = R"(
json:
  {"passed": bool, "sections": [{"name", "passed", "detail"}]}
)";

struct VerifySettings {
  std::string corpus = "corpus";
  std::uint64_t max_nodes = DefaultMaxNodes;
  bool full = false;
  bool allow_unreachable = false;  // in the key-vector files
};

// A section reads what it needs and returns its rows; an error means a file could not be read.
using Section = std::function<Expected<Report>(const VerifySettings&)>;

std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

// Adds one FAIL row per failure up to MaxFailureRows; returns the " (first N shown)" note.
template <class Failures, class Describe>
std::string add_failure_rows(Report& report, const Failures& failures, Describe describe_row) {
  std::size_t shown = std::min(failures.size(), MaxFailureRows);
  for (std::size_t i = 0; i < shown; ++i) {
    auto [name, detail] = describe_row(failures[i]);
    report.add(std::move(name), false, std::move(detail));
  }
  return shown < failures.size() ? " (first " + std::to_string(shown) + " shown)" : "";
}

Section key_vector_section(std::string file, std::string scheme_name, KeyKind kind) {
  return [=](const VerifySettings& settings) -> Expected<Report> {
    auto text = read_input(settings.corpus + "/keys/" + file, KeyVectorsLimit, "key vectors");
    if (!text) return Error{text.error()};
    auto scheme = scheme_from_name(scheme_name);
    if (!scheme) return Error{scheme.error()};
    const FenOptions options{.allow_unreachable = settings.allow_unreachable};
    VectorRun run = check_key_vectors(*text, *scheme, kind, options);

    Report rows;
    std::string name = "keys " + file;
    std::string what = kind == KeyKind::PrintedKey ? "printed keys" : "keys";
    int matched = run.rows - int(run.failures.size());
    bool passed = run.failures.empty() && run.rows > 0;
    Report failures;
    std::string note = add_failure_rows(failures, run.failures, [&](const VectorFailure& f) {
      return std::pair{name + " line " + std::to_string(f.line),
                       "fen '" + visible_text(f.fen) + "'" +
                           (f.moves.empty() ? "" : " moves '" + visible_text(f.moves) + "'") +
                           ": " + f.problem};
    });
    rows.add(name, passed,
             std::to_string(matched) + " of " + std::to_string(run.rows) + " " + what + " match (" +
                 scheme_name + " scheme)" + note);
    rows.append(failures);
    return rows;
  };
}

Section perft_section(std::string file, bool chess960) {
  return [=](const VerifySettings& settings) -> Expected<Report> {
    std::string path = settings.corpus + "/perft/" + file;
    auto text = read_input(path, PerftSuiteLimit, "a perft suite");
    if (!text) return Error{text.error()};
    SuiteLimits limits;
    limits.max_nodes = settings.max_nodes;
    limits.full = settings.full;
    limits.chess960 = chess960;

    Report rows;
    std::string name = "perft " + file;
    auto run = run_perft_suite(*text, limits);
    if (!run) {
      rows.add(name, false, "cannot read the suite: " + run.error());
      return rows;
    }
    Report failures;
    std::string note = add_failure_rows(failures, run->invalid_fens, [&](const std::string& why) {
      return std::pair{name, why};
    });
    note += add_failure_rows(failures, run->mismatches, [&](const SuiteMismatch& m) {
      return std::pair{
          name + " line " + std::to_string(m.line) + " depth " + std::to_string(m.depth),
          describe_counts(m)};
    });
    // A suite that ran nothing proves nothing: an empty file or a budget below every count.
    bool passed = failures.rows().empty() && run->depths > 0;
    rows.add(name, passed,
             std::to_string(run->positions) + " of " + std::to_string(run->suite_positions) +
                 " positions, " + std::to_string(run->depths) + " depths, " +
                 std::to_string(run->nodes) + " nodes, " + std::to_string(run->mismatches.size()) +
                 " mismatches, " + format_seconds(run->seconds) +
                 (settings.full ? " (make/unmake leaves)" : "") + note);
    rows.append(failures);
    return rows;
  };
}

Expected<Report> slider_section(const VerifySettings&) {
  std::string method = slider_attack_method();
  Report rows;
  rows.add("sliding attacks", method == "pext" || method == "magic", method);
  return rows;
}

// The report's sections in order; a new section is one more entry here.
std::vector<Section> verify_sections() {
  return {
      key_vector_section("polyglot-vectors.tsv", "polyglot", KeyKind::Key),
      key_vector_section("stockfish-15.1-keys.tsv", "stockfish", KeyKind::PrintedKey),
      perft_section("standard.epd", /*chess960=*/false),
      perft_section("fischer.epd", /*chess960=*/true),
      perft_section("tricky.perft", /*chess960=*/true),
      slider_section,
  };
}

}  // namespace

int run_verify(std::span<const std::string> words) {
  static const std::vector<OptionSpec> specs = option_specs(VerifyCommand);
  auto args = parse_args(words, specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(VerifyCommand, VerifyProse, VerifyTail);
    return ExitSuccess;
  }
  VerifySettings settings;
  if (auto corpus = args->value("--corpus")) settings.corpus = *corpus;
  if (auto text = args->value("--max-nodes")) {
    auto nodes = parse_count(*text, "--max-nodes");
    if (!nodes) return report_usage_error(nodes.error());
    settings.max_nodes = *nodes;
  }
  settings.full = args->has("--full");
  settings.allow_unreachable = args->has("--allow-unreachable");

  Report report;
  for (const Section& section : verify_sections()) {
    auto rows = section(settings);
    if (!rows) return report_usage_error(rows.error() + " (is --corpus the corpus directory?)");
    report.append(*rows);
  }

  if (args->has("--json")) {
    report.print_json(std::cout);
  } else {
    std::cout << "zobrist-verify " << Version << ", sliding attacks: " << slider_attack_method()
              << ", corpus: " << settings.corpus << ", max nodes: " << settings.max_nodes << '\n';
    report.print_text(std::cout);
  }
  return report.passed() ? ExitSuccess : ExitCheckFailed;
}

}  // namespace zobrist_verify::cli
