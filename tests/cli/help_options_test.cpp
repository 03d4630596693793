// Issue 38, section 5: every command's --help lists exactly the options it takes, each with the
// one text of the option table (cli/option_table.h). Which options a command takes is asked of
// the command itself: every row of the table is tried on every command the usage lists.
#include <gtest/gtest.h>

#include "cli_runner.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "option_table.h"

namespace {

using namespace zobrist_verify::testkit;
using zobrist_verify::cli::OptionKind;
using zobrist_verify::cli::OptionRow;
using zobrist_verify::cli::OptionTable;

// The words of a command's first usage line before its options and placeholders: "go key",
// "uttt key", "book" (of "book FILE"), "check".
std::vector<std::string> command_words(const std::string& help) {
  std::istringstream words(lines_of(help).front());
  std::vector<std::string> out;
  std::string word;
  words >> word >> word;  // "usage:", "zobrist-verify"
  while (words >> word && std::all_of(word.begin(), word.end(), [](char c) {
           return std::islower(static_cast<unsigned char>(c));
         }))
    out.push_back(word);
  return out;
}

// An entry of an "options:" block: its text with every run of white space one space.
struct Entry {
  std::string name;
  std::string text;
};

// The entries of the help's "options:" block, in order.
std::vector<Entry> option_entries(const std::string& help) {
  std::vector<Entry> entries;
  bool in_block = false;
  for (const std::string& line : lines_of(help)) {
    if (line == "options:") {
      in_block = true;
    } else if (!in_block) {
      continue;
    } else if (line.empty() || line[0] != ' ') {
      in_block = false;  // the block ends at a blank or unindented line
    } else if (line.starts_with("  --")) {
      std::istringstream words(line);
      Entry entry;
      words >> entry.name;
      for (std::string word; words >> word;) entry.text += (entry.text.empty() ? "" : " ") + word;
      entries.push_back(entry);
    } else if (!entries.empty()) {
      std::istringstream words(line);
      for (std::string word; words >> word;)
        entries.back().text += (entries.back().text.empty() ? "" : " ") + word;
    }
  }
  return entries;
}

bool lists(const std::vector<Entry>& entries, std::string_view name) {
  return std::any_of(entries.begin(), entries.end(),
                     [&](const Entry& entry) { return entry.name == name; });
}

TEST(CliHelp, EveryOptionACommandTakesIsInItsHelpAndNoOther) {
  const std::vector<std::string> commands = listed_commands();
  ASSERT_FALSE(commands.empty());
  for (const std::string& command : commands) {
    const std::string help = run_cli({command, "--help"}).out;
    const std::vector<Entry> entries = option_entries(help);
    ASSERT_FALSE(entries.empty()) << command << ": " << help;
    const std::vector<std::string> words = command_words(help);
    for (const OptionRow& row : OptionTable) {
      const std::string name(row.name);
      // A value inline, so that the option is read whatever its kind; --help then stops the
      // command before it runs.
      std::vector<std::string> args = words;
      args.push_back(row.kind == OptionKind::Flag ? name : name + "=x");
      args.push_back("--help");
      const RunResult r = run_cli(args);
      const bool unknown = r.err.find("unknown option '" + name + "'") != std::string::npos;
      EXPECT_TRUE(unknown || r.exit_code == 0) << command << " " << name << ": " << r.err;
      EXPECT_EQ(!unknown, lists(entries, name))
          << command << " " << (unknown ? "does not take " : "takes ") << name
          << (unknown ? " but its help lists it" : " but its help does not list it");
    }
    for (const Entry& entry : entries)
      EXPECT_TRUE(entry.name == "--help" ||
                  std::any_of(std::begin(OptionTable), std::end(OptionTable),
                              [&](const OptionRow& row) { return row.name == entry.name; }))
          << command << " lists " << entry.name << ", which is not in the option table";
  }
}

// An entry's text after its placeholder, without the "with --plugin or --engine: " a door's
// option starts with.
std::string own_text(const Entry& entry) {
  std::string text = entry.text;
  for (const OptionRow& row : OptionTable)
    if (row.name == entry.name && !row.value.empty() && text.starts_with(std::string(row.value)))
      text = text.substr(row.value.size() + 1);
  if (text.starts_with("with --")) text = text.substr(text.find(": ") + 2);
  return text;
}

TEST(CliHelp, AnOptionReadsTheSameInEveryCommandThatTakesIt) {
  std::map<std::string, std::pair<std::string, std::string>> first;  // name: command, text
  for (const std::string& command : listed_commands())
    for (const Entry& entry : option_entries(run_cli({command, "--help"}).out)) {
      const std::string text = own_text(entry);
      const auto [seen, inserted] = first.emplace(entry.name, std::pair{command, text});
      if (!inserted) {
        EXPECT_EQ(text, seen->second.second)
            << entry.name << " in " << command << " and in " << seen->second.first;
      }
    }
  EXPECT_GT(first.size(), 1u);
}

TEST(CliHelp, AnOptionEntryIsItsTextInAColumnWrappedWithinTheWidth) {
  const std::string help = run_cli({"check", "--help"}).out;
  EXPECT_NE(help.find("\n  --no-isolation        with --plugin: run the plugin in this process "
                      "(for gdb or a sanitizer):\n                        a crash then ends the "
                      "run, and a hang is not timed\n"),
            std::string::npos)
      << help;
  EXPECT_NE(run_cli({"go", "--help"})
                .out.find("\n  --size N           an odd board size from 5 to 25 (default: 19)\n"),
            std::string::npos);
}

TEST(CliHelp, AUsageLineIsMadeFromTheOptionsAndTheirPlaceholders) {
  EXPECT_TRUE(run_cli({"mutants", "--help"})
                  .out.starts_with("usage: zobrist-verify mutants [--cases N] [--seed S] "
                                   "[--jobs N] [--json]\n\n"));
  // A door's line for each door, its own options first; a long one wraps under the first option.
  const std::string replay = run_cli({"replay", "--help"}).out;
  EXPECT_TRUE(replay.starts_with(
      "usage: zobrist-verify replay --plugin PATH [--xfen] [--no-isolation] [--memory-limit SIZE] "
      "--fen FEN\n"
      "                             [--moves MOVE ...] [--chess960] [--expect SCHEME] "
      "[--en-passant RULE]\n"))
      << replay;
  EXPECT_NE(replay.find("\n       zobrist-verify replay --engine \"CMD ARGS\" [--protocol "
                        "uci|xboard] [--key-command CMD]\n"),
            std::string::npos)
      << replay;
}

TEST(CliHelp, ReplayHasAnOptionsSection) {
  const std::string help = run_cli({"replay", "--help"}).out;
  const std::vector<Entry> entries = option_entries(help);
  EXPECT_TRUE(lists(entries, "--fen")) << help;
  EXPECT_TRUE(lists(entries, "--transcript")) << help;
  EXPECT_TRUE(lists(entries, "--help")) << help;
}

}  // namespace
