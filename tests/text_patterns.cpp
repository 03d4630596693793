#include "text_patterns.h"

#include <map>
#include <mutex>
#include <regex>

namespace zobrist_verify::testkit {

namespace {

// Each pattern is compiled once: several tests match the same one against every line of a run.
const std::regex& compiled(const std::string& pattern) {
  static std::mutex mutex;
  static std::map<std::string, std::regex> patterns;
  const std::lock_guard lock(mutex);
  auto found = patterns.find(pattern);
  if (found == patterns.end()) found = patterns.emplace(pattern, std::regex(pattern)).first;
  return found->second;
}

Groups groups(const std::smatch& match) {
  Groups out;
  out.reserve(match.size());
  for (const auto& group : match) out.push_back(group.str());
  return out;
}

}  // namespace

std::optional<Groups> search(const std::string& text, const std::string& pattern) {
  std::smatch match;
  if (!std::regex_search(text, match, compiled(pattern))) return std::nullopt;
  return groups(match);
}

std::optional<Groups> match_at(const std::string& text, std::size_t at,
                               const std::string& pattern) {
  if (at > text.size()) return std::nullopt;
  std::smatch match;
  if (!std::regex_search(text.begin() + std::ptrdiff_t(at), text.end(), match, compiled(pattern),
                         std::regex_constants::match_continuous))
    return std::nullopt;
  return groups(match);
}

std::vector<Groups> search_all(const std::string& text, const std::string& pattern) {
  std::vector<Groups> out;
  for (std::sregex_iterator it(text.begin(), text.end(), compiled(pattern)), end; it != end; ++it)
    out.push_back(groups(*it));
  return out;
}

std::string replace_all(const std::string& text, const std::string& pattern,
                        const std::string& with) {
  return std::regex_replace(text, compiled(pattern), with);
}

}  // namespace zobrist_verify::testkit
