// The xboard protocol (CECP, version 2) as text, without a process: the "feature" lines of the
// handshake and the replies they need, the "pong N" that fences a reply, the lines that refuse a
// position, and the lines that set one up. The engine process is xboard_engine.h; the engine
// door's dialect is xboard_dialect.h. Every function here is pure, and fuzzed
// (fuzz/fuzz_engine_reply.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

// How each position's game starts (XboardEngine::game_lines). NewEachPosition: CECP's sequence
// before every "setboard", as GUIs send it: "new" (a fresh game: Sjeng 11.2 resets its move
// counter there and nowhere else, and crashes after about 600 moves in one game), "variant
// fischerandom" for a Chess960 position, "force". SetOnce (--no-new): "new", "force" and the
// variant only when the game changes between standard chess and Chess960.
enum class XboardGames : std::uint8_t { NewEachPosition, SetOnce };

// One NAME=VALUE of a feature line; a quoted value without its quotes.
struct XboardFeature {
  std::string name;
  std::string value;
};

// The words after "feature": NAME=VALUE pairs separated by blanks, a VALUE either one word or
// "quoted" (blanks allowed, no escapes; myname="Sjaak II 1.4.1"). The error says where the text
// stops being such pairs (a word without '=', an unterminated quote).
[[nodiscard]] Expected<std::vector<XboardFeature>> parse_feature_list(std::string_view text);

// What an engine announced in its handshake, read line by line (take_line) up to "feature done=1".
// Its replies are what CECP asks of a GUI: "accepted NAME" for each feature the door
// understands, "rejected NAME" for the others and for san=1 (the door sends coordinate moves; a
// rejected feature keeps its default).
class XboardHandshake {
 public:
  // Reads one line of the engine's. Lines other than "feature ..." (greetings, "#" comments) are
  // passed over; a malformed feature line is an error naming it, and nothing of it is taken.
  [[nodiscard]] Expected<Done> take_line(std::string_view line);
  // The replies owed for the lines taken since the last call, in order, and forgets them.
  std::vector<std::string> take_replies();

  // Whether "done=1" has come: the engine's features are complete.
  bool done() const { return done_; }
  // Whether "done=0" came (and no done=1 yet): the engine asks for time to start up, and the
  // door waits for done=1 longer than CECP's two seconds.
  bool waits_longer() const { return waits_longer_; }

  bool ping() const { return ping_; }
  bool setboard() const { return setboard_; }
  bool usermove() const { return usermove_; }
  // feature memory=1: the engine takes "memory N" (megabytes for its tables).
  bool memory() const { return memory_; }
  // The engine's myname, as given (empty when it sent none).
  const std::string& myname() const { return myname_; }
  // The variants it plays: its "variants" feature, or "normal" alone when it sent none.
  const std::vector<std::string>& variants() const { return variants_; }
  bool plays_variant(std::string_view variant) const;

  // Why the engine cannot be used by the door, naming each missing feature ("it does not announce
  // feature ping=1 (the reply fence) nor setboard=1 (positions from a FEN)"), or nothing.
  std::optional<std::string> missing_features() const;
  // Why the engine cannot be given chess: its variants feature does not include "normal" (CrazyWa
  // and HaChu play shogi and other games), the list quoted; nothing when it plays normal chess,
  // as an engine that sends no variants feature does.
  std::optional<std::string> no_normal_chess() const;

 private:
  std::vector<std::string> replies_;
  bool done_ = false;
  bool waits_longer_ = false;
  bool ping_ = false;
  bool setboard_ = false;
  bool usermove_ = false;
  bool memory_ = false;
  std::string myname_;
  std::vector<std::string> variants_{"normal"};
};

// The number of a "pong N" line; std::nullopt for any other line. A "pong" whose N is not a
// number (or too large) gives UINT64_MAX, which no "ping" of the door's carries.
std::optional<std::uint64_t> pong_number(std::string_view line);

// Whether a line of an xboard engine's reply refuses what it was sent: the error lines of CECP
// ("Error (unknown command): d", "Illegal move: e2e5", "Illegal move (no piece): e2e5",
// "illegal position", "tellusererror Illegal position") and those reports_error knows.
bool xboard_reports_error(std::string_view line);

// The lines that set up the position reached by `uci_moves` (coordinate moves separated by
// spaces) from `fen`: "setboard FEN", then each move as "usermove MOVE" (with `usermove`) or alone.
std::vector<std::string> xboard_position_lines(std::string_view fen, std::string_view uci_moves,
                                               bool usermove);

}  // namespace zobrist_verify
