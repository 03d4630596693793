// zobrist-verify collisions: truncated-key collisions over distinct random positions, against the
// birthday bound, for a scheme or a key list in the Polyglot layout.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <new>

#include "args.h"
#include "command_help.h"
#include "inputs.h"
#include "key_sets.h"
#include "report.h"
#include "suite_options.h"
#include "zobrist_verify/analysis/collision_study.h"
#include "zobrist_verify/analysis/key_analysis.h"

namespace zobrist_verify::cli {

namespace {

// collisions' options: the parser's and the help's.
constexpr std::string_view CollisionsUsage[] = {
    "collisions [--scheme | --key-list] [--positions] [--bits] [--seed] [--jobs] [--svg] [--json] "
    "[--junit]"};
constexpr OptionRef CollisionsOptionList[] = {
    option("--scheme"), option("--key-list"), option("--positions"),
    option("--bits"),   option("--seed"),     option("--jobs"),
    option("--svg"),    option("--json"),     option("--junit"),
};
constexpr CommandOptions CollisionsCommand{CollisionsUsage, CollisionsOptionList};

constexpr const char* CollisionsProse =
    R"(Generates N distinct positions by random legal play, hashes them, truncates the keys to each width
b in LO..HI and counts collisions (n minus the distinct truncated values) in three modes: low (the
low b bits), high (the high b bits) and tt (2^(b-16) entries indexed by the low b-16 bits with a
16-bit check from the top 16 bits; from b = 16). Each count is compared with SMHasher3's
estimator; a width fails when its p-value is at most 2^-20 and warns at 2^-16 (the exit status
stays 0 on a warning). Method and thresholds: docs/statistics.md. With --jobs N the random games
(in 64 chunks of fixed seeds) and the sorting run side by side. --junit writes a test case a width.
)";

constexpr const char* CollisionsTail = R"(
json:
  {"positions", "widths": [{"bits", "mode", "expected", "actual", "ratio", "p_value", "passed",
  "warning", "method"}], "passed", ...}

exit status: 0 every width passed, 1 a width failed, 2 usage error or unreadable input
)";

// Peak memory is about 26 bytes a position at any --jobs (256 MB for 10^7 at --jobs 1 and 2;
// docs/statistics.md): 200 million stay near 5.2 GB.
constexpr std::uint64_t MaxPositions = 200'000'000;

Expected<std::pair<int, int>> parse_bits(std::string_view text) {
  const std::size_t dash = text.find('-');
  const std::string_view low = text.substr(0, dash);
  const std::string_view high = dash == std::string_view::npos ? low : text.substr(dash + 1);
  auto lo = parse_int_in_range(low, "--bits", 1, 64);
  auto hi = parse_int_in_range(high, "--bits", 1, 64);
  if (!lo || !hi || *lo > *hi)
    return Error{"--bits expects LO-HI with 1 <= LO <= HI <= 64 (such as 16-40), got '" +
                 std::string(text) + "'"};
  return std::pair{*lo, *hi};
}

std::string decimal(double value, int digits) {
  char text[48];
  std::snprintf(text, sizeof text, "%.*f", digits, value);
  return text;
}

std::string p_text(double p) {
  char text[48];
  if (p <= 0) return "0";
  std::snprintf(text, sizeof text, p < 0.001 ? "%.2e (2^%.1f)" : "%.3f", p, std::log2(p));
  return text;
}

