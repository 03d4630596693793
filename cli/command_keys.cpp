// zobrist-verify keys: the key-set analyser on a scheme's table or a bare key list.
#include <cstdio>
#include <iostream>
#include <new>

#include "args.h"
#include "command_help.h"
#include "inputs.h"
#include "key_sets.h"
#include "progress_line.h"
#include "report.h"
#include "suite_options.h"
#include "zobrist_verify/analysis/key_analysis.h"
#include "zobrist_verify/go/go_hash.h"

namespace zobrist_verify::cli {

namespace {

// keys' options: the parser's and the help's.
constexpr std::string_view KeysUsage[] = {
    "keys [--scheme | --key-list] [--search-budget] [--jobs] [--json] [--junit]"};
constexpr OptionRef KeysOptionList[] = {option("--scheme"),        option("--key-list"),
                                        option("--search-budget"), option("--jobs"),
                                        option("--json"),          option("--junit")};
constexpr CommandOptions KeysCommand{KeysUsage, KeysOptionList};

constexpr const char* KeysProse =
    R"(Analyses a table of Zobrist keys on its own: the bias of each bit, the minimum pairwise Hamming
distance, the rank over GF(2) and the smallest subset of keys that XORs to zero (positions that
differ by such a subset collide whatever the rest of the board). A scheme is reduced to the keys
positions combine first (the report says how); a key list is analysed as given. Indices are
0-based in the analysed order. Flags and thresholds: docs/statistics.md. Besides the chess
schemes, --scheme go:N names the table of Huima's Go hash for an N x N board (odd N, 5 to 25,
default key seed; docs/go-hash.md), its keys named "black K4", whose xor mode has dependencies of
four keys by design.

The exact search for three keys that XOR to zero examines pairs of keys, each against every later
key, and stops after --search-budget pairs: a set of more than 46,341 keys is then searched in
part, the dependency row says WARN and how far the search went, and sizes 4 to 8 are not
searched. On a terminal, a progress line on stderr shows how far it is. With --jobs N the
Hamming distances and the dependency searches run side by side. --junit writes the four checks.
)";

constexpr const char* KeysTail = R"(
json:
  {"keys", "rank", "min_hamming", "max_bit_bias", "smallest_dependency": {"size", "indices",
  "names", "cut"} | null, "search", "triple_search": {"pairs_examined", "pairs",
  "triples_covered", "cut"}, "passed", ...}

exit status: 0 every check passed (a search cut by its budget warns but does not fail), 1 a flag
was raised, 2 usage error or unreadable input
)";

constexpr std::size_t MaxKeyListKeys = 200'000;

std::string flag_details(const KeyAnalysis& analysis,
                         std::initializer_list<std::string_view> names) {
  std::string details;
  for (const KeyFlag& flag : analysis.flags)
    for (std::string_view name : names)
      if (flag.name == name) details += (details.empty() ? "" : "; ") + flag.detail;
  return details;
}

