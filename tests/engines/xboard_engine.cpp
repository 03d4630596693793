// A fake xboard (CECP version 2) engine for the engine door's tests: the reference with Polyglot's
// keys behind the xboard commands the door sends (xboard, protover, accepted/rejected, new, force,
// variant fischerandom, setboard, usermove or bare moves, ping, quit),
// Stockfish's `d` ("Fen:" and "Key:" lines) as its key command, and Sjaak II's `perft D` (one
// total per depth, " d  N  0.00  1.00nps", run before the next line is read), and `divide D`
// ("e2e4: N" for each move, and no total line: only the fence ends it). Run as
// `xboard_engine MODE [N] [WORDS...]` (WORDS are ignored: tests pass a marker to find leftovers):
//   good             every feature the door needs; variants normal and fischerandom; memory=1
//                    (it alone takes "memory N": any other mode takes the word for a move)
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
//   crash-without-new N  SIGSEGV at its N-th move since its last `new` (setboard counts none), as
//                    Sjeng 11.2, whose move counter only `new` resets
//   shogi-only       its variants are "crazyhouse,shogi,minishogi", without normal (as CrazyWa)
//   lan-divide       `divide D` as PyChess's `perft D 1`: for each depth 1 to D, a line
//                    "MOVE COUNT RUNNING-TOTAL" a move, its move in long algebraic (Ng1-f3, e5-d6,
//                    b7-b8=Q, Ke1-g1), then " d  TOTAL  0.00  1.00nps"
//   san-divide       as lan-divide, its moves in SAN (Nf3, exd6, b8=Q, O-O, Nbd2)
//   ambiguous-san    as san-divide, without SAN's disambiguation (Nd2 for two knights)
//   wrong-san        as san-divide, its knight moves written with a B (Bf3 for Nf3)
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

std::string square_text(Square s) {
  return {char('a' + int(file_of(s))), char('1' + int(rank_of(s)))};
}

constexpr const char* PieceLetters = " PNBRQK";

// `m` in long algebraic, as PyChess's perft prints it: the piece letter (none for a pawn), the
// squares with '-' or 'x' (a capture on the square: an en passant is '-'), "=Q" promotions.
std::string long_algebraic(const Position& pos, Move m) {
  const PieceType type = type_of(pos.piece_on(m.from()));
  std::string text = type == Pawn ? "" : std::string(1, PieceLetters[type]);
  text += square_text(m.from());
  const bool castling = m.kind() == MoveKind::Castling;
  text += !castling && pos.piece_on(m.to()) != NoPiece ? "x" : "-";
  // Castling is king takes rook here; in standard chess the king goes two squares.
  const Square to =
      castling ? make_square(file_of(m.to()) > file_of(m.from()) ? FileG : FileC, rank_of(m.from()))
               : m.to();
  text += square_text(to);
  if (m.kind() == MoveKind::Promotion) text += std::string("=") + PieceLetters[m.promotion_type()];
  return text;
}

// `m` in SAN without check marks; `disambiguate` false leaves out the square a piece comes from
// even where two pieces reach the square; `knight` is the knights' letter.
std::string san(const Position& pos, Move m, bool disambiguate, char knight) {
  if (m.kind() == MoveKind::Castling) return file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
  const PieceType type = type_of(pos.piece_on(m.from()));
  const bool capture = pos.piece_on(m.to()) != NoPiece || m.kind() == MoveKind::EnPassant;
  std::string text;
  if (type == Pawn) {
    if (capture) text = std::string(1, char('a' + int(file_of(m.from())))) + "x";
    text += square_text(m.to());
    if (m.kind() == MoveKind::Promotion)
      text += std::string("=") + PieceLetters[m.promotion_type()];
    return text;
  }
  text = type == Knight ? std::string(1, knight) : std::string(1, PieceLetters[type]);
  bool same_file = false, same_rank = false, other = false;
  for (Move o : legal_moves(pos)) {
    if (o == m || o.to() != m.to() || o.kind() == MoveKind::Castling ||
        type_of(pos.piece_on(o.from())) != type)
      continue;
    other = true;
    same_file |= file_of(o.from()) == file_of(m.from());
    same_rank |= rank_of(o.from()) == rank_of(m.from());
  }
  if (disambiguate && other) {
    if (!same_file)
      text += char('a' + int(file_of(m.from())));
    else if (!same_rank)
      text += char('1' + int(rank_of(m.from())));
    else
      text += square_text(m.from());
  }
  return text + (capture ? "x" : "") + square_text(m.to());
}

