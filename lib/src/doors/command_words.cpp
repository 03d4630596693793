#include "zobrist_verify/doors/command_words.h"

#include <optional>

namespace zobrist_verify {
namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n';
}

std::string at(std::size_t offset) {
  return "at character " + std::to_string(offset + 1);
}

}  // namespace

Expected<std::vector<std::string>> split_command_words(std::string_view command) {
  std::vector<std::string> words;
  std::optional<std::string> word;  // set once a word has begun (an empty '' is a word)
  std::size_t i = 0;
  while (i < command.size()) {
    char c = command[i];
    if (is_blank(c)) {
      if (word) words.push_back(std::move(*word));
      word.reset();
      ++i;
      continue;
    }
    if (!word) word.emplace();
    if (c == '\'') {
      std::size_t close = command.find('\'', i + 1);
      if (close == std::string_view::npos) {
        return Error{"unterminated single quote " + at(i) + " of the command '" +
                     std::string(command) + "'"};
      }
      word->append(command.substr(i + 1, close - i - 1));
      i = close + 1;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (;;) {
        if (j >= command.size()) {
          return Error{"unterminated double quote " + at(i) + " of the command '" +
                       std::string(command) + "'"};
        }
        char d = command[j];
        if (d == '"') break;
        if (d == '\\' && j + 1 < command.size()) {
          char next = command[j + 1];
          if (next == '$' || next == '`' || next == '"' || next == '\\') {
            word->push_back(next);
            j += 2;
            continue;
          }
          if (next == '\n') {  // a line continuation vanishes
            j += 2;
            continue;
          }
        }
        word->push_back(d);
        ++j;
      }
      i = j + 1;
    } else if (c == '\\') {
      if (i + 1 >= command.size()) {
        return Error{"trailing backslash " + at(i) + " of the command '" + std::string(command) +
                     "'"};
      }
      if (command[i + 1] != '\n') word->push_back(command[i + 1]);
      i += 2;
    } else {
      word->push_back(c);
      ++i;
    }
  }
  if (word) words.push_back(std::move(*word));
  if (words.empty()) return Error{"the command is empty: no program to run"};
  return words;
}

std::string join_command_words(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) {
    if (!text.empty()) text += ' ';
    bool plain = !word.empty();
    for (char c : word) {
      bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '/' || c == '.' || c == '_' || c == '-' || c == '+' || c == '=' ||
                  c == ':' || c == ',' || c == '@' || c == '%';
      if (!safe) plain = false;
    }
    // `A=b cmd` assigns A and runs cmd: a first word with '=' is quoted.
    if (text.empty() && word.find('=') != std::string::npos) plain = false;
    if (plain) {
      text += word;
      continue;
    }
    text += '\'';
    for (char c : word) {
      if (c == '\'') {
        text += "'\\''";
      } else {
        text += c;
      }
    }
    text += '\'';
  }
  return text;
}

}  // namespace zobrist_verify
