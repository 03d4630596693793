// A fake xboard (CECP version 2) engine for the engine door's tests: the reference with Polyglot's
// keys behind the xboard commands the door sends (xboard, protover, accepted/rejected, new, force,
// variant fischerandom, setboard, usermove or bare moves, ping, quit),
// Stockfish's `d` ("Fen:" and "Key:" lines) as its key command, and Sjaak II's `perft D` (one
// total per depth, " d  N  0.00  1.00nps", run before the next line is read), and `divide D`
// ("e2e4: N" for each move, and no total line: only the fence ends it). Run as
// `xboard_engine MODE [N] [WORDS...]` (WORDS are ignored: tests pass a marker to find leftovers):
//   good             every feature the door needs; variants normal and fischerandom
//   bare-moves       as good, without usermove=1 (moves go bare) and without fischerandom
//   no-ping          never announces ping=1          (the door must refuse it, exit 2)
//   no-setboard      never announces setboard=1      (the same)
//   no-features      a protocol-1 engine: no feature line at all (the same, after CECP's 2 s)
//   done-later       done=0 first, the features half a second later
//   slow-start       says nothing for 2.5 s after "protover 2" (it loads), then every feature
//   bad-feature      a feature line with an unterminated quote (exit 2)
//   wrong-pong-at-start  answers the first ping with another number (exit 2)
//   crash-on-promotion   SIGSEGV when a move played is a promotion
//   hang-on-promotion    stops answering when a move played is a promotion
//   wrong-pong-on-promotion  answers the ping of such a request with another number
//   stray-pong N     prints "pong 0" after its N-th pong (a line out of step)
//   stray-key N      repeats its last "Key:" line after its N-th pong (a line out of step)
//   stray-comment N  prints "# thinking" after every N-th pong (harmless)
//   refuse-some      answers one FEN in 40 with "tellusererror Illegal position", keeping its
//                    old position (a counted refusal)
//   castling-bug     a planted hashing bug: each castling move played XORs a constant into the key,
//                    so the key of a position depends on whether it was reached by castling
//   no-en-passant    a planted move generator bug: perft leaves out every en-passant capture
//   late-divide      prints each `divide` reply after its answer to the next ping (a reply that
//                    no fence can end: every one comes late)
//   late-divide-once N   as good, but its N-th `divide` reply comes after the next pong, once
//   crash-after N    SIGSEGV at its N-th setboard, as Sjeng crashes after some hundred positions
//                    in one process whatever they are
#include <signal.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace {

using namespace zobrist_verify;

void say(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

// A checksum of a FEN (FNV-1a), to refuse the same FENs on every run.
std::uint32_t checksum(const std::string& text) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : text) h = (h ^ c) * 16777619u;
  return h;
}

bool is_promotion(const std::string& move) {
  return move.size() == 5;
}

