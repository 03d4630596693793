// The options `check` and `mutants` share: --cases and --seed into properties::SuiteOptions.
#pragma once

#include "args.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::cli {

[[nodiscard]] Expected<properties::SuiteOptions> suite_options(const ParsedArgs& args);

}  // namespace zobrist_verify::cli