// The study's progress on stderr, only on a terminal, redrawn at most five times a second.
class ProgressBar {
 public:
  ProgressBar() : terminal_(isatty(STDERR_FILENO) == 1) {}
  ~ProgressBar() {
    if (shown_) std::cerr << "\r\033[K" << std::flush;
  }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  void update(std::string_view stage, std::uint64_t done, std::uint64_t total) {
    if (!terminal_) return;
    const auto now = Clock::now();
    if (shown_ && stage == stage_ && now - last_ < std::chrono::milliseconds(200)) return;
    shown_ = true;
    stage_ = stage;
    last_ = now;
    std::cerr << "\r\033[Kcollisions: " << stage;
    if (stage == "positions" && total > 0) {
      const int filled = int(30 * done / total);
      std::cerr << " [" << std::string(std::size_t(filled), '#')
                << std::string(std::size_t(30 - filled), ' ') << "] " << done << " of " << total;
    }
    std::cerr << std::flush;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool terminal_;
  bool shown_ = false;
  std::string stage_;
  Clock::time_point last_{};
};

Report build_report(const CollisionStudy& study) {
  Report report;
  for (const WidthVerdict& w : study.widths) {
    std::string detail = "expected " + decimal(w.expected, 1) + ", actual " +
                         std::to_string(w.actual) + " (" + decimal(w.ratio, 3) + "x), p " +
                         p_text(w.p_value) + " (" + to_string(w.method) + ")";
    if (w.warning) detail += ", warning: p <= 2^-16";
    report.add(std::string(to_string(w.mode)) + " " + std::to_string(w.bits), w.passed, detail);
  }
  return report;
}

// The keys of a list that are equal, as the keys command's dependency row names them ("black
// pawn d1 (3), black pawn f1 (5)"), or "" when all differ: two features hashed alike collide
// in every position that tells them apart, whatever the counts of a sample say.
std::string equal_keys(const NamedKeySet& set) {
  std::map<Key, std::size_t> first_index;
  std::string shown;
  std::size_t pairs = 0;
  for (std::size_t i = 0; i < set.keys.size(); ++i) {
    const auto [first, inserted] = first_index.emplace(set.keys[i], i);
    if (inserted) continue;
    if (++pairs <= 4) {
      if (!shown.empty()) shown += "; ";
      shown += set.names[first->second] + " (" + std::to_string(first->second) + "), " +
               set.names[i] + " (" + std::to_string(i) + ")";
    }
  }
  if (pairs == 0) return "";
  return "equal keys: " + shown + (pairs > 4 ? "; " + std::to_string(pairs) + " in all" : "");
}

void print_json(const std::string& name, std::uint64_t seed, const CollisionStudy& study,
                const std::string& equal) {
  std::cout << "{\"scheme\": " << json_string(name) << ", \"positions\": " << study.positions
            << ", \"generated\": " << study.generated << ", \"seed\": \"0x" << hex_key(seed) << '"'
            << ", \"method\": " << json_string(study.method) << ", \"widths\": [";
  for (std::size_t i = 0; i < study.widths.size(); ++i) {
    const WidthVerdict& w = study.widths[i];
    char p[40];
    std::snprintf(p, sizeof p, "%.6g", w.p_value);
    std::cout << (i ? ",\n  " : "\n  ") << "{\"bits\": " << w.bits << ", \"mode\": \""
              << to_string(w.mode) << "\", \"expected\": " << decimal(w.expected, 3)
              << ", \"actual\": " << w.actual << ", \"ratio\": " << decimal(w.ratio, 6)
              << ", \"p_value\": " << p << ", \"passed\": " << (w.passed ? "true" : "false")
              << ", \"warning\": " << (w.warning ? "true" : "false") << ", \"method\": \""
              << to_string(w.method) << "\"}";
  }
  std::cout << "\n], \"equal_keys\": " << json_string(equal)
            << ", \"passed\": " << (study.passed() && equal.empty() ? "true" : "false") << "}\n";
}

// The scheme studied: the one named, or a key list in the Polyglot layout, whose equal keys
// are set in `equal`.
Expected<KeyScheme> studied_scheme(const KeySource& source, const ParsedArgs& args,
                                   std::string& equal) {
  if (source.scheme) return *source.scheme;
  if (source.key_list.size() != 781)
    return Error{
        args.value("--key-list").value() +
        ": collisions reads a key list in the Polyglot layout, which has 781 keys; found " +
        std::to_string(source.key_list.size())};
  KeyScheme scheme = polyglot_layout_scheme(std::span<const Key, 781>(source.key_list.data(), 781));
  scheme.name = source.name;
  equal = equal_keys(key_list_set(source.key_list, source.name));
  return scheme;
}

}  // namespace

int run_collisions(std::span<const std::string> words) {
  static const std::vector<OptionSpec> specs = option_specs(CollisionsCommand);
  auto args = parse_args(words, specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(CollisionsCommand, CollisionsProse, CollisionsTail);
    return ExitSuccess;
  }
  auto source = key_source_from_args(*args);
  if (!source) return report_usage_error(source.error());
  std::string equal;  // equal keys of a key list, which the keys command flags too
  auto studied = studied_scheme(*source, *args, equal);
  if (!studied) return report_usage_error(studied.error());
  const KeyScheme& scheme = *studied;
  CollisionStudyOptions options;
  if (auto text = args->value("--positions")) {
    auto count = parse_count(*text, "--positions");
    if (!count || *count < 2 || *count > MaxPositions)
      return report_usage_error("--positions expects a whole number from 2 to " +
                                std::to_string(MaxPositions) + ", got '" + *text + "'");
    options.positions = *count;
  }
  if (auto text = args->value("--bits")) {
    auto bits = parse_bits(*text);
    if (!bits) return report_usage_error(bits.error());
    std::tie(options.low_bits, options.high_bits) = *bits;
  }
  if (auto text = args->value("--seed")) {
    auto seed = parse_count(*text, "--seed", true);
    if (!seed) return report_usage_error(seed.error());
    options.seed = *seed;
  }
  auto jobs = jobs_option(*args, false);
  if (!jobs) return report_usage_error(jobs.error());
  options.threads = *jobs;
  auto junit = open_output_option(*args, "--junit", "the JUnit report");
  if (!junit) return report_usage_error(junit.error());
  auto svg = open_output_option(*args, "--svg", "the SVG plot");
  if (!svg) return report_usage_error(svg.error());

  CollisionStudy study;
  {
    ProgressBar bar;
    options.progress = [&bar](std::string_view stage, std::uint64_t done, std::uint64_t total) {
      bar.update(stage, done, total);
    };
    try {
      study = run_collision_study(scheme, options);
    } catch (const std::bad_alloc&) {
      // From whichever thread ran out: every thread is joined by then (run_blocks).
      return report_usage_error("out of memory studying " + std::to_string(options.positions) +
                                " positions (about 26 bytes a position, at any --jobs); ask "
                                "for fewer with --positions");
    }
  }
  Report report;
  if (!equal.empty()) report.add("distinct keys", false, equal);
  report.append(build_report(study));
  if (args->has("--json")) {
    print_json(source->name, options.seed, study, equal);
  } else {
    std::cout << "zobrist-verify collisions: " << source->name << ", " << study.positions
              << " positions, widths " << options.low_bits << "-" << options.high_bits
              << ", seed 0x" << hex_key(options.seed) << "\n  positions: " << study.method << '\n';
    report.print_text(std::cout, "collisions");
  }
  if (*svg) {
    (*svg)->stream() << collision_svg(study, source->name);
    if (auto written = (*svg)->finish(); !written) return report_usage_error(written.error());
  }
  if (*junit) {
    auto written = write_junit_file(**junit, report, source->name, "zobrist-verify collisions");
    if (!written) return report_usage_error(written.error());
  }
  return study.passed() && equal.empty() ? ExitSuccess : ExitCheckFailed;
}

}  // namespace zobrist_verify::cli
