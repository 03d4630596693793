#include "command_help.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "help_text.h"
#include "inputs.h"
#include "zobrist_verify/core/listed.h"
#include "zobrist_verify/game_properties.h"

namespace zobrist_verify::cli {

namespace {

constexpr std::size_t UsageWidth = 100;
constexpr std::size_t EntryWidth = 96;
// An option's text starts two columns after the longest head, at this column at most; a longer
// head stands on a line of its own.
constexpr std::size_t MaxTextColumn = 24;
// A space the wrapping of a usage line does not break at: an option's placeholder stays with it.
constexpr char NoBreak = '\x01';

bool holds(const std::vector<OptionRef>& rows, OptionRef row) {
  return std::find(rows.begin(), rows.end(), row) != rows.end();
}

// Options as a help lists them, each with what its text starts with ("with --engine: ").
struct ListedOptions {
  std::vector<OptionRef> rows;
  std::vector<std::string> prefixes;
};

// The doors' options for the command's use: the doors' own, those every door takes, the
// command's door-bound ones, then each door's alone.
ListedOptions door_group(const CommandOptions& command) {
  ListedOptions group;
  const auto add = [&group](OptionRef row, std::string prefix) {
    if (holds(group.rows, row)) return;
    group.rows.push_back(row);
    group.prefixes.push_back(std::move(prefix));
  };
  const std::string with_any =
      command.door_required ? "" : "with " + listed(door_options(), "or") + ": ";
  for (const DoorRow& door : door_table()) add(door.option, "");
  const auto owners = [&](OptionRef row) {
    std::vector<std::string_view> names;
    for (const DoorRow& door : door_table()) {
      const std::span<const OptionRef> own = door_own_options(door, *command.doors);
      if (std::find(own.begin(), own.end(), row) != own.end()) names.push_back(door.option->name);
    }
    return names;
  };
  for (const DoorRow& door : door_table())
    for (OptionRef row : door_own_options(door, *command.doors))
      if (owners(row).size() == door_table().size()) add(row, with_any);
  for (OptionRef row : command.door_bound) add(row, with_any);
  for (const DoorRow& door : door_table())
    for (OptionRef row : door_own_options(door, *command.doors))
      add(row, "with " + listed(owners(row), "or") + ": ");
  return group;
}

// Every option of the help's block in order: the doors' where the list marks them, or last.
ListedOptions listed_options(const CommandOptions& command) {
  ListedOptions all;
  const auto add_doors = [&] {
    const ListedOptions doors = door_group(command);
    all.rows.insert(all.rows.end(), doors.rows.begin(), doors.rows.end());
    all.prefixes.insert(all.prefixes.end(), doors.prefixes.begin(), doors.prefixes.end());
  };
  bool doors_listed = false;
  for (OptionRef row : command.options) {
    if (row != DoorOptionsHere) {
      all.rows.push_back(row);
      all.prefixes.emplace_back();
    } else if (command.doors && !doors_listed) {
      add_doors();
      doors_listed = true;
    }
  }
  if (command.doors && !doors_listed) add_doors();
  return all;
}

// `text` with {schemes} and {games} replaced by their lists.
std::string expanded(std::string_view text) {
  std::string out(text);
  for (const auto& [name, list] :
       {std::pair<std::string_view, std::string>{"{schemes}", scheme_choices()},
        {"{games}", properties::game_choices()}})
    for (std::size_t at = out.find(name); at != std::string::npos; at = out.find(name))
      out.replace(at, name.size(), list);
  return out;
}

std::string head(OptionRef row) {
  return "  " + std::string(row->name) + (row->value.empty() ? "" : " " + std::string(row->value));
}

// `form` with each option name followed by its placeholder; a name the command does not take is
// a mistake of the form.
std::string with_placeholders(std::string_view form, const std::vector<OptionSpec>& specs) {
  std::string out;
  for (std::size_t i = 0; i < form.size();) {
    const bool starts_name =
        form.substr(i, 2) == "--" &&
        (i == 0 || std::string_view(" [(|").find(form[i - 1]) != std::string_view::npos);
    if (!starts_name) {
      out += form[i++];
      continue;
    }
    std::size_t end = i + 2;
    while (end < form.size() &&
           (std::islower(static_cast<unsigned char>(form[end])) ||
            std::isdigit(static_cast<unsigned char>(form[end])) || form[end] == '-'))
      ++end;
    const std::string_view name = form.substr(i, end - i);
    if (std::none_of(specs.begin(), specs.end(),
                     [&](const OptionSpec& spec) { return spec.name == name; }))
      throw std::logic_error("a usage line names " + std::string(name) +
                             ", which the command does not take");
    out += name;
    for (const OptionRow& row : OptionTable)
      if (row.name == name && !row.value.empty()) {
        // Held to its name, and whole, when the line is wrapped.
        std::string value(row.value);
        std::replace(value.begin(), value.end(), ' ', NoBreak);
        out += NoBreak + value;
      }
    i = end;
  }
  return out;
}

// The forms of `form`: one for each door where it holds {door}, and {any-door} spelled out.
std::vector<std::string> door_forms(std::string_view form, const CommandOptions& command) {
  std::string text(form);
  if (const std::size_t at = text.find("{any-door}"); at != std::string::npos) {
    std::string doors;
    for (std::string_view door : door_options())
      doors += (doors.empty() ? "" : " | ") + std::string(door);
    text.replace(at, 10, "(" + doors + ")");
  }
  const std::size_t at = text.find("{door}");
  if (at == std::string::npos) return {text};
  std::vector<std::string> forms;
  for (const DoorRow& door : door_table()) {
    std::string opening(door.option->name);
    for (OptionRef row : door_own_options(door, *command.doors))
      opening += " [" + std::string(row->name) + "]";
    forms.push_back(std::string(text).replace(at, 6, opening));
  }
  return forms;
}

// `form` as lines of at most UsageWidth after `lead`, its bracketed groups kept whole, further
// lines indented under its first option.
std::string wrapped_form(const std::string& lead, const std::string& form) {
  std::vector<std::string> units;
  int depth = 0;
  std::string unit;
  for (char c : form + ' ') {
    if (c == ' ' && depth == 0) {
      if (!unit.empty()) units.push_back(unit);
      unit.clear();
      continue;
    }
    depth += (c == '[' || c == '(') - (c == ']' || c == ')');
    unit += c;
  }
  for (std::string& each : units) std::replace(each.begin(), each.end(), NoBreak, ' ');
  std::string line = lead, out;
  std::size_t indent = lead.size();
  bool in_words = true;  // the command's words ("go key", "book FILE") before its options
  for (const std::string& each : units) {
    in_words = in_words && std::string_view("-[({").find(each.front()) == std::string_view::npos;
    if (!in_words && line.size() + 1 + each.size() > UsageWidth && line.size() > indent) {
      out += line + '\n';
      line = std::string(indent, ' ') + each;
      continue;
    }
    line += (line.size() == lead.size() ? "" : " ") + each;
    if (in_words) indent = line.size() + 1;
  }
  return out + line + '\n';
}

}  // namespace

std::vector<OptionSpec> option_specs(const CommandOptions& command) {
  std::vector<OptionSpec> specs;
  const auto add = [&specs](OptionRef row) {
    if (row != DoorOptionsHere &&
        std::none_of(specs.begin(), specs.end(),
                     [&](const OptionSpec& spec) { return spec.name == row->name; }))
      specs.push_back({row->name, row->kind});
  };
  for (OptionRef row : command.options) add(row);
  for (OptionRef row : command.door_bound) add(row);
  if (command.doors)
    for (const DoorRow& door : door_table()) {
      add(door.option);
      for (OptionRef row : door_own_options(door, *command.doors)) add(row);
    }
  return specs;
}

std::vector<OptionRule> door_bound_rules(const CommandOptions& command) {
  std::vector<OptionRule> rules;
  for (OptionRef row : command.door_bound)
    rules.push_back(goes_with_any(row->name, door_options()));
  return rules;
}

std::string usage_lines(const CommandOptions& command) {
  const std::vector<OptionSpec> specs = option_specs(command);
  std::string out;
  for (std::string_view form : command.usage)
    for (const std::string& each : door_forms(form, command))
      out += wrapped_form(out.empty() ? "usage: zobrist-verify " : "       zobrist-verify ",
                          with_placeholders(each, specs));
  return out;
}

std::string options_block(const CommandOptions& command) {
  const ListedOptions all = listed_options(command);
  std::size_t column = 0;
  for (OptionRef row : all.rows) column = std::max(column, head(row).size() + 2);
  column = std::min(column, MaxTextColumn);
  std::string out;
  for (std::size_t i = 0; i < all.rows.size(); ++i) {
    const std::string text = all.prefixes[i] + expanded(all.rows[i]->text);
    const std::string entry_head = head(all.rows[i]);
    if (entry_head.size() + 2 > column)
      out += entry_head + '\n' + wrap_text(text, column, EntryWidth);
    else
      out += help_entry(entry_head, column, text, EntryWidth);
  }
  return out + help_entry("  --help", column, "print this help", EntryWidth);
}

std::string command_help(const CommandOptions& command, std::string_view prose,
                         std::string_view tail) {
  return usage_lines(command) + '\n' + std::string(prose) + "\noptions:\n" +
         options_block(command) + std::string(tail);
}

}  // namespace zobrist_verify::cli
