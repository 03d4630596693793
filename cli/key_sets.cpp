#include "key_sets.h"

#include <fstream>

#include "inputs.h"
#include "zobrist_verify/analysis/key_analysis.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::cli {

Expected<KeySource> key_source_from_args(const ParsedArgs& args) {
  KeySource source;
  if (args.has("--scheme") && args.has("--key-list"))
    return Error{"give only one of --scheme and --key-list"};
  if (auto path = args.value("--key-list")) {
    auto text = read_text_file(*path);
    if (!text) return Error{text.error()};
    auto keys = parse_key_list(*text, *path);
    if (!keys) return Error{keys.error()};
    source.name = "key list " + *path;
    source.key_list = std::move(*keys);
    return source;
  }
  const std::string name = args.value("--scheme").value_or(std::string(DefaultSchemeName));
  auto scheme = scheme_from_name(name);
  if (!scheme) return Error{scheme.error()};
  source.name = name;
  source.scheme = std::move(*scheme);
  return source;
}

Expected<std::optional<std::string>> junit_path_from_args(const ParsedArgs& args) {
  auto path = args.value("--junit");
  if (!path) return std::optional<std::string>{};
  std::ofstream probe(*path);
  if (!probe) return Error{"cannot write the JUnit report to '" + *path + "'"};
  return path;
}

Expected<Done> write_junit_file(const std::string& path, const Report& report,
                                const std::string& target, const std::string& suites_name) {
  std::vector<properties::PropertyResult> results;
  for (const ReportRow& row : report.rows()) {
    properties::PropertyResult result;
    result.name = row.name;
    result.target = target;
    result.passed = row.verdict != properties::Verdict::Fail;
    result.note = row.detail;
    if (row.verdict == properties::Verdict::Warn) result.warnings.push_back(row.detail);
    results.push_back(std::move(result));
  }
  std::ofstream junit(path);
  properties::write_junit_report(junit, results, suites_name);
  junit.close();
  if (!junit) return Error{"writing the JUnit report to '" + path + "' failed"};
  return Done{};
}

}  // namespace zobrist_verify::cli
