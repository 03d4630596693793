#include "zobrist_verify/doors/key_reply.h"

#include <algorithm>
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
    text += " (a line of " + std::to_string(line.size()) + " bytes, matched on its first " +
            std::to_string(KeyPattern::MaxMatchedLength) + ")";
  return text;
}

KeyReply::KeyReply(KeyReader& keys, const KeyPattern& fen_pattern, std::string engine_name,
                   std::string asked)
    : keys_(&keys),
      fen_pattern_(&fen_pattern),
      name_(std::move(engine_name)),
      asked_(std::move(asked)) {}

std::optional<std::string> KeyReply::take(const std::string& line, bool error_line) {
  if (std::optional<std::string> fen = fen_pattern_->key_text(line)) {
    if (shown_fen_)
      return "after " + quoted_engine_line(*fen_line_) + " (two positions shown for one request)";
    shown_fen_ = std::move(fen);
    fen_line_ = line;
  } else if (std::optional<Expected<Key>> key = key_on(line)) {
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
  } else if (!error_line_ && error_line) {
    error_line_ = line;
  }
  last_[std::size_t(count_ % 3)].assign(line);
  ++count_;
  return std::nullopt;
}

KeyReply::Outcome KeyReply::finish(std::string_view expected_fen, bool chess960, bool& keys_seen,
                                   const std::string& fence_line, bool numbered_fence) const {
  if (error_line_)
    return {Error{engine_words(name_) + " refused the position of " + asked_ + ": it printed " +
                  quoted_engine_line(*error_line_)},
            false};
  if (!found_) {
    if (!numbered_fence && count_ == 0)
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
  if (!*found_) return {*found_, true};
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
  return {*found_, false};
}

Error KeyReply::out_of_step(const std::string& line, const std::string& why) const {
  if (second_key_line_ && why == *second_key_line_) return answered_badly(name_, asked_, why);
  return answered_badly(name_, asked_,
                        "desynchronised: it printed " + quoted_engine_line(line) + " " + why);
}

std::optional<Expected<Key>> KeyReply::key_on(const std::string& line) {
  std::optional<std::string> text = keys_->pattern().key_text(line);
  if (!text) return std::nullopt;
  Expected<Key> key = keys_->read(*text);
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
