#include "zobrist_verify/doors/key_reply.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/engine_faults.h"
#include "zobrist_verify/doors/reply_checks.h"

namespace zobrist_verify {

std::string quoted_engine_line(const std::string& line) {
  std::string text =
      "'" + visible_text(line.size() > 120 ? line.substr(0, 120) + "..." : line) + "'";
  if (line.size() > KeyPattern::MaxMatchedLength)
    text += " (a line of " + std::to_string(line.size()) + " bytes: longer than the " +
            std::to_string(KeyPattern::MaxMatchedLength) + " a pattern matches)";
  return text;
}

namespace {

// Whether an error line is about `command` rather than the position: it quotes the command, or
// ends with its first word ("Error (unknown command): d", "Unknown command: 'd'").
bool about_command(std::string_view line, std::string_view command) {
  if (command.empty()) return false;
  if (line.find("'" + std::string(command) + "'") != std::string_view::npos ||
      line.find("`" + std::string(command) + "`") != std::string_view::npos)
    return true;
  while (!line.empty() && (std::isspace(static_cast<unsigned char>(line.back())) ||
                           line.back() == '\'' || line.back() == '"' || line.back() == '.'))
    line.remove_suffix(1);
  const std::string_view word = command.substr(0, command.find(' '));
  return line.ends_with(word) &&
         (line.size() == word.size() ||
          !std::isalnum(static_cast<unsigned char>(line[line.size() - word.size() - 1])));
}

}  // namespace

KeyReply::KeyReply(KeyReader& keys, const KeyPattern& fen_pattern, std::string engine_name,
                   std::string asked, std::string key_command)
    : keys_(&keys),
      fen_pattern_(&fen_pattern),
      name_(std::move(engine_name)),
      asked_(std::move(asked)),
      key_command_(std::move(key_command)) {}

std::optional<std::string> KeyReply::take(const std::string& line, bool error_line) {
  if (std::optional<std::string> fen = fen_pattern_->key_text(line)) {
    if (shown_fen_)
      return "after " + quoted_engine_line(*fen_line_) + " (two positions shown for one request)";
    shown_fen_ = std::move(fen);
    fen_line_ = line;
  } else if (std::optional<Expected<PrintedKeys>> key = key_on(line)) {
    if (found_) {
      // A pattern that matches more than the key's line (say '(.*)') shows here too.
      second_key_line_ = "the key pattern '" + keys_->pattern().text() +
                         "' matched two lines of one reply, " + quoted_engine_line(key_line_) +
                         " and " + quoted_engine_line(line) +
                         " (two keys for one request, or a pattern that matches more than the "
                         "key's line)";
      return *second_key_line_;
    }
    found_ = std::move(key);
    key_line_ = line;
  } else if (error_line && about_command(line, key_command_)) {
    if (!key_command_error_) key_command_error_ = line;
  } else if (!error_line_ && error_line) {
    error_line_ = line;
  } else if (!long_line_ && line.size() > KeyPattern::MaxMatchedLength) {
    long_line_ = quoted_engine_line(line);
  }
  last_[std::size_t(count_ % 3)].assign(line);
  ++count_;
  return std::nullopt;
}

KeyReply::Outcome KeyReply::finish(std::string_view expected_fen, bool chess960, bool& keys_seen,
                                   const std::string& fence_line, bool numbered_fence) const {
  if (std::optional<Error> refused = refusal()) return {*refused, false};
  if (!found_) {
    if (key_command_error_)
      return {Error{engine_words(name_) + " does not know the key command '" + key_command_ +
                        "': it printed " + quoted_engine_line(*key_command_error_) +
                        " in its reply to " + asked_,
                    ErrorKind::AnsweredBadly},
              true};
    // A line too long to be matched is the likeliest key line: the fault says so.
    if (long_line_)
      return {Error{engine_words(name_) + " printed no line matching the key pattern " +
                        quoted_pattern(keys_->pattern().text()) + " in its reply to " + asked_ +
                        ", and a line too long to match: " + *long_line_,
                    ErrorKind::AnsweredBadly},
              true};
    // Before any key has come, a reply with nothing in it is an engine without the key command
    // (Toga II answers 'd' with nothing), not a fence out of step.
    if (!numbered_fence && count_ == 0 && keys_seen)
      return {out_of_step(fence_line, "before anything else of its reply (a '" + fence_line +
                                          "' no request was waiting for)"),
              true};
    if (!numbered_fence && keys_seen)
      return {out_of_step(fence_line, "with no key before it, after " + std::to_string(count_) +
                                          " lines (a '" + fence_line +
                                          "' no request was waiting for, or a reply cut short)"),
              true};
    return {no_key(), true};
  }
  if (!*found_) return {found_->failure(), true};
  keys_seen = true;
  // The same text is the same position (the expected FEN is the door's own, always readable):
  // most replies need no FEN read.
  if (shown_fen_ && !expected_fen.empty() && *shown_fen_ != expected_fen) {
    if (auto difference = shown_position_difference(*shown_fen_, expected_fen, chess960))
      return {Error{engine_words(name_) + " holds another position than " + asked_ +
                    " sets up: it printed " + quoted_engine_line(*fen_line_) + " (" + *difference +
                    ")"},
              false};
  }
  return {(*found_)->key, false, (*found_)->pawn, (*found_)->material};
}

std::optional<Error> KeyReply::refusal() const {
  if (!error_line_) return std::nullopt;
  return Error{engine_words(name_) + " refused the position of " + asked_ + ": it printed " +
               quoted_engine_line(*error_line_)};
}

Error KeyReply::out_of_step(const std::string& line, const std::string& why) const {
  if (second_key_line_ && why == *second_key_line_) return answered_badly(name_, asked_, why);
  return answered_badly(name_, asked_,
                        "desynchronised: it printed " + quoted_engine_line(line) + " " + why);
}

std::optional<Expected<PrintedKeys>> KeyReply::key_on(const std::string& line) {
  std::optional<KeyTexts> texts = keys_->pattern().key_texts(line);
  if (!texts) return std::nullopt;
  Expected<PrintedKeys> key = keys_->read_keys(*texts);
  if (key) return key;
  return Error{engine_words(name_) + " printed " + quoted_engine_line(line) + " for " + asked_ +
                   ", which is not a key: " + key.error(),
               ErrorKind::AnsweredBadly};
}

Error KeyReply::no_key() const {
  std::string shown;
  for (int i = std::max(0, count_ - 3); i < count_; ++i)
    shown += (shown.empty() ? "" : ", ") + quoted_engine_line(last_[std::size_t(i % 3)]);
  return Error{engine_words(name_) + " printed no line matching the key pattern '" +
                   keys_->pattern().text() + "' in its reply to " + asked_ + " (" +
                   std::to_string(count_) + " lines" +
                   (shown.empty() ? std::string() : ", the last: " + shown) + ")",
               ErrorKind::AnsweredBadly};
}

}  // namespace zobrist_verify
