// Reading a baseline of accepted failures and judging a run's failures against it.
#include "zobrist_verify/baseline.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/case_log.h"

namespace zobrist_verify::properties {

namespace {

using Json = nlohmann::json;

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return text;
}

// The cause of a failed row that has no counterexample (a refusals row, a property that could not
// run): "note | " and the words of its note that do not vary from run to run.
std::string note_cause(const std::string& note) {
  Counterexample c;
  c.what = note;
  return "note | " + check_words(c);
}

// Everything a hand-written entry's words may be found in.
std::string searchable_text(const Counterexample& c) {
  std::string text = c.cause + "\n" + c.what;
  for (const std::string& f : c.features) text += "\n" + f;
  return lower(text);
}

bool matches(const BaselineEntry& e, const std::string& property, const std::string& cause,
             const std::string& text) {
  if (e.property != "*" && e.property != property) return false;
  if (!e.cause.empty()) {
    if (!e.words_only) return e.cause == cause;
    return cause.compare(0, e.cause.size() + 3, e.cause + " | ") == 0;
  }
  return e.text.empty() || text.find(lower(e.text)) != std::string::npos;
}

std::string text_of(const Json& value, const char* key) {
  const auto it = value.find(key);
  return it != value.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The entry of one counterexample of a JSON report.
BaselineEntry entry_of(const Json& counterexample, const std::string& property,
                       const std::string& file) {
  BaselineEntry e;
  e.property = property;
  e.where = file + ": " + property;
  e.cause = text_of(counterexample, "cause");
  if (e.cause.empty()) {
    // A report written before causes were: the words of what broke.
    Counterexample c;
    c.what = text_of(counterexample, "what");
    e.cause = check_words(c);
    e.words_only = true;
  }
  return e;
}

Expected<Baseline> parse_json(const std::string& text, const std::string& file) {
  Json report;
  try {
    report = Json::parse(text);
  } catch (const Json::parse_error& e) {
    return Error{"baseline " + file + " is not JSON that can be read: " + e.what()};
  }
  const auto properties = report.find("properties");
  if (!report.is_object() || properties == report.end() || !properties->is_array())
    return Error{"baseline " + file +
                 " is JSON but not a check report: it has no \"properties\" list (take one with "
                 "`zobrist-verify check ... --json > FILE`)"};
  Baseline baseline{file, {}};
  for (const Json& row : *properties) {
    const std::string status = row.is_object() ? text_of(row, "status") : "";
    if (status != "fail" && status != "known") continue;
    const std::string name = text_of(row, "name");
    const auto first = row.find("counterexample");
    if (first != row.end() && first->is_object()) {
      baseline.entries.push_back(entry_of(*first, name, file));
      if (const auto further = row.find("further"); further != row.end() && further->is_array())
        for (const Json& c : *further)
          if (c.is_object()) baseline.entries.push_back(entry_of(c, name, file));
    } else {
      BaselineEntry e;
      e.property = name;
      e.cause = note_cause(text_of(row, "note"));
      e.where = file + ": " + name;
      baseline.entries.push_back(std::move(e));
    }
  }
  return baseline;
}

Expected<Baseline> parse_lines(const std::string& text, const std::string& file) {
  Baseline baseline{file, {}};
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    BaselineEntry e;
    if (!(words >> e.property)) continue;
    if (e.property != "*" && !is_property_name(e.property) && e.property != "refusals" &&
        e.property != "conventions")
      return Error{"baseline " + file + ":" + std::to_string(number) + ": '" +
                   e.property.substr(0, 80) +
                   "' is no property (a line is PROPERTY [WORDS...]; `zobrist-verify check "
                   "--help` lists the properties, and * stands for any)"};
    std::getline(words >> std::ws, e.text);
    while (!e.text.empty() && std::isspace(static_cast<unsigned char>(e.text.back())))
      e.text.pop_back();
    e.where = file + ":" + std::to_string(number);
    baseline.entries.push_back(std::move(e));
  }
  return baseline;
}

}  // namespace

Expected<Baseline> parse_baseline(const std::string& text, const std::string& file) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '{') return parse_json(text, file);
  return parse_lines(text, file);
}

Expected<Baseline> read_baseline(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read the baseline " + path + ": no such file, or not readable"};
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Error{"cannot read the baseline " + path + ": a read error"};
  return parse_baseline(text.str(), path);
}

bool baseline_covers(const Baseline& baseline, const std::string& property,
                     const Counterexample& c) {
  const std::string text = searchable_text(c);
  return std::any_of(baseline.entries.begin(), baseline.entries.end(),
                     [&](const BaselineEntry& e) { return matches(e, property, c.cause, text); });
}

std::vector<std::string> apply_baseline(const Baseline& baseline,
                                        std::vector<PropertyResult>& results) {
  std::vector<bool> used(baseline.entries.size(), false);
  // Marks the entries that match; whether any did.
  auto match = [&](const std::string& property, const std::string& cause, const std::string& text) {
    bool any = false;
    for (std::size_t i = 0; i < baseline.entries.size(); ++i)
      if (matches(baseline.entries[i], property, cause, text)) any = used[i] = true;
    return any;
  };
  for (PropertyResult& r : results) {
    if (r.passed || r.skipped) continue;
    bool all_known = true;
    if (r.counterexample) {
      for (Counterexample* c : counterexamples_of(r))
        all_known = match(r.name, c->cause, searchable_text(*c)) && all_known;
    } else {
      all_known = match(r.name, note_cause(r.note), lower(r.note));
    }
    r.known = all_known;
  }
  std::vector<std::string> fixed;
  for (std::size_t i = 0; i < baseline.entries.size(); ++i) {
    if (used[i]) continue;
    const BaselineEntry& e = baseline.entries[i];
    // Only a property this run checked can have been fixed.
    const bool checked = std::any_of(results.begin(), results.end(), [&](const PropertyResult& r) {
      return (e.property == "*" || r.name == e.property) && !r.skipped;
    });
    if (!checked) continue;
    const std::string what = !e.cause.empty() ? e.cause : e.text.empty() ? "any failure" : e.text;
    fixed.push_back(e.property + ": " + what + " (" + e.where + ")");
  }
  return fixed;
}

}  // namespace zobrist_verify::properties
