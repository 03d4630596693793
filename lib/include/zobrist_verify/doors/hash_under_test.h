// HashUnderTest: the one door through which every hashing implementation is checked, whether it
// is our reference, an in-process adapter, a C ABI plugin, a UCI engine or a book. The properties
// drive it with FENs and UCI moves chosen by the reference and read back its keys.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"
#include "zobrist_verify/doors/aux_key.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {

struct Capabilities {
  bool unmake = false;        // unmake_move() takes back the last move
  bool null_move = false;     // make_move("0000") passes the turn
  bool chess960 = false;      // Chess960 positions (castling in king-takes-rook notation)
  bool pawn_key = false;      // pawn_key() is meaningful
  bool material_key = false;  // material_key() is meaningful
  bool pipelined = false;     // request_key() returns before the key is known (see below)
  // The auxiliary keys aux_key(i) reads, each with what it is a function of (aux_key.h). A pawn
  // key that hashes more than the pawns (Ethereal's pawn-king key) is declared here with its real
  // content, and pawn_key stays false.
  std::vector<AuxKeyDescription> aux_keys{};
};

// A key asked for with request_key() and not yet collected.
struct KeyTicket {
  std::uint64_t id = 0;
};

class HashUnderTest {
 public:
  virtual ~HashUnderTest() = default;

  virtual std::string name() const = 0;
  virtual Capabilities capabilities() const = 0;

  // Sets the position. The FEN is valid (the reference parsed it); in Chess960 mode castling
  // moves arrive as king-takes-rook.
  [[nodiscard]] virtual Expected<Done> set_position(std::string_view fen, bool chess960) = 0;
  // set_position for a FEN in the form the reference's writer gives it: Position::fen() of a
  // position whose Chess960 flag is `chess960` (its en-passant field may have been replaced). That
  // is six fields, and castling '-', KQkq letters in standard chess, rook files in Chess960. A door
  // that brings every FEN into a form of its own (the plugin door) reads such a FEN no further.
  // The properties send the positions their games reach this way, as the std::string the writer
  // gave (a door may hand its NUL-terminated text on). The default is set_position.
  [[nodiscard]] virtual Expected<Done> set_written_position(const std::string& fen, bool chess960) {
    return set_position(fen, chess960);
  }
  // Plays a legal move in UCI notation; "0000" is a null move (only with capabilities().null_move).
  [[nodiscard]] virtual Expected<Done> make_move(std::string_view uci) = 0;
  // Takes back the last move (only with capabilities().unmake).
  [[nodiscard]] virtual Expected<Done> unmake_move() = 0;

  [[nodiscard]] virtual Expected<Key> key() = 0;

  // Pipelining, for targets behind a process boundary (a UCI engine), only with
  // capabilities().pipelined: request_key() asks for the key of the current position and returns
  // at once; collect_key() waits for it. Asking for the keys of a whole line before reading any
  // of them costs one round trip instead of one a position. Each ticket is collected at most once;
  // a ticket never collected is forgotten when the instance goes.
  [[nodiscard]] virtual Expected<KeyTicket> request_key() {
    return Error{name() + " cannot pipeline its keys"};
  }
  [[nodiscard]] virtual Expected<Key> collect_key(KeyTicket) {
    return Error{name() + " cannot pipeline its keys"};
  }
  // Pipelined targets: set_position(fen) and request_key() in one step that need not wait for the
  // target to take the FEN, so that a stream of fresh positions keeps the target busy. A refusal
  // of the FEN comes back either here or from collect_key() of the ticket, as the error
  // set_position would have returned (kind Refused or Withheld); collect_key() of such a ticket
  // has no other error of those kinds. The default does the two steps, so its refusals come
  // back here.
  [[nodiscard]] virtual Expected<KeyTicket> request_key_of(std::string_view fen, bool chess960) {
    if (Expected<Done> done = set_position(fen, chess960); !done) return done.failure();
    return request_key();
  }
  [[nodiscard]] virtual Expected<Key> pawn_key() { return Error{name() + " has no pawn key"}; }
  [[nodiscard]] virtual Expected<Key> material_key() {
    return Error{name() + " has no material key"};
  }
  // The auxiliary key capabilities().aux_keys[index] describes, in the current position.
  [[nodiscard]] virtual Expected<Key> aux_key(std::size_t index) {
    return Error{name() + " has no auxiliary key " + std::to_string(index)};
  }
};

// The reference position hashing with `scheme`: every capability, exact keys.
std::unique_ptr<HashUnderTest> make_reference_hash(const KeyScheme& scheme);

}  // namespace zobrist_verify
