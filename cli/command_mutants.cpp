
#include <cstdio>
#include <iostream>

#include "args.h"
#include "command_help.h"
#include "report.h"
#include "suite_options.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/mutants/mutant_runs.h"
#include "zobrist_verify/parallel_runs.h"

namespace zobrist_verify::cli {

namespace {

using properties::MutantInfo;
using properties::MutantRun;

// mutants' options: the parser's and the help's.
constexpr std::string_view MutantsUsage[] = {"mutants [--cases] [--seed] [--jobs] [--json]"};
constexpr OptionRef MutantsOptionList[] = {option("--cases"), option("--seed"), option("--jobs"),
                                           option("--json")};
constexpr CommandOptions MutantsCommand{MutantsUsage, MutantsOptionList};

constexpr const char* MutantsProse =
    R"(Runs every property against each mutant of the mutation catalogue: a hashing implementation with
one realistic bug planted (docs/mutants.md). Each is judged black-box, except a bug that only an
expected scheme can call wrong (no-pawns-term-dropped), judged against its scheme. Prints one row
per mutant: the property that killed it (the failing one that needed the fewest cases), the cases
it needed, and the time it took. Exits 0 if every mutant is killed, 1 if one survives. With
--jobs N the mutants run side by side, each a piece of its own.
)";

constexpr const char* MutantsTail = R"(
json:
  {"mutants": [{"name", "killed", "killed_by", "cases", "seconds", "error" (only when its worker
  died)}], "killed", "survived", "seed", "cases_per_property"}
)";

std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

std::string hex_seed(std::uint64_t seed) {
  return "0x" + hex_key(seed);
}

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

std::string pad_left(std::string text, std::size_t width) {
  if (text.size() < width) text.insert(0, width - text.size(), ' ');
  return text;
}

constexpr std::size_t NameWidth = 44;
constexpr std::size_t PropertyWidth = 32;

void print_header(std::ostream& out) {
  out << pad("mutant", NameWidth) << pad("killed by", PropertyWidth) << pad_left("cases", 6)
      << pad_left("time", 10) << '\n';
}

void print_row(std::ostream& out, const MutantRun& run) {
  out << pad(run.name, NameWidth) << pad(run.killed ? run.killed_by : "SURVIVED", PropertyWidth)
      << pad_left(run.killed ? std::to_string(run.cases) : "-", 6)
      << pad_left(format_seconds(run.killed ? run.seconds : run.suite_seconds), 10) << '\n';
  if (!run.error.empty()) out << "  not judged: " << run.error << '\n';
  out.flush();
}

void print_json(std::ostream& out, const std::vector<MutantRun>& runs, std::uint64_t seed,
                int cases) {
  int killed = 0;
  out << "{\"mutants\": [";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const MutantRun& run = runs[i];
    killed += run.killed;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", run.killed ? run.seconds : run.suite_seconds);
    out << (i ? ", " : "") << "{\"name\": " << json_string(run.name)
        << ", \"killed\": " << (run.killed ? "true" : "false")
        << ", \"killed_by\": " << (run.killed ? json_string(run.killed_by) : "null")
        << ", \"cases\": " << run.cases << ", \"seconds\": " << seconds;
    if (!run.error.empty()) out << ", \"error\": " << json_string(run.error);
    out << '}';
  }
  out << "], \"killed\": " << killed << ", \"survived\": " << int(runs.size()) - killed
      << ", \"seed\": " << json_string(hex_seed(seed)) << ", \"cases_per_property\": " << cases
      << "}\n";
}

}  // namespace

int run_mutants(std::span<const std::string> words) {
  static const std::vector<OptionSpec> specs = option_specs(MutantsCommand);
  auto args = parse_args(words, specs);
  if (!args) return report_usage_error(args.error());
  if (args->has("--help")) {
    std::cout << command_help(MutantsCommand, MutantsProse, MutantsTail);
    return ExitSuccess;
  }
  auto parsed_options = suite_options(*args);
  if (!parsed_options) return report_usage_error(parsed_options.error());
  properties::SuiteOptions options = *parsed_options;
  auto jobs = jobs_option(*args, false);
  if (!jobs) return report_usage_error(jobs.error());
  const std::uint64_t seed = options.seed ? options.seed : properties::DefaultSeed;
  const bool json = args->has("--json");

  if (!json) {
    std::cout << "zobrist-verify mutants: " << properties::mutants().size() << " mutants, "
              << options.cases << " cases per property, seed " << hex_seed(seed) << "\n\n";
    print_header(std::cout);
  }
  std::vector<MutantRun> runs;
  int survived = 0;
  // Each mutant is a piece of its own: with --jobs N they run side by side, the rows still in
  // catalogue order, each printed once it and every row before it are done.
  const std::vector<MutantInfo>& catalogue = properties::mutants();
  properties::run_pieces(
      catalogue.size(), *jobs,
      [&](std::size_t i) {
        return properties::encode_mutant_run(properties::run_mutant(catalogue[i], options));
      },
      [&](std::size_t i, properties::PieceOutput output) {
        std::optional<MutantRun> run;
        if (output) run = properties::decode_mutant_run(*output);
        if (!run) {
          run.emplace();
          run->name = catalogue[i].name;
          run->error =
              "its worker " + (output ? std::string("sent an incomplete result") : output.error());
        }
        runs.push_back(std::move(*run));
        if (!runs.back().killed) ++survived;
        if (!json) print_row(std::cout, runs.back());
        return true;
      });

  if (json) {
    print_json(std::cout, runs, seed, options.cases);
  } else {
    std::cout << "\nmutants: " << runs.size() - std::size_t(survived) << " killed, " << survived
              << " survived\n";
  }
  return survived == 0 ? ExitSuccess : ExitCheckFailed;
}

}  // namespace zobrist_verify::cli