std::string decimal(double value, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

Report build_report(const NamedKeySet& set, const KeyAnalysis& analysis) {
  Report report;
  const int full_rank = int(std::min<std::size_t>(analysis.keys, 64));
  std::string rank = flag_details(analysis, {"rank"});
  report.add(
      "rank", rank.empty(),
      rank.empty() ? std::to_string(analysis.rank) + " of " + std::to_string(full_rank) : rank);
  std::string bits = flag_details(analysis, {"constant-bit", "bit-bias"});
  report.add("bit balance", bits.empty(),
             bits.empty() ? "max bias " + decimal(analysis.max_bit_bias, 4) + " at bit " +
                                std::to_string(analysis.max_bias_bit)
                          : bits);
  std::string hamming = flag_details(analysis, {"min-hamming-small", "min-hamming-large"});
  const auto [i, j] = analysis.min_hamming_pair;
  report.add("min hamming", hamming.empty(),
             hamming.empty() && analysis.keys > 1
                 ? std::to_string(analysis.min_hamming) + ", between " + set.names[i] + " (" +
                       std::to_string(i) + ") and " + set.names[j] + " (" + std::to_string(j) + ")"
                 : hamming);
  std::string dependency = flag_details(analysis, {"dependency"});
  if (dependency.empty() && analysis.triple_search.cut())
    report.add_warning("dependency", "none found in the part searched; search: " + analysis.search);
  else
    report.add("dependency", dependency.empty(),
               (dependency.empty() ? "none found" : dependency) + "; search: " + analysis.search);
  return report;
}

void print_json(const NamedKeySet& set, const KeyAnalysis& analysis) {
  std::cout << "{\"name\": " << json_string(set.name) << ", \"keys\": " << analysis.keys
            << ", \"reductions\": [";
  for (std::size_t k = 0; k < set.reductions.size(); ++k)
    std::cout << (k ? ", " : "") << json_string(set.reductions[k]);
  std::cout << "], \"rank\": " << analysis.rank << ", \"min_hamming\": " << analysis.min_hamming
            << ", \"max_bit_bias\": " << decimal(analysis.max_bit_bias, 6)
            << ", \"smallest_dependency\": ";
  if (const auto& dependency = analysis.smallest_dependency) {
    std::cout << "{\"size\": " << dependency->indices.size() << ", \"indices\": [";
    for (std::size_t k = 0; k < dependency->indices.size(); ++k)
      std::cout << (k ? ", " : "") << dependency->indices[k];
    std::cout << "], \"names\": [";
    for (std::size_t k = 0; k < dependency->names.size(); ++k)
      std::cout << (k ? ", " : "") << json_string(dependency->names[k]);
    std::cout << "], \"count\": " << dependency->count
              << ", \"exhaustive\": " << (dependency->exhaustive ? "true" : "false")
              << ", \"cut\": " << (dependency->cut ? "true" : "false") << '}';
  } else {
    std::cout << "null";
  }
  const TripleSearchExtent& triples = analysis.triple_search;
  std::cout << ", \"search\": " << json_string(analysis.search)
            << ", \"triple_search\": {\"pairs_examined\": " << triples.pairs_examined
            << ", \"pairs\": " << triples.pairs
            << ", \"triples_covered\": " << decimal(triples.triples_covered, 6)
            << ", \"cut\": " << (triples.cut() ? "true" : "false") << "}, \"flags\": [";
  for (std::size_t k = 0; k < analysis.flags.size(); ++k)
    std::cout << (k ? ", " : "") << "{\"name\": " << json_string(analysis.flags[k].name)
              << ", \"detail\": " << json_string(analysis.flags[k].detail) << '}';
  std::cout << "], \"passed\": " << (analysis.passed() ? "true" : "false") << "}\n";
}

// The keys to analyse: the Go table for --scheme go:N, else a chess scheme reduced to the keys
// positions combine, or a key list as given.
Expected<NamedKeySet> key_set_from_args(const ParsedArgs& args) {
  if (auto name = args.value("--scheme"); name && name->starts_with("go:")) {
    if (args.has("--key-list")) return Error{"--scheme and --key-list exclude each other"};
    auto size = parse_int_in_range(name->substr(3), "--scheme go:N", 5, 25);
    if (!size) return Error{size.error()};
    return go_key_set(*size, GoCombine::Xor);
  }
  auto source = key_source_from_args(args);
  if (!source) return Error{source.error()};
  if (source->scheme) {
    NamedKeySet set = chess_key_set(*source->scheme);
    set.name = source->name;
    return set;
  }
  // The minimum Hamming distance compares every pair, with no budget: 2e10 pairs, about 8 s of
  // CPU, at this many keys; a million would take minutes.
  if (source->key_list.size() > MaxKeyListKeys)
    return Error{source->name + " holds " + std::to_string(source->key_list.size()) +
                 " keys; keys analyses at most " + std::to_string(MaxKeyListKeys) +
                 " (the minimum Hamming distance compares every pair of keys)"};
  NamedKeySet set = key_list_set(source->key_list, source->name);
  set.name = source->name;
  return set;
}

}  // namespace

int run_keys(std::span<const std::string> words) {
  static const std::vector<OptionSpec> specs = option_specs(KeysCommand);
  auto args = parse_args(words, specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(KeysCommand, KeysProse, KeysTail);
    return ExitSuccess;
  }
  auto set = key_set_from_args(*args);
  if (!set) return report_usage_error(set.error());
  auto junit = open_output_option(*args, "--junit", "the JUnit report");
  if (!junit) return report_usage_error(junit.error());
  const NamedKeySet& keys = *set;
  const std::string& source_name = keys.name;
  KeyAnalysisOptions options;
  if (auto text = args->value("--search-budget")) {
    auto budget = parse_count(*text, "--search-budget");
    if (!budget) return report_usage_error(budget.error());
    options.triple_search_pairs = *budget;
  }
  auto jobs = jobs_option(*args, false);
  if (!jobs) return report_usage_error(jobs.error());
  options.threads = *jobs;
  KeyAnalysis analysis;
  {
    ProgressLine progress;
    options.progress = [&](std::uint64_t examined, std::uint64_t total) {
      if (progress.due())
        progress.show("keys: size-3 search, " + std::to_string(examined) + " of " +
                      std::to_string(total) + " key pairs");
    };
    try {
      analysis = analyse_keys(keys, options);
    } catch (const std::bad_alloc&) {
      // From whichever thread ran out: every thread is joined by then (run_blocks).
      return report_usage_error("out of memory analysing " + std::to_string(keys.keys.size()) +
                                " keys (the pair table of the size-4 search takes 16 bytes a "
                                "pair, at most 2^25 pairs)");
    }
  }
  const Report report = build_report(keys, analysis);
  if (args->has("--json")) {
    print_json(keys, analysis);
  } else {
    std::cout << "zobrist-verify keys: " << source_name << ", " << analysis.keys << " keys\n";
    for (const std::string& reduction : keys.reductions) std::cout << "  " << reduction << '\n';
    report.print_text(std::cout, "keys");
  }
  if (*junit) {
    auto written = write_junit_file(**junit, report, source_name, "zobrist-verify keys");
    if (!written) return report_usage_error(written.error());
  }
  return analysis.passed() ? ExitSuccess : ExitCheckFailed;
}

}  // namespace zobrist_verify::cli