// Leaves at `depth`, without the en-passant captures when `drop_en_passant`.
std::uint64_t count(Position& pos, int depth, bool drop_en_passant) {
  if (depth == 0) return 1;
  std::uint64_t leaves = 0;
  for (Move m : legal_moves(pos)) {
    if (drop_en_passant && m.kind() == MoveKind::EnPassant) continue;
    StateInfo state;
    pos.make_move(m, state);
    leaves += count(pos, depth - 1, drop_en_passant);
    pos.unmake_move(m);
  }
  return leaves;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "good";
  const long n = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 0;
  Game game;
  (void)game.set(StartFen, polyglot_scheme());
  bool chess960 = false, ping_wrongly = false;
  long pongs = 0, setboards = 0, divides = 0;
  std::string held;  // late-divide: a divide's lines, printed after the next pong
  Key castling_error = 0;
  std::string last_key_line;
  for (std::string line; std::getline(std::cin, line);) {
    const std::string word = line.substr(0, line.find(' '));
    const std::string rest = line.size() > word.size() ? line.substr(word.size() + 1) : "";
    if (word == "protover") {
      if (mode == "slow-start") ::usleep(2'500'000);
      say("# fake xboard engine, mode " + mode);
      if (mode == "no-features") continue;
      if (mode == "bad-feature") {
        say("feature ping=1 myname=\"unterminated");
        continue;
      }
      if (mode == "done-later") {
        say("feature done=0");
        ::usleep(500'000);
      }
      std::string features = "feature myname=\"fake xboard " + mode + "\" sigint=0 sigterm=0";
      if (mode != "no-ping") features += " ping=1";
      if (mode != "no-setboard") features += " setboard=1";
      if (mode != "bare-moves") features += " usermove=1 variants=\"normal,fischerandom\"";
      say(features + " colors=0 san=0 sjef=1");
      say("feature done=1");
    } else if (word == "new") {
      (void)game.set(StartFen, polyglot_scheme());
      chess960 = false;
    } else if (word == "variant") {
      chess960 = rest == "fischerandom";
    } else if (word == "setboard") {
      if (mode == "crash-after" && ++setboards == n) ::raise(SIGSEGV);
      const bool refuse = mode == "refuse-some" && checksum(rest) % 40 == 0;
      FenOptions options{.chess960 = chess960, .allow_unreachable = true};
      if (refuse || !game.set(rest, polyglot_scheme(), options).empty()) {
        say("tellusererror Illegal position");
        continue;
      }
      castling_error = 0;
    } else if (word == "ping") {
      ++pongs;
      const long number = std::strtol(rest.c_str(), nullptr, 10);
      const bool wrong = (mode == "wrong-pong-at-start" && pongs == 1) || ping_wrongly;
      ping_wrongly = false;
      say("pong " + std::to_string(wrong ? number + 1 : number));
      if (!held.empty()) {
        std::fputs(held.c_str(), stdout);
        std::fflush(stdout);
        held.clear();
      }
      if (mode == "stray-pong" && pongs == n) say("pong 0");
      if (mode == "stray-key" && pongs == n && !last_key_line.empty()) say(last_key_line);
      if (mode == "stray-comment" && n > 0 && pongs % n == 0) say("# thinking");
    } else if (word == "d") {
      char key[40];
      std::snprintf(key, sizeof key, "Key: %016" PRIX64, game.position().key() ^ castling_error);
      last_key_line = key;
      say("Fen: " + game.position().fen());
      say(last_key_line);
    } else if (word == "perft") {
      const int depth = std::atoi(rest.c_str());
      for (int d = 1; d <= depth; ++d)
        std::printf("%2d %10" PRIu64 "  0.00  1.00nps\n", d,
                    count(game.position(), d, mode == "no-en-passant"));
      std::fflush(stdout);
    } else if (word == "divide") {
      const int depth = std::atoi(rest.c_str());
      Position& pos = game.position();
      std::string reply;
      for (Move m : legal_moves(pos)) {
        if (mode == "no-en-passant" && m.kind() == MoveKind::EnPassant) continue;
        StateInfo state;
        const std::string text = move_to_uci(m, pos.is_chess960());
        pos.make_move(m, state);
        reply +=
            text + ": " + std::to_string(count(pos, depth - 1, mode == "no-en-passant")) + "\n";
        pos.unmake_move(m);
      }
      ++divides;
      if (mode == "late-divide" || (mode == "late-divide-once" && divides == n)) {
        held = reply;
        continue;
      }
      std::fputs(reply.c_str(), stdout);
      std::fflush(stdout);
    } else if (word == "quit") {
      break;
    } else if (word == "xboard" || word == "accepted" || word == "rejected" || word == "force") {
      continue;
    } else {
      const std::string move = word == "usermove" ? rest : word;
      if (is_promotion(move)) {
        if (mode == "crash-on-promotion") ::raise(SIGSEGV);
        if (mode == "hang-on-promotion") ::pause();
        if (mode == "wrong-pong-on-promotion") ping_wrongly = true;
      }
      Expected<Move> played = game.play_uci(move);
      if (!played) {
        say("Illegal move: " + move);
        continue;
      }
      if (mode == "castling-bug" && played->kind() == MoveKind::Castling)
        castling_error ^= 0x0123456789ABCDEFull;
    }
  }
  return 0;
}
