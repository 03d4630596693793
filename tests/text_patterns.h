// Regular expressions for the tests' checks of printed text: ECMAScript syntax (std::regex),
// compiled in one file (tests/text_patterns.cpp). std::regex's templates cost each file that
// instantiates them about two seconds of compile; the tests that read reports call these.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace zobrist_verify::testkit {

// A match: the whole match first, then each group ("" for a group that took no part).
using Groups = std::vector<std::string>;

// The first match of `pattern` in `text`, or nullopt.
std::optional<Groups> search(const std::string& text, const std::string& pattern);

// The match of `pattern` that starts exactly at `at` in `text`, or nullopt.
std::optional<Groups> match_at(const std::string& text, std::size_t at, const std::string& pattern);

// Every match of `pattern` in `text`, in order.
std::vector<Groups> search_all(const std::string& text, const std::string& pattern);

// `text` with each match of `pattern` replaced by `with`, in which $1, $2... name the groups.
std::string replace_all(const std::string& text, const std::string& pattern,
                        const std::string& with);

}  // namespace zobrist_verify::testkit
