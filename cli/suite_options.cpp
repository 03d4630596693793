#include "suite_options.h"

#include "version.h"
#include "zobrist_verify/baseline.h"
#include "zobrist_verify/core/cores.h"

namespace zobrist_verify::cli {

Expected<properties::SuiteOptions> suite_options(const ParsedArgs& args) {
  properties::SuiteOptions options;
  // Read once here: a malformed RC_PARAMS would otherwise fail every property on its own.
  if (std::optional<std::string> why = properties::rc_params_error()) return Error{*why};
  if (auto text = args.value("--cases")) {
    auto cases = parse_int_in_range(*text, "--cases", 1, 10'000'000);
    if (!cases) return Error{cases.error()};
    options.cases = *cases;
  }
  if (auto text = args.value("--seed")) {
    auto seed = parse_count(*text, "--seed", /*allow_hex=*/true);
    if (!seed) return Error{seed.error()};
    options.seed = *seed;
  }
  return options;
}

Expected<int> jobs_option(const ParsedArgs& args, bool engine_or_plugin) {
  if (auto text = args.value("--jobs")) return parse_int_in_range(*text, "--jobs", 1, 1024);
  return engine_or_plugin ? 1 : usable_cores();
}

void apply_baseline_option(properties::SuiteReport& report,
                           const properties::SuiteOptions& options) {
  if (!options.baseline) return;
  report.baseline = options.baseline->file;
  report.fixed_since_baseline = properties::apply_baseline(*options.baseline, report.results);
}

properties::ReportHeader check_report_header(const properties::SuiteOptions& options) {
  properties::ReportHeader header;
  header.version = Version;
  header.command = "check";
  header.seed = options.seed ? options.seed : properties::DefaultSeed;
  header.cases = options.cases;
  header.move_routes_only = options.move_routes_only;
  if (options.move_routes_only)
    header.fen_reader_rows = properties::fen_reader_properties(options.only);
  return header;
}

}  // namespace zobrist_verify::cli
