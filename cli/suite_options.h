// The options `check` and `mutants` share: --cases and --seed into properties::SuiteOptions, and
// the head of `check`'s report they make.
#pragma once

#include "args.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/properties.h"
#include "zobrist_verify/report.h"

namespace zobrist_verify::cli {

[[nodiscard]] Expected<properties::SuiteOptions> suite_options(const ParsedArgs& args);

// This program, `check`, and the seed (the default one for 0) and cases of `options`.
properties::ReportHeader check_report_header(const properties::SuiteOptions& options);

}  // namespace zobrist_verify::cli
