// One engine's reply to a key request, read line by line, whatever protocol fenced it (UCI's
// "readyok", xboard's "pong N"): the one line matching the key pattern (its key, and the pawn and
// material keys the pattern names), the position shown (the
// FEN pattern), and a line reporting an error. At the fence it says what the reply was: a key, a
// refusal of the position (an error line, or another position shown), or a fault that shows the
// replies out of step with the requests (a second key or FEN, no key at all). It reads text only
// and never touches the engine: the dialects (uci_dialect.h, xboard_dialect.h) feed it and stop
// the engine when it says so. Fuzzed (fuzz/fuzz_engine_reply.cpp).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"
#include "zobrist_verify/doors/key_pattern.h"

namespace zobrist_verify {

// A line of an engine's, quoted for a message: cut to 120 bytes, its unprintable bytes as \xNN;
// a line longer than the patterns match says so.
std::string quoted_engine_line(const std::string& line);

class KeyReply {
 public:
  // `asked` names the request in messages ("'position fen ...' then 'd'"). The key reader (its
  // pattern and base: the first key read may decide the base) and the FEN pattern must outlive
  // the reply.
  // `key_command` ("d"), when given, tells an error line about the key command (an engine that
  // does not know it: "Error (unknown command): d") from a refusal of the position.
  KeyReply(KeyReader& keys, const KeyPattern& fen_pattern, std::string engine_name,
           std::string asked, std::string key_command = "");

  // A line of the reply before its fence; `error_line` says whether the dialect reads it as a
  // report of an error. Returns why the line shows the replies out of step (a second key or a
  // second FEN in one reply), or nothing.
  [[nodiscard]] std::optional<std::string> take(const std::string& line, bool error_line);
  // Lines taken so far.
  int lines() const { return count_; }

  // What the reply was, once its fence has come.
  struct Outcome {
    Expected<Key> key;
    // The reply is a fault (kind AnsweredBadly) after which the engine must be stopped; a
    // refusal (kind Refused) leaves it answering.
    bool stop_engine = false;
    // The pawn and material keys on the key's line, when the key pattern names them.
    std::optional<Key> pawn = std::nullopt;
    std::optional<Key> material = std::nullopt;
  };
  // `expected_fen` (when not empty) is the position the request set up; `keys_seen` whether an
  // earlier reply had a key (it is set when this one has). `fence_line` is the line that ended
  // the reply; with `numbered_fence` (xboard's pong N) it cannot belong to another request, so a
  // reply without a key is only that; without (UCI's readyok) such a reply once keys have come
  // shows a fence no request was waiting for.
  Outcome finish(std::string_view expected_fen, bool chess960, bool& keys_seen,
                 const std::string& fence_line, bool numbered_fence) const;

  // The refusal of the position when the reply held an error line about it: for an engine that
  // dies or stops answering after refusing (Stockfish 19's "CRITICAL ERROR" exits).
  std::optional<Error> refusal() const;

  // The fault of a line out of step with the requests (`why` follows the quoted line).
  Error out_of_step(const std::string& line, const std::string& why) const;

 private:
  // The keys on a line that matches the key pattern, or why what matched is not a key.
  std::optional<Expected<PrintedKeys>> key_on(const std::string& line);
  Error no_key() const;

  KeyReader* keys_;
  const KeyPattern* fen_pattern_;
  std::string name_;
  std::string asked_;
  std::string key_command_;
  int count_ = 0;
  std::optional<Expected<PrintedKeys>> found_;
  std::optional<std::string> shown_fen_, fen_line_, error_line_;
  std::optional<std::string> key_command_error_;  // an error line about the key command
  std::optional<std::string> long_line_;          // the first line too long to match, quoted
  std::array<std::string, 3> last_;               // the last three lines, a ring
  // The line the key was read from, and the fault of a second line matching the key pattern
  // (out_of_step words it as that, not as a desynchronisation).
  std::string key_line_;
  std::optional<std::string> second_key_line_;
};

}  // namespace zobrist_verify
