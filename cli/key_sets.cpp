#include "key_sets.h"

#include "inputs.h"
#include "zobrist_verify/analysis/key_analysis.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::cli {

Expected<KeySource> key_source_from_args(const ParsedArgs& args) {
  KeySource source;
  if (args.has("--scheme") && args.has("--key-list"))
    return Error{"give only one of --scheme and --key-list"};
  if (auto path = args.value("--key-list")) {
    auto text = read_input(*path, KeyListLimit, "a key list");
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

Expected<Done> write_junit_file(OutputFile& file, const Report& report, const std::string& target,
                                const std::string& suites_name) {
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
  properties::write_junit_report(file.stream(), results, suites_name);
  return file.finish();
}

}  // namespace zobrist_verify::cli
