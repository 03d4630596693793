#include "zobrist_verify/doors/divide_comparison.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <map>
#include <optional>

#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify {

namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

// "e2e4", "e7e8q": two squares and an optional promotion letter.
bool looks_like_uci_move(std::string_view text) {
  if (text.size() != 4 && text.size() != 5) return false;
  for (int i = 0; i < 4; i += 2) {
    if (text[i] < 'a' || text[i] > 'h' || text[i + 1] < '1' || text[i + 1] > '8') return false;
  }
  return text.size() == 4 || std::string_view("qrbn").find(text[4]) != std::string_view::npos;
}

std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return {};
  return value;
}

std::string joined(const std::vector<std::string>& words) {
  if (words.empty()) return "(none)";
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

}  // namespace

Expected<DivideLine> parse_divide_line(std::string_view line) {
  const std::string_view text = trimmed(line);
  if (text.empty() || text.starts_with("info ") || text == "info") return DivideLine{};
  constexpr std::string_view TotalPrefix = "Nodes searched:";
  if (text.starts_with(TotalPrefix)) {
    const auto total = whole_number(trimmed(text.substr(TotalPrefix.size())));
    if (!total) return Error{"the total line '" + std::string(text) + "' has no whole number"};
    return DivideLine{DivideLine::Kind::Total, "", *total};
  }
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || !looks_like_uci_move(trimmed(text.substr(0, colon))))
    return Error{"'" + std::string(text.substr(0, 200)) +
                 "' is not a perft line ('MOVE: COUNT' or 'Nodes searched: N')"};
  const auto count = whole_number(trimmed(text.substr(colon + 1)));
  if (!count) return Error{"the perft line '" + std::string(text) + "' has no whole count"};
  return DivideLine{DivideLine::Kind::Move, std::string(trimmed(text.substr(0, colon))), *count};
}

Expected<Done> check_divide_total(const DivideCounts& divide) {
  std::uint64_t sum = 0;
  for (const auto& entry : divide.moves) {
    // A sum past 2^64 must not wrap around to the printed total (fuzz_engine_reply found it).
    if (entry.second > UINT64_MAX - sum)
      return Error{
          "its moves' counts add up to more than 2^64 - 1, but it printed 'Nodes "
          "searched: " +
          std::to_string(divide.nodes) + "'"};
    sum += entry.second;
  }
  if (sum != divide.nodes)
    return Error{"its moves' counts add up to " + std::to_string(sum) + ", but it printed 'Nodes " +
                 "searched: " + std::to_string(divide.nodes) + "'"};
  return Done{};
}

DivideCounts reference_divide(Position& pos, int depth, bool king_takes_rook) {
  DivideCounts divide;
  const bool chess960 = king_takes_rook || pos.is_chess960();
  for (const auto& [move, count] : perft_divide(pos, depth)) {
    divide.moves.emplace_back(move_to_uci(move, chess960), count);
    divide.nodes += count;
  }
  return divide;
}

DivideDifference compare_divides(const DivideCounts& expected, const DivideCounts& actual) {
  DivideDifference difference;
  difference.expected_nodes = expected.nodes;
  difference.actual_nodes = actual.nodes;
  std::map<std::string, std::uint64_t> theirs;
  for (const auto& [move, count] : actual.moves) {
    if (!theirs.emplace(move, count).second) difference.duplicated.push_back(move);
  }
  std::map<std::string, std::uint64_t> ours(expected.moves.begin(), expected.moves.end());
  for (const auto& [move, count] : ours) {
    const auto found = theirs.find(move);
    if (found == theirs.end())
      difference.missing.push_back(move);
    else if (found->second != count)
      difference.counts.push_back({move, count, found->second});
  }
  for (const auto& entry : theirs)
    if (!ours.contains(entry.first)) difference.extra.push_back(entry.first);
  std::sort(difference.duplicated.begin(), difference.duplicated.end());
  difference.duplicated.erase(
      std::unique(difference.duplicated.begin(), difference.duplicated.end()),
      difference.duplicated.end());
  return difference;
}

std::string describe(const DivideDifference& d) {
  std::string text = "missing " + joined(d.missing) + "; extra " + joined(d.extra);
  if (!d.duplicated.empty()) text += "; listed twice " + joined(d.duplicated);
  for (const CountDifference& c : d.counts)
    text += "; " + c.move + " counted " + std::to_string(c.actual) + ", expected " +
            std::to_string(c.expected);
  text += "; nodes " + std::to_string(d.actual_nodes) + ", expected " +
          std::to_string(d.expected_nodes);
  return text;
}

}  // namespace zobrist_verify
