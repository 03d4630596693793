// What the keys and collisions commands share: where the keys come from (--scheme NAME or
// --key-list FILE) and the JUnit file their report rows go to.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "report.h"
#include "zobrist_verify/core/file_io.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::cli {

struct KeySource {
  std::string name;                 // "polyglot", "file:my.scheme", "key list k.txt"
  std::optional<KeyScheme> scheme;  // --scheme
  std::vector<Key> key_list;        // --key-list, as given
};

// --scheme NAME (every spelling of scheme_from_name, file:PATH included) or --key-list FILE;
// --scheme polyglot when neither is given.
[[nodiscard]] Expected<KeySource> key_source_from_args(const ParsedArgs& args);

// Writes the report's rows as JUnit test cases of one suite named `target` to `file` (opened by
// open_output_option before the work) and finishes it.
[[nodiscard]] Expected<Done> write_junit_file(OutputFile& file, const Report& report,
                                              const std::string& target,
                                              const std::string& suites_name);

}  // namespace zobrist_verify::cli
