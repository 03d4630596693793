// A UCI engine for the tests of engines as they are (decimal keys, perft commands other than
// Stockfish's): the reference with Polyglot's keys, answering `d` and a perft command in the
// forms real engines use. Options, each optional:
//   --keys hex|decimal|signed|short|bare|padded|bang   `d` prints "Fen: F" and "Key: K" with K in
//        hex (as Stockfish), in decimal (as Glaurung 2.2), as a signed 64-bit decimal (as %lld,
//        Java and C#), or as the key modulo 10^16 in decimal (digits only, at most 16 of them:
//        the base cannot be told from it); `bare` prints Glaurung's two lines: the FEN without its
//        clocks, then the decimal key alone; `padded` the hex key, 1,100 spaces and "GARBAGE"
//        (a line once judged by its first kilobyte); `bang` 40 hex digits and "!" (a line on
//        which '^Key: *((?:[0-9A-Fa-f]+)*)$' backtracked for minutes under std::regex); and
//        `key` prints Glaurung 2.2's line of three decimal keys, "key: K material key: M pawn
//        key: P" (the reference's key, material key and pawn key)
//   --perft divide|totals|per-depth|search   `perft D` and `go perft D` print Stockfish's divide,
//        the total alone (as Ethereal 12), one total per depth " d  N  0.00  1nps" (as Sjaak
//        II), or start a search that prints "info depth" lines until `stop` (as Toga II 3.0)
//   --bug no-en-passant   the perft counts leave out every en-passant capture, at every depth
//   --bug crash-on-en-passant   aborts at a perft command where an en-passant capture is legal
//   --bug pawn-key-sees-knights   `key`'s pawn key also hashes the knights (their squares' keys)
//   --bug total-in-flight   a divide's "Nodes searched" says one more than its counts when more
//        input is already waiting, as Stockfish 15.1's can with requests in flight (its input
//        thread counts the next position's moves into the same counter); alone it is right
//   --banner              prints a coloured banner before reading anything (as Sjaak II)
//   --late                holds its perft replies while more input comes (up to 8, or until its
//        input has been quiet for 10 ms), as an engine whose perft runs while it reads on; with
//        --log FILE it writes there how many replies each release held ("released N")
//   --reorder             with --late: releases the held replies last first (out of order)
//   --unknown             answers a command it does not know as Stockfish 15.1 does: "Unknown
//        command: 'LINE'. Type help for more information." (an xboard handshake, say)
#include <poll.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace {

using namespace zobrist_verify;

struct Options {
  std::string keys = "hex", perft = "divide";
  bool drop_en_passant = false, crash_on_en_passant = false, total_in_flight = false,
       pawn_key_sees_knights = false, banner = false, late = false, reorder = false,
       unknown = false;
  std::string log;
};

