// The options `check` and `mutants` share: --cases and --seed into properties::SuiteOptions, and
// the head of `check`'s report they make.
#pragma once

#include <string>
#include <string_view>

#include "args.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/properties.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::cli {

[[nodiscard]] Expected<properties::SuiteOptions> suite_options(const ParsedArgs& args);

// --jobs N (1 to 1024). Without it: the cores this process may use (usable_cores(): affinity and
// cgroup quota) when `engine_or_plugin` is false, else 1, since an engine or a plugin has threads
// and tables of its own and a CI run must not start N of them unasked.
[[nodiscard]] Expected<int> jobs_option(const ParsedArgs& args, bool engine_or_plugin);

// This program, `check`, and the seed (the default one for 0) and cases of `options`.
properties::ReportHeader check_report_header(const properties::SuiteOptions& options);

// With options.baseline: marks the report's known failures and names the baseline's entries no
// failure matched (SuiteReport::baseline, fixed_since_baseline); nothing without one.
void apply_baseline_option(properties::SuiteReport& report,
                           const properties::SuiteOptions& options);

}  // namespace zobrist_verify::cli
