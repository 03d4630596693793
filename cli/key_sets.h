// What the keys and collisions commands share: where the keys come from (--scheme NAME or
// --key-list FILE) and the JUnit file their report rows go to.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "report.h"
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

// Opens --junit's file before the work starts, so that a bad path is a usage error at once.
[[nodiscard]] Expected<std::optional<std::string>> junit_path_from_args(const ParsedArgs& args);

// The report's rows as JUnit test cases of one suite named `target`.
[[nodiscard]] Expected<Done> write_junit_file(const std::string& path, const Report& report,
                                              const std::string& target,
                                              const std::string& suites_name);

}  // namespace zobrist_verify::cli