// "position startpos|fen F moves M...": false when malformed.
bool set_position(Game& game, const std::string& line) {
  std::istringstream words(line.substr(9));
  std::string word, fen;
  words >> word;
  if (word == "startpos") {
    fen = StartFen;
    words >> word;
  } else if (word == "fen") {
    while (words >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
  } else {
    return false;
  }
  if (!game.set(fen, polyglot_scheme(), FenOptions{.allow_unreachable = true}).empty())
    return false;
  while (words >> word)
    if (!game.play_uci(word)) return false;
  return true;
}

// Leaves at `depth`, the planted bug included.
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

void display(Position& pos, const std::string& keys) {
  const Key key = pos.key();
  if (keys == "bare") {
    std::istringstream fields(pos.fen());
    std::string field, four;
    for (int i = 0; i < 4 && fields >> field; ++i) four += (i ? " " : "") + field;
    std::printf("+---+\n%s\n%" PRIu64 "\n", four.c_str(), key);
    return;
  }
  std::printf("Fen: %s\n", pos.fen().c_str());
  if (keys == "decimal")
    std::printf("Key: %" PRIu64 "\n", key);
  else if (keys == "signed")
    std::printf("Key: %" PRId64 "\n", std::int64_t(key));
  else if (keys == "short")
    std::printf("Key: %" PRIu64 "\n", std::uint64_t(key % 10'000'000'000'000'000ULL));
  else if (keys == "padded")
    std::printf("Key: %016" PRIX64 "%1100sGARBAGE\n", key, "");
  else if (keys == "bang")
    std::printf("Key: %016" PRIX64 "%016" PRIX64 "%08X!\n", key, key, unsigned(key));
  else
    std::printf("Key: %016" PRIX64 "\n", key);
}

// Glaurung 2.2's `key`: "key: K material key: M pawn key: P", in decimal.
void print_three_keys(const Position& pos, bool pawn_key_sees_knights) {
  Key pawn_key = pos.pawn_key();
  if (pawn_key_sees_knights)
    for (Square s = A1; s < SquareCount; ++s)
      if (type_of(pos.piece_on(s)) == Knight) pawn_key ^= polyglot_scheme().psq[pos.piece_on(s)][s];
  std::printf("key: %" PRIu64 " material key: %" PRIu64 " pawn key: %" PRIu64 "\n", pos.key(),
              pos.material_key(), pawn_key);
}

// Whether a line of input is waiting (in cin's buffer, or in the pipe within `ms`).
bool input_waiting(int ms) {
  if (std::cin.rdbuf()->in_avail() > 0) return true;
  pollfd in{0, POLLIN, 0};
  return ::poll(&in, 1, ms) > 0;
}

// The reply to a perft command, as text. `log`, when open, is told of each total made wrong.
std::string perft(Position& pos, int depth, const Options& options, std::ofstream& log) {
  std::string out;
  char line[128];
  if (options.perft == "totals") {
    std::snprintf(line, sizeof line, "%" PRIu64 "\n", count(pos, depth, options.drop_en_passant));
    out += line;
  } else if (options.perft == "per-depth") {
    for (int d = 1; d <= depth; ++d) {
      std::snprintf(line, sizeof line, "%2d %10" PRIu64 "  0.00  1.00nps\n", d,
                    count(pos, d, options.drop_en_passant));
      out += line;
    }
  } else {
    std::uint64_t total = 0;
    for (Move m : legal_moves(pos)) {
      if (options.drop_en_passant && m.kind() == MoveKind::EnPassant) continue;
      StateInfo state;
      pos.make_move(m, state);
      const std::uint64_t leaves = count(pos, depth - 1, options.drop_en_passant);
      pos.unmake_move(m);
      std::snprintf(line, sizeof line, "%s: %" PRIu64 "\n", move_to_uci(m, false).c_str(), leaves);
      out += line;
      total += leaves;
    }
    if (options.total_in_flight && input_waiting(0)) {
      ++total;
      if (log.is_open()) log << "total off by one" << std::endl;
    }
    std::snprintf(line, sizeof line, "\nNodes searched: %" PRIu64 "\n", total);
    out += line;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--keys") == 0)
      options.keys = argv[++i];
    else if (std::strcmp(argv[i], "--perft") == 0)
      options.perft = argv[++i];
    else if (std::strcmp(argv[i], "--bug") == 0) {
      const std::string bug = argv[++i];
      options.drop_en_passant = bug == "no-en-passant";
      options.crash_on_en_passant = bug == "crash-on-en-passant";
      options.total_in_flight = bug == "total-in-flight";
      options.pawn_key_sees_knights = bug == "pawn-key-sees-knights";
    } else if (std::strcmp(argv[i], "--log") == 0)
      options.log = argv[++i];
  }
  for (int i = 1; i < argc; ++i) {
    options.banner |= std::strcmp(argv[i], "--banner") == 0;
    options.late |= std::strcmp(argv[i], "--late") == 0;
    options.reorder |= std::strcmp(argv[i], "--reorder") == 0;
    options.unknown |= std::strcmp(argv[i], "--unknown") == 0;
  }
  std::ios::sync_with_stdio(false);  // cin's own buffer, which input_waiting looks into
  std::ofstream log;
  if (!options.log.empty()) log.open(options.log, std::ios::app);
  if (log.is_open()) log << "started" << std::endl;
  std::vector<std::string> held;  // --late: replies not yet printed
  const auto release = [&] {
    if (held.empty()) return;
    if (options.reorder) std::reverse(held.begin(), held.end());
    for (const std::string& reply : held) std::fputs(reply.c_str(), stdout);
    if (log.is_open()) log << "released " << held.size() << std::endl;
    held.clear();
    std::fflush(stdout);
  };
  if (options.banner)
    std::printf(
        "Perft engine 1.0\n\x1b[1m\x1b[46m\x1b[30mr \x1b[45m\x1b[30mn \x1b[0m\n#[Chess] 0w>\n");
  Game game;
  (void)game.set(StartFen, polyglot_scheme());
  for (std::string line;;) {
    if (!held.empty() && (held.size() >= 8 || !input_waiting(10))) release();
    if (!std::getline(std::cin, line)) break;
    if (line == "uci") {
      std::printf("id name perft engine (%s keys, %s perft)\nuciok\n", options.keys.c_str(),
                  options.perft.c_str());
    } else if (line == "isready") {
      release();  // a fence: every reply before it first
      std::printf("readyok\n");
    } else if (line.starts_with("position ")) {
      if (!set_position(game, line)) std::printf("info string Invalid position\n");
    } else if (line == "d") {
      display(game.position(), options.keys);
    } else if (line == "key") {
      print_three_keys(game.position(), options.pawn_key_sees_knights);
    } else if (line.starts_with("perft ") || line.starts_with("go perft ")) {
      const int depth = std::atoi(line.c_str() + line.find("perft ") + 6);
      if (options.crash_on_en_passant) {
        const MoveList moves = legal_moves(game.position());
        if (std::any_of(moves.begin(), moves.end(),
                        [](Move m) { return m.kind() == MoveKind::EnPassant; }))
          std::abort();
      }
      if (options.perft == "search")
        std::printf("info depth 1 seldepth 1 score cp 20 nodes 20 pv e2e4\ninfo depth 2\n");
      else if (options.late)
        held.push_back(perft(game.position(), depth, options, log));
      else
        std::fputs(perft(game.position(), depth, options, log).c_str(), stdout);
    } else if (line == "stop") {
      std::printf("bestmove e2e4\n");
    } else if (line == "quit") {
      break;
    } else if (options.unknown) {
      std::printf("Unknown command: '%s'. Type help for more information.\n", line.c_str());
    }
    std::fflush(stdout);
  }
}
