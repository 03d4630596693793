#include "args.h"

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
    return Error{std::string(option) + " expects " + what + ", got '" + std::string(text) + "'"};
  }
  return value;
}

Expected<int> parse_int_in_range(std::string_view text, std::string_view option, int low,
                                 int high) {
  auto count = parse_count(text, option);
  if (!count || *count < std::uint64_t(low) || *count > std::uint64_t(high)) {
    return Error{std::string(option) + " expects a whole number from " + std::to_string(low) +
                 " to " + std::to_string(high) + ", got '" + std::string(text) + "'"};
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
  std::cerr << "error: " << one_line(message) << '\n';
  return ExitUsage;
}

}  // namespace zobrist_verify::cli
