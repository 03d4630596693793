#include "chess/xfen_probe.h"

#include "isolation/isolation.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/doors/castling_letters.h"

namespace zobrist_verify::properties {

namespace {

// A Chess960 start whose rooks are each the outermost of their wing (f and h files): X-FEN's
// KQkq and Shredder's HFhf name the same rights.
constexpr const char* ProbeStart = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";

// Written by the worker when the target offers no Chess960: no note.
constexpr const char* NoChess960 = "";

// The target whose instances get castling in X-FEN letters (xfen) or Shredder letters.
Target in_letters(const Target& target, bool xfen, CallWatch* watch) {
  Target out = target;
  if (target.make_with_letters)
    out.make = [make = target.make_with_letters, xfen] { return make(xfen); };
  return watch ? watched_target(out, watch) : out;
}

struct Reading {
  std::string fen;
  Expected<Key> key = Error{"not read"};
};

Reading read_key(const Target& target, const std::string& fen) {
  Reading out{fen};
  std::unique_ptr<HashUnderTest> hash = new_instance(target);
  if (!hash) {
    out.key = Error{"it gave no instance"};
  } else if (Expected<Done> done = hash->set_position(fen, true); !done) {
    out.key = Error{"it refused " + fen + ": " + done.error()};
  } else {
    out.key = hash->key();
    if (!out.key) out.key = Error{"it gave no key for " + fen + ": " + out.key.error()};
  }
  return out;
}

std::string probe(const Target& target, CallWatch* watch) {
  const Target shredder_target = in_letters(target, false, watch);
  {
    std::unique_ptr<HashUnderTest> hash = new_instance(shredder_target);
    if (!hash || !hash->capabilities().chess960) return NoChess960;
  }
  Game game;
  (void)game.set(ProbeStart, polyglot_scheme(), FenOptions{.chess960 = true});
  const Reading shredder =
      read_key(shredder_target,
               with_chess960_castling(ProbeStart, game.position(), CastlingLetters::Shredder));
  const Reading xfen =
      read_key(in_letters(target, true, watch),
               with_chess960_castling(ProbeStart, game.position(), CastlingLetters::XFen));
  const std::string head = "reads X-FEN castling letters: ";
  if (shredder.key && xfen.key)
    return head + (*shredder.key == *xfen.key ? "yes (" : "no (") + xfen.fen + " gives " +
           hex_key_literal(*xfen.key) + ", " + shredder.fen + " gives " +
           hex_key_literal(*shredder.key) + ")";
  if (shredder.key) return head + "no (" + xfen.key.error() + ")";
  if (xfen.key)
    return head + "yes, Shredder letters not (" + xfen.fen + " gives " +
           hex_key_literal(*xfen.key) + "; " + shredder.key.error() + ")";
  return head + "not decided (" + shredder.key.error() + "; " + xfen.key.error() + ")";
}

}  // namespace

std::optional<std::string> xfen_probe_note(const Target& target, bool chess960, bool isolate,
                                           std::chrono::milliseconds timeout) {
  if (!chess960) return std::nullopt;
  std::string note;
  if (isolate) {
    const ChildRun run = run_in_child([&](CallWatch& w) { return probe(target, &w); }, timeout);
    note = run.end == ChildRun::End::Finished
               ? run.output
               : "reads X-FEN castling letters: not decided: the target " +
                     fault_words(run, run.call ? " on " + run.call->route.fen : std::string(),
                                 std::nullopt, "a probe");
  } else {
    note = probe(target, nullptr);
  }
  if (note.empty()) return std::nullopt;
  return note;
}

}  // namespace zobrist_verify::properties