// PyChess's `perft D 1`: the divide at each depth from 1 to D, each followed by its total.
std::string pychess_divides(Position& pos, int depth, const std::string& mode) {
  std::string reply;
  char line[160];
  for (int d = 1; d <= depth; ++d) {
    std::uint64_t running = 0;
    for (Move m : legal_moves(pos)) {
      const std::string text = mode == "lan-divide"      ? long_algebraic(pos, m)
                               : mode == "ambiguous-san" ? san(pos, m, false, 'N')
                               : mode == "wrong-san"     ? san(pos, m, true, 'B')
                                                         : san(pos, m, true, 'N');
      StateInfo state;
      pos.make_move(m, state);
      const std::uint64_t leaves = count(pos, d - 1, false);
      pos.unmake_move(m);
      running += leaves;
      std::snprintf(line, sizeof line, "%8s %10" PRIu64 " %10" PRIu64 "\n", text.c_str(), leaves,
                    running);
      reply += line;
    }
    std::snprintf(line, sizeof line, "%2d %10" PRIu64 "  0.00  1.00nps\n", d, running);
    reply += line;
  }
  return reply;
}

// The reply to "protover 2": the mode's features.
void announce_features(const std::string& mode) {
  if (mode == "slow-start") ::usleep(2'500'000);
  say("# fake xboard engine, mode " + mode);
  if (mode == "no-features") return;
  if (mode == "bad-feature") {
    say("feature ping=1 myname=\"unterminated");
    return;
  }
  if (mode == "done-later") {
    say("feature done=0");
    ::usleep(500'000);
  }
  std::string features = "feature myname=\"fake xboard " + mode + "\" sigint=0 sigterm=0";
  if (mode != "no-ping") features += " ping=1";
  if (mode != "no-setboard") features += " setboard=1";
  if (mode == "shogi-only")
    features += " usermove=1 variants=\"crazyhouse,shogi,minishogi\"";
  else if (mode != "bare-moves")
    features += " usermove=1 variants=\"normal,fischerandom\"";
  if (mode == "good") features += " memory=1";
  say(features + " colors=0 san=0 sjef=1");
  say("feature done=1");
}

// `divide D`: "MOVE: COUNT" for each move, in UCI, without a total line.
std::string uci_divide(Position& pos, int depth, const std::string& mode) {
  std::string reply;
  for (Move m : legal_moves(pos)) {
    if (mode == "no-en-passant" && m.kind() == MoveKind::EnPassant) continue;
    StateInfo state;
    const std::string text = move_to_uci(m, pos.is_chess960());
    pos.make_move(m, state);
    reply += text + ": " + std::to_string(count(pos, depth - 1, mode == "no-en-passant")) + "\n";
    pos.unmake_move(m);
  }
  return reply;
}
// What the fake holds between commands.
struct Fake {
  std::string mode;
  long n = 0;  // the count after the mode
  Game game;
  bool chess960 = false, ping_wrongly = false;
  long pongs = 0, setboards = 0, divides = 0, moves_since_new = 0;
  std::string held;  // late-divide: a divide's lines, printed after the next pong
  Key castling_error = 0;
  std::string last_key_line;
};

void answer_ping(Fake& f, const std::string& rest) {
  ++f.pongs;
  const long number = std::strtol(rest.c_str(), nullptr, 10);
  const bool wrong = (f.mode == "wrong-pong-at-start" && f.pongs == 1) || f.ping_wrongly;
  f.ping_wrongly = false;
  say("pong " + std::to_string(wrong ? number + 1 : number));
  if (!f.held.empty()) {
    std::fputs(f.held.c_str(), stdout);
    std::fflush(stdout);
    f.held.clear();
  }
  if (f.mode == "stray-pong" && f.pongs == f.n) say("pong 0");
  if (f.mode == "stray-key" && f.pongs == f.n && !f.last_key_line.empty()) say(f.last_key_line);
  if (f.mode == "stray-comment" && f.n > 0 && f.pongs % f.n == 0) say("# thinking");
}

void set_board(Fake& f, const std::string& fen) {
  if (f.mode == "crash-after" && ++f.setboards == f.n) ::raise(SIGSEGV);
  const bool refuse = f.mode == "refuse-some" && checksum(fen) % 40 == 0;
  FenOptions options{.chess960 = f.chess960, .allow_unreachable = true};
  if (refuse || !f.game.set(fen, polyglot_scheme(), options).empty()) {
    say("tellusererror Illegal position");
    return;
  }
  f.castling_error = 0;
}

void play_move(Fake& f, const std::string& move) {
  if (f.mode == "crash-without-new" && ++f.moves_since_new == f.n) ::raise(SIGSEGV);
  if (is_promotion(move)) {
    if (f.mode == "crash-on-promotion") ::raise(SIGSEGV);
    if (f.mode == "hang-on-promotion") ::pause();
    if (f.mode == "wrong-pong-on-promotion") f.ping_wrongly = true;
  }
  Expected<Move> played = f.game.play_uci(move);
  if (!played) {
    say("Illegal move: " + move);
    return;
  }
  if (f.mode == "castling-bug" && played->kind() == MoveKind::Castling)
    f.castling_error ^= 0x0123456789ABCDEFull;
}

void divide(Fake& f, int depth) {
  const std::string& mode = f.mode;
  std::string reply;
  if (mode == "lan-divide" || mode == "san-divide" || mode == "ambiguous-san" ||
      mode == "wrong-san") {
    reply = pychess_divides(f.game.position(), depth, mode);
  } else {
    reply = uci_divide(f.game.position(), depth, mode);
    ++f.divides;
    if (mode == "late-divide" || (mode == "late-divide-once" && f.divides == f.n)) {
      f.held = reply;
      return;
    }
  }
  std::fputs(reply.c_str(), stdout);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  Fake f;
  f.mode = argc > 1 ? argv[1] : "good";
  f.n = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 0;
  (void)f.game.set(StartFen, polyglot_scheme());
  for (std::string line; std::getline(std::cin, line);) {
    const std::string word = line.substr(0, line.find(' '));
    const std::string rest = line.size() > word.size() ? line.substr(word.size() + 1) : "";
    if (word == "protover") {
      announce_features(f.mode);
    } else if (word == "memory" && f.mode == "good") {
      // Its tables' size in megabytes: the reference keeps none.
    } else if (word == "new") {
      (void)f.game.set(StartFen, polyglot_scheme());
      f.chess960 = false;
      f.moves_since_new = 0;
    } else if (word == "variant") {
      f.chess960 = rest == "fischerandom";
    } else if (word == "setboard") {
      set_board(f, rest);
    } else if (word == "ping") {
      answer_ping(f, rest);
    } else if (word == "d") {
      char key[40];
      std::snprintf(key, sizeof key, "Key: %016" PRIX64,
                    f.game.position().key() ^ f.castling_error);
      f.last_key_line = key;
      say("Fen: " + f.game.position().fen());
      say(f.last_key_line);
    } else if (word == "perft") {
      const int depth = std::atoi(rest.c_str());
      for (int d = 1; d <= depth; ++d)
        std::printf("%2d %10" PRIu64 "  0.00  1.00nps\n", d,
                    count(f.game.position(), d, f.mode == "no-en-passant"));
      std::fflush(stdout);
    } else if (word == "divide") {
      divide(f, std::atoi(rest.c_str()));
    } else if (word == "quit") {
      break;
    } else if (word != "xboard" && word != "accepted" && word != "rejected" && word != "force") {
      play_move(f, word == "usermove" ? rest : word);
    }
  }
  return 0;
}
