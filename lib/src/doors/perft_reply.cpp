// The perft door's reading of replies (engine_perft.h): the perft patterns compiled at every
// depth, refusal and search lines, and PerftReplyReader, which takes a reply line by line without
// a process (engine_perft.cpp gives it an engine's lines, the fuzz harness any bytes).
#include <algorithm>
#include <cctype>
#include <charconv>
#include <utility>

#include "perft_text.h"
#include "zobrist_verify/doors/engine_perft.h"

namespace zobrist_verify {

namespace {

using perft_text::quoted;
using perft_text::words_of;

constexpr std::string_view DepthMark = "{depth}";

std::string lowered(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

// Whether `word` (its trailing ':' aside) says the engine would not take the position.
bool is_refusal_word(std::string_view word) {
  if (word.ends_with(':')) word.remove_suffix(1);
  const std::string w = lowered(word);
  return w == "error" || w == "illegal" || w == "invalid";
}

std::string with_depth(std::string_view text, int depth) {
  std::string out;
  for (std::size_t at = 0;;) {
    const std::size_t mark = text.find(DepthMark, at);
    out += text.substr(at, mark - at);
    if (mark == std::string_view::npos) return out;
    out += std::to_string(depth);
    at = mark + DepthMark.size();
  }
}

// `pattern` (an option's, empty when not given) compiled by `compile` at each depth from 1 to
// `deepest`, [depth - 1]; once only when it has no {depth}. The error names the depth that breaks.
template <class Compile>
Expected<std::vector<std::optional<KeyPattern>>> compile_at_depths(const std::string& pattern,
                                                                   std::string_view option,
                                                                   int deepest,
                                                                   const Compile& compile) {
  std::vector<std::optional<KeyPattern>> compiled(static_cast<std::size_t>(deepest));
  if (pattern.empty()) return compiled;
  const bool per_depth = pattern.find(DepthMark) != std::string::npos;
  for (int depth = 1; depth <= deepest; ++depth) {
    if (!per_depth && depth > 1) {
      compiled[std::size_t(depth - 1)] = compiled[0];
      continue;
    }
    const std::string what = per_depth ? std::string(option) + " " + quoted_pattern(pattern) +
                                             " at depth " + std::to_string(depth) + ", as"
                                       : std::string(option);
    Expected<KeyPattern> one = compile(with_depth(pattern, depth), what);
    if (!one) return Error{one.error()};
    compiled[std::size_t(depth - 1)] = std::move(*one);
  }
  return compiled;
}

// Whether `line` holds a count above 0 as a word of its own ("20", " 1  20  0.00  1.00nps").
bool holds_count(std::string_view line) {
  const std::vector<std::string_view> words = words_of(line);
  return std::any_of(words.begin(), words.end(), [](std::string_view word) {
    return word.find_first_not_of("0123456789") == std::string_view::npos &&
           word.find_first_not_of('0') != std::string_view::npos;
  });
}

bool is_number(std::string_view word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace

bool is_perft_refusal_line(std::string_view line) {
  const std::vector<std::string_view> words = words_of(line);
  std::size_t first = 0;
  if (!words.empty() && words[0] == "info") {
    if (words.size() < 2 || words[1] != "string") return false;
    first = 2;
  }
  return first < words.size() && is_refusal_word(words[first]);
}

bool is_search_line(std::string_view line) {
  const std::vector<std::string_view> words = words_of(line);
  if (words.empty()) return false;
  if (words[0] == "bestmove") return true;
  if (words[0] != "info" || (words.size() > 1 && words[1] == "string")) return false;
  constexpr std::array<std::string_view, 9> SearchWords = {
      "depth", "seldepth", "score", "pv", "nodes", "nps", "currmove", "multipv", "hashfull"};
  return std::any_of(words.begin() + 1, words.end(), [&](std::string_view word) {
    return std::find(SearchWords.begin(), SearchWords.end(), word) != SearchWords.end();
  });
}

Expected<PerftPatterns> PerftPatterns::compile(PerftDialogue dialogue, int deepest) {
  const std::string& command = dialogue.command;
  if (command.empty() || command.find_first_of("\r\n") != std::string::npos)
    return Error{"--perft-command " + quoted_input(command) + " is not one non-empty line"};
  if (command.find(DepthMark) == std::string::npos)
    return Error{"--perft-command " + quoted_input(command) +
                 " has no {depth} (say where the depth goes: " + "'perft {depth}')"};
  if (deepest < 1)
    return Error{"perft patterns asked for depths 1 to " + std::to_string(deepest) + ": none"};
  PerftPatterns patterns;
  patterns.dialogue_ = std::move(dialogue);
  const PerftDialogue& d = patterns.dialogue_;
  const auto total = [](const std::string& text, std::string_view what) {
    return KeyPattern::compile(text, what, "the total");
  };
  const auto end = [](const std::string& text, std::string_view what) {
    return KeyPattern::compile_line_pattern(text, what);
  };
  auto totals = compile_at_depths(d.total_pattern, "--perft-total-pattern", deepest, total);
  if (!totals) return Error{totals.error()};
  auto ends = compile_at_depths(d.end_pattern, "--perft-end-pattern", deepest, end);
  if (!ends) return Error{ends.error()};
  if (!d.divide_pattern.empty() && !d.total_pattern.empty())
    return Error{
        "--perft-divide-pattern and --perft-total-pattern: an engine prints a divide or "
        "a total alone, give the pattern of one"};
  const auto divide = [](const std::string& text, std::string_view what) {
    return KeyPattern::compile_named(text, what, {"move", "count"});
  };
  auto divides = compile_at_depths(d.divide_pattern, "--perft-divide-pattern", deepest, divide);
  if (!divides) return Error{divides.error()};
  for (std::size_t i = 0; i < std::size_t(deepest); ++i)
    patterns.by_depth_.push_back({(*totals)[i], (*ends)[i], (*divides)[i],
                                  with_depth(patterns.dialogue_.command, int(i) + 1)});
  return patterns;
}

std::string PerftPatterns::command(int depth) const {
  return with_depth(dialogue_.command, depth);
}

Expected<PerftDepthPatterns> PerftPatterns::at(int depth) const {
  if (depth < 1 || depth > deepest())
    return Error{"perft at depth " + std::to_string(depth) + " was asked, but the perft patterns " +
                     "were compiled for depths 1 to " + std::to_string(deepest()) + " only",
                 ErrorKind::GaveUp};
  return by_depth_[std::size_t(depth - 1)];
}

PerftReplyReader::Step PerftReplyReader::take(std::string_view line) {
  if (is_search_line(line)) return Step::Search;
  if (patterns_.total) return take_total_line(line);
  return patterns_.divide ? take_pattern_divide_line(line) : take_divide_line(line);
}

bool PerftReplyReader::reports_error(std::string_view line) const {
  return framing_.refuses ? framing_.refuses(line) : is_perft_refusal_line(line);
}

// Only the reply to the position is a refusal: an error line that quotes the perft command
// ("Error (missing argument): perft 1") answers the request, and is a fault on the position.
bool PerftReplyReader::names_request(std::string_view line) const {
  const std::string& command = patterns_.command;
  if (command.empty()) return false;
  if (line.find(command) != std::string_view::npos) return true;
  const std::vector<std::string_view> words = words_of(line);
  const std::vector<std::string_view> asked = words_of(command);
  return !words.empty() && !asked.empty() && words.back() == asked.front();
}

PerftReplyReader::Step PerftReplyReader::error_line(std::string_view line) {
  if (!names_request(line)) return Step::Refused;
  return bad("it answered the perft request '" + patterns_.command +
             "' with an error: " + quoted(line));
}

bool PerftReplyReader::has_end() const {
  return patterns_.end || bool(framing_.ends);
}

bool PerftReplyReader::at_end(std::string_view line) const {
  if (patterns_.end && patterns_.end->matches(line)) return true;
  return framing_.ends && framing_.ends(line);
}

std::string PerftReplyReader::end_words(std::string_view line) const {
  if (patterns_.end && patterns_.end->matches(line))
    return quoted(line) + ", matching --perft-end-pattern";
  return quoted(line) + ", the answer to the fence sent after the perft command";
}

bool PerftReplyReader::ends(std::string_view line) const {
  if (has_end()) return at_end(line);
  if (patterns_.total) return patterns_.total->key_text(line).has_value();
  return line.starts_with("Nodes searched:");
}

PerftReplyReader::Step PerftReplyReader::take_total_line(std::string_view line) {
  const KeyPattern& total_pattern = *patterns_.total;
  if (!total_seen_) {
    if (std::optional<std::string> text = total_pattern.key_text(line)) {
      std::uint64_t total = 0;
      const char* first = text->data();
      const char* last = first + text->size();
      const auto [end, error] = std::from_chars(first, last, total);
      if (error == std::errc::result_out_of_range)
        return bad("the total line " + quoted(line) + " has a number over 2^64 - 1 in the " +
                   "group of --perft-total-pattern: no perft total is that large");
      if (text->empty() || error != std::errc() || end != last)
        return bad("the total line " + quoted(line) + " has no whole number in the group of " +
                   "--perft-total-pattern (" + quoted(*text) + ")");
      divide_.nodes = total;
      total_seen_ = true;
      if (!has_end()) return Step::Done;
    } else if (reports_error(line)) {
      return error_line(line);
    }
  }
  if (at_end(line)) {
    if (total_seen_) return Step::Done;
    return bad("its reply ended (" + end_words(line) + ") with no line matching " +
               "--perft-total-pattern " + quoted_pattern(total_pattern.text()));
  }
  return Step::More;  // the engine's chatter between totals
}

PerftReplyReader::Step PerftReplyReader::take_divide_line(std::string_view line) {
  if (!at_end(line)) {
    if (divide_.moves.empty() && reports_error(line)) return error_line(line);
    // A comment (CECP's "# ..."; Sjaak II's "# New game 'Chess'" after each "new") is no line of
    // the divide, as in a pattern divide.
    if (line.starts_with('#')) return Step::More;
    Expected<DivideLine> parsed = parse_divide_line(line);
    if (!parsed) {
      note_total_line(line);
      return bad(parsed.error() + totals_hint());
    }
    if (parsed->kind == DivideLine::Kind::Move) {
      divide_.moves.emplace_back(std::move(parsed->move), parsed->count);
      return Step::More;
    }
    if (parsed->kind == DivideLine::Kind::Skip) return Step::More;
    return divide_total(parsed->count, line);
  }
  return divide_end();
}

void PerftReplyReader::note_total_line(std::string_view line) {
  if (divide_.moves.empty() && total_line_.empty() && holds_count(line)) total_line_ = line;
}

std::string PerftReplyReader::totals_hint() const {
  if (total_line_.empty()) return "";
  std::string hint =
      "; an engine that prints a total without a divide is read with --perft-total-pattern, "
      "whose one group is the total";
  const std::vector<std::string_view> words = words_of(total_line_);
  if (words.size() == 1)
    hint += " (for this line: '^([0-9]+)$')";
  else if (words.size() == 3 && words[0] == "Nodes" && words[1] == "searched:")
    hint += " (for this line: '^Nodes searched: ([0-9]+)$')";
  else if (is_number(words[0]) && is_number(words[1]))
    hint += " (for a depth and its total, as Sjaak II prints: '^ *{depth} +([0-9]+) ')";
  return hint;
}

PerftReplyReader::Step PerftReplyReader::divide_total(std::uint64_t nodes, std::string_view line) {
  note_total_line(line);
  divide_.nodes = nodes;
  total_seen_ = true;
  if (auto total = check_divide_total(divide_); !total) {
    why_ = total.error() + totals_hint();
    inconsistent_ = true;
  }
  if (has_end()) return Step::More;
  return inconsistent_ ? Step::Inconsistent : Step::Done;
}

PerftReplyReader::Step PerftReplyReader::take_pattern_divide_line(std::string_view line) {
  if (at_end(line)) return divide_end();
  if (divide_.moves.empty() && reports_error(line)) return error_line(line);
  // "Nodes searched: N" is the total, as in a divide of "MOVE: COUNT" lines.
  if (Expected<DivideLine> parsed = parse_divide_line(line);
      parsed && parsed->kind == DivideLine::Kind::Total)
    return divide_total(parsed->count, line);
  if (std::optional<std::vector<std::string_view>> texts = patterns_.divide->group_texts(line)) {
    const std::string_view count_text = (*texts)[1];
    std::uint64_t count = 0;
    const auto [end, error] =
        std::from_chars(count_text.data(), count_text.data() + count_text.size(), count);
    if (count_text.empty() || error != std::errc() || end != count_text.data() + count_text.size())
      return bad("the divide line " + quoted(line) + " has no whole number in the group count (" +
                 quoted(count_text) + ")");
    if ((*texts)[0].empty())
      return bad("the divide line " + quoted(line) + " has an empty group move");
    if (std::exchange(run_broken_, false)) divide_.moves.clear();  // an earlier depth's list
    divide_.moves.emplace_back(std::string((*texts)[0]), count);
    return Step::More;
  }
  if (line.find_first_not_of(" \t\r") == std::string_view::npos || line.starts_with('#'))
    return Step::More;  // blank lines and comments keep a run whole
  if (!divide_.moves.empty()) run_broken_ = true;
  note_total_line(line);
  return Step::More;  // another line: passed over
}

PerftReplyReader::Step PerftReplyReader::divide_end() {
  if (inconsistent_) return Step::Inconsistent;
  // A custom end: the total is the printed one when there was one, else the counts' sum.
  if (!total_seen_) {
    divide_.nodes = 0;
    for (const auto& entry : divide_.moves) {
      if (entry.second > UINT64_MAX - divide_.nodes)
        return bad("its moves' counts add up to more than 2^64 - 1");
      divide_.nodes += entry.second;
    }
  }
  return Step::Done;
}

}  // namespace zobrist_verify
