#include "zobrist_verify/doors/protocol_hint.h"

#include "zobrist_verify/doors/engine_protocols.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <span>
#include <utility>

namespace zobrist_verify {
namespace {

// The words of `line` in lower case, split at anything but letters, digits, '_' and '-' (so
// without the quotes and punctuation around them).
std::vector<std::string> bare_words(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : line) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '_' || c == '-')
      word += char(std::tolower(byte));
    else if (!word.empty())
      words.push_back(std::exchange(word, {}));
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

bool first_word_is_one_of(std::string_view line, std::span<const std::string_view> words) {
  const std::vector<std::string> bare = bare_words(line);
  return !bare.empty() && std::find(words.begin(), words.end(), bare.front()) != words.end();
}

}  // namespace

// Lines only an xboard engine prints: its features and pongs, CECP's answers to a command it does
// not take ("Illegal move: uci", "Error (unknown command): uci") and its messages to the user.
bool is_xboard_line(std::string_view line) {
  constexpr std::array<std::string_view, 6> XboardWords = {"feature",  "pong",    "tellusererror",
                                                           "telluser", "tellics", "tellicsnoalias"};
  line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
  return first_word_is_one_of(line, XboardWords) || line.starts_with("Illegal move") ||
         line.starts_with("Error (") || refuses_command(line, "uci");
}

// Lines only a UCI engine prints: its id, options, uciok, readyok, info and bestmove, and its
// refusal of "xboard".
bool is_uci_line(std::string_view line) {
  constexpr std::array<std::string_view, 6> UciWords = {"id",      "option", "uciok",
                                                        "readyok", "info",   "bestmove"};
  return first_word_is_one_of(line, UciWords) || refuses_command(line, "xboard");
}

bool refuses_command(std::string_view line, std::string_view command) {
  constexpr std::array<std::string_view, 4> RefusalWords = {"error", "illegal", "unknown",
                                                            "invalid"};
  if (!first_word_is_one_of(line, RefusalWords)) return false;
  const std::vector<std::string> words = bare_words(line);
  return std::find(words.begin() + 1, words.end(), command) != words.end();
}

std::string other_protocol_hint(EngineProtocol sent, const std::vector<std::string>& lines) {
  const auto any = [&lines](const auto& is) { return std::any_of(lines.begin(), lines.end(), is); };
  const EngineProtocolRow& own = engine_protocol(sent);
  if (any([&own](const std::string& line) {
        return first_word_is_one_of(line, own.handshake_words);
      }))
    return "";  // it speaks the protocol, slowly or badly
  for (const EngineProtocolRow& other : engine_protocols())
    if (other.protocol != sent && any(other.prints_only_its_own))
      return "; its reply is " + std::string(other.engine_words) + "'s: give " +
             protocol_option_words(other);
  std::string handshake;
  for (std::string_view word : own.handshake_words)
    handshake += (handshake.empty() ? "" : ", ") + std::string(word);
  std::string hint =
      "; it printed no line of " + std::string(own.title) + "'s handshake (" + handshake + ")";
  for (const EngineProtocolRow& other : engine_protocols())
    if (other.protocol != sent)
      hint += ": if it is " + std::string(other.engine_words) + ", give " +
              protocol_option_words(other);
  return hint;
}

}  // namespace zobrist_verify
