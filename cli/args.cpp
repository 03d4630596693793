#include "args.h"

#include "zobrist_verify/core/listed.h"
#include "zobrist_verify/core/visible_text.h"

#include <algorithm>
#include <charconv>
#include <iostream>

namespace zobrist_verify::cli {

std::optional<std::string> ParsedArgs::value(std::string_view name) const {
  auto it = values_.find(name);
  if (it == values_.end() || it->second.empty()) return std::nullopt;
  return it->second.front();
}

std::vector<std::string> ParsedArgs::values(std::string_view name) const {
  auto it = values_.find(name);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::string ParsedArgs::joined(std::string_view name) const {
  std::string text;
  for (const std::string& word : values(name)) {
    if (!text.empty()) text += ' ';
    text += word;
  }
  return text;
}

void ParsedArgs::add(std::string name, std::vector<std::string> values) {
  values_[std::move(name)] = std::move(values);
}

bool looks_like_option(std::string_view word) {
  return word == "-h" || (word.size() > 2 && word.starts_with("--"));
}

Expected<ParsedArgs> parse_args(std::span<const std::string> args,
                                std::span<const OptionSpec> specs) {
  ParsedArgs parsed;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& word = args[i];
    if (!looks_like_option(word)) {
      return Error{"unexpected argument '" + word + "' (see --help)"};
    }
    if (word == "-h" || word == "--help") {
      parsed.add("--help", {});
      continue;
    }
    // "--name=value" gives the first value inline.
    std::string name = word;
    std::optional<std::string> inline_value;
    if (auto eq = word.find('='); eq != std::string::npos) {
      name = word.substr(0, eq);
      inline_value = word.substr(eq + 1);
    }
    auto spec = std::find_if(specs.begin(), specs.end(),
                             [&](const OptionSpec& s) { return s.name == name; });
    if (spec == specs.end()) return Error{"unknown option '" + name + "' (see --help)"};
    if (parsed.has(name)) return Error{"option " + name + " given twice"};

    std::vector<std::string> values;
    switch (spec->kind) {
      case OptionKind::Flag:
        if (inline_value) return Error{"option " + name + " takes no value"};
        break;
      case OptionKind::Value:
        if (inline_value) {
          values.push_back(*inline_value);
        } else if (i + 1 < args.size() && !looks_like_option(args[i + 1])) {
          values.push_back(args[++i]);
        } else {
          return Error{"option " + name + " needs a value"};
        }
        break;
      case OptionKind::Values:
        if (inline_value) values.push_back(*inline_value);
        while (i + 1 < args.size() && !looks_like_option(args[i + 1])) values.push_back(args[++i]);
        break;
    }
    parsed.add(std::move(name), std::move(values));
  }
  return parsed;
}

namespace {

// The message of a rule `args` break, or nothing.
std::optional<std::string> broken_rule(const ParsedArgs& args, const OptionRule& rule) {
  std::vector<std::string_view> listed(rule.choices.begin(), rule.choices.end());
  for (std::string_view name : {rule.other, rule.alternative})
    if (!name.empty()) listed.push_back(name);
  const auto given_choice = [&] {
    return std::any_of(listed.begin(), listed.end(),
                       [&](std::string_view name) { return args.has(name); });
  };
  const std::string choices = zobrist_verify::listed(listed, "or");
  switch (rule.kind) {
    case OptionRule::Kind::Excludes: {
      if (!args.has(rule.option) || !args.has(rule.other)) return std::nullopt;
      std::string option(rule.option);
      if (!rule.unless_value.empty()) {
        const std::string value = args.value(rule.option).value_or("");
        if (value == rule.unless_value) return std::nullopt;
        option += " " + value;
      }
      return option + " and " + std::string(rule.other) + " exclude each other" +
             (rule.text.empty() ? "" : " (" + std::string(rule.text) + ")");
    }
    case OptionRule::Kind::GoesWith:
      if (!args.has(rule.option) || given_choice()) return std::nullopt;
      return std::string(rule.option) + " goes with " + choices;
    case OptionRule::Kind::Needs:
      if (given_choice()) return std::nullopt;
      return std::string(rule.text);
  }
  return std::nullopt;
}

}  // namespace

Expected<Done> check_option_rules(const ParsedArgs& args, std::span<const OptionSpec> specs,
                                  std::span<const OptionRule> rules) {
  for (const OptionRule& rule : rules) {
    std::vector<std::string_view> named{rule.option, rule.other, rule.alternative};
    named.insert(named.end(), rule.choices.begin(), rule.choices.end());
    for (std::string_view name : named)
      if (!name.empty() && std::none_of(specs.begin(), specs.end(),
                                        [&](const OptionSpec& s) { return s.name == name; }))
        return Error{"a rule names " + std::string(name) + ", which this command does not take"};
  }
  for (const OptionRule& rule : rules)
    if (std::optional<std::string> message = broken_rule(args, rule)) return Error{*message};
  return Done{};
}

Expected<std::uint64_t> parse_count(std::string_view text, std::string_view option,
                                    bool allow_hex) {
  int base = 10;
  std::string_view digits = text;
  if (allow_hex && (digits.starts_with("0x") || digits.starts_with("0X"))) {
    base = 16;
    digits.remove_prefix(2);
  }
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size()) {
    std::string what = allow_hex ? "a whole number (decimal, or hexadecimal with 0x)"
                                 : "a whole non-negative number";
    if (ec == std::errc::result_out_of_range) what = "a number below 2^64";
    return Error{std::string(option) + " expects " + what + ", got " + quoted_input(text)};
  }
  return value;
}

Expected<int> parse_int_in_range(std::string_view text, std::string_view option, int low,
                                 int high) {
  auto count = parse_count(text, option);
  if (!count || *count < std::uint64_t(low) || *count > std::uint64_t(high)) {
    return Error{std::string(option) + " expects a whole number from " + std::to_string(low) +
                 " to " + std::to_string(high) + ", got " + quoted_input(text)};
  }
  return int(*count);
}

std::string one_line(std::string_view message) {
  std::string line;
  for (char c : message) {
    if (c == '\n') {
      if (!line.empty() && !line.ends_with("; ")) line += "; ";
    } else if (c != '\r') {
      line += c;
    }
  }
  while (line.ends_with("; ")) line.resize(line.size() - 2);
  return line;
}

int report_usage_error(std::string_view message) {
  // Whatever outside text the message quotes (a file name, a FEN), no raw control byte reaches
  // the terminal; text already shown as \xNN stays as it is.
  // A backstop for a quoting site that does not cut its input (core/visible_text.h quoted_input).
  constexpr std::size_t ErrorLineLimit = 2000;
  std::string line = visible_text(one_line(message));
  if (line.size() > ErrorLineLimit)
    line =
        line.substr(0, ErrorLineLimit) + "... (" + std::to_string(line.size()) + " bytes in all)";
  std::cerr << "error: " << line << '\n';
  return ExitUsage;
}

}  // namespace zobrist_verify::cli
