// The compiled-in starting positions of the game generator. The perft positions are carried over
// from corpus/perft/tricky.perft (sources named there: the Chessprogramming wiki "Perft Results"
// page and TalkChess threads); the Chess960 middlegames are the first lines of
// corpus/perft/fischer.epd; the rest are written for this suite, each to put one rare case a move
// or two away. Every start is one a legal game reaches (the strict FEN reader accepts it): six
// tricky positions have checks no game gives, so each is replaced by a reachable one with its
// feature (tests/chess/fen_impossible_check_test.cpp lists the originals). The en-passant
// property's designed double pushes are here too.
#include "chess/generators.h"
#include "zobrist_verify/chess/game.h"

namespace zobrist_verify::properties {

namespace {

constexpr CorpusPosition Corpus[] = {
    // Standard chess, corpus/perft/tricky.perft.
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"perft-3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
    // Position 4 (mirrored) with the f3 knight on g5: its last move Nf7-g5 discovered the b3
    // bishop's check, which no white move gives in the original.
    {"perft-4-mirrored-reachable",
     "r2q1rk1/pP1p2pp/Q4n2/bbp1p1N1/Np6/1B4Bn/pPPP1PPP/R3K2R b KQ - 0 1", false},
    {"perft-5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
    {"perft-6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false},
    {"gotta-love-perft-1", "8/ppp3p1/8/8/3p4/5Q2/1ppp2K1/brk4n w - - 0 1", false},
    {"gotta-love-perft-2", "8/6kR/8/8/8/bq6/1rqqqqqq/K1nqnbrq b - - 0 1", false},
    // Reachable versions, in the same slots, of the tricky positions with impossible checks: two
    // checkers on one line through the king never occur, so these are double checks from a
    // contact slider and a distant one; the en passant ones are in check from the pushed pawn,
    // pinned along the rank, and in a check the push discovered that the capture leaves standing.
    {"double-check-diagonal", "3R4/8/5k2/2B5/1NK4q/3b4/8/8 w - - 0 1", false},      // Be4-d3
    {"double-check-contact-rook", "5R2/2P5/1b6/4k3/8/3rK3/8/7r w - - 0 1", false},  // Rd4-d3
    {"ep-captures-checker", "8/8/8/2k5/3Pp3/8/8/4KQ2 b - d3 0 1", false},
    {"ep-pinned-rank", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", false},
    {"ep-discovered-check-stays", "8/8/7k/8/3Pp3/8/8/2B1K3 b - d3 0 1", false},

    // Written for this suite: en passant a move away.
    {"ep-capturable", "rnbqkbnr/ppp1p1pp/8/8/3p1p2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3", false},
    {"ep-pinned-horizontal", "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", false},
    {"ep-pinned-diagonal", "8/8/5k2/8/3p4/8/1B2P3/4K3 w - - 0 1", false},
    {"ep-check-evasion", "8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1", false},
    {"ep-discovered-check", "8/8/8/7k/5p2/8/4P3/3BK3 w - - 0 1", false},
    {"ep-black-pushes", "rnbqkbnr/pppppppp/8/3P1P2/8/8/PPP1P1PP/RNBQKBNR b KQkq - 0 3", false},
    // Promotions a move away, with and without captures.
    {"promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
    // One pawn left, about to be taken or promoted: the next position is pawnless.
    {"last-pawn-capturable", "8/8/8/3k4/8/8/3p4/3K4 w - - 0 1", false},
    {"last-pawn-promotes", "8/P7/8/8/8/8/8/k6K w - - 0 1", false},
    {"promotion-takes-corner-rook", "r3k2r/1P6/8/8/8/8/1p6/R3K2R w KQkq - 0 1", false},
    // Castling on both wings a move away, and corner rooks under attack.
    {"castling-both-wings", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", false},
    {"corner-rooks-attacked", "r3k2r/8/8/3B4/3b4/8/8/R3K2R w KQkq - 0 1", false},
    {"castling-one-rook", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", false},
    {"castling-developed", "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8",
     false},
    {"castling-queen-side-only", "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 b Qq - 0 1", false},

    // Chess960: X-FEN positions of corpus/perft/tricky.perft.
    {"xfen-00", "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", true},
    {"xfen-01", "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1", true},
    {"xfen-02", "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1", true},
    {"xfen-03", "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", true},
    {"xfen-04", "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", true},
    // tricky.perft's "asymmetrical-and-king-on-h" keeps a right with the king on h8, where no
    // start puts it; here the king is on g8 and "q" still names the outer rook (X-FEN, Chess960).
    {"asymmetrical-castling", "r2r2k1/p7/3p4/8/8/P6P/8/R3K2R b q - 0 1", true},
    // Chess960: corpus/perft/fischer.epd.
    {"fischer-1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"fischer-2", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true},
    {"fischer-3", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true},
    {"fischer-18", "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9", true},
    // Chess960 starts, and empty back ranks where castling moves king and rook oddly.
    {"chess960-start-bbqnnrkr", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", true},
    {"chess960-start-qnrbkrbn", "qnrbkrbn/pppppppp/8/8/8/8/PPPPPPPP/QNRBKRBN w FCfc - 0 1", true},
    {"chess960-king-g", "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", true},
    {"chess960-king-b", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true},
    {"chess960-rooks-b-g", "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", true},
    // X-FEN letters with two rooks on a wing: K and k name the outer (h-file) rook.
    // (A third rook is a promotion, so each side has a pawn less.)
    {"xfen-two-rooks-on-a-wing", "1r2k1rr/ppppppp1/8/8/8/8/PPPPPPP1/1R2K1RR w KQkq - 0 1", true},
    {"xfen-two-rooks-open", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w KQkq - 0 1", true},
    {"xfen-two-rooks-open-black", "1r2k1rr/8/8/8/8/8/8/1R2K1RR b KQkq - 0 1", true},
    // The same with the king and the outer rooks on their standard squares: plain KQkq FENs
    // in which the letters still have to pick the outer rook.
    {"two-rooks-queen-side", "rr2k2r/ppppppp1/8/8/8/8/PPPPPPP1/RR2K2R w KQkq - 0 1", false},
    {"two-rooks-both-wings", "rr2k1rr/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1", false},
};

// Each double push lands next to the case its label names; the en-passant property also plays
// the mirrored (Black) versions.
constexpr DesignedDoublePush DoublePushes[] = {
    {"no pawn to capture", StartFen, "e2e4"},
    {"two capturers", "rnbqkbnr/ppp1p1pp/8/8/3p1p2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3", "e2e4"},
    {"own pawn alongside", "4k3/8/8/8/3P4/8/4P3/4K3 w - - 0 1", "e2e4"},
    {"enemy pawn a rank too far", "4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1", "e2e4"},
    {"capturer pinned along the rank", "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "e2e4"},
    {"capturer pinned on a diagonal", "8/8/5k2/8/3p4/8/1B2P3/4K3 w - - 0 1", "e2e4"},
    {"one capturer pinned, the other free", "8/8/5k2/8/3p1p2/8/1B2P3/4K3 w - - 0 1", "e2e4"},
    {"double push gives check, capture evades", "8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1", "e2e4"},
    {"double push discovers check, capture does not help", "8/8/8/7k/5p2/8/4P3/3BK3 w - - 0 1",
     "e2e4"},
    {"a-file pawn, capturer on b", "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", "a2a4"},
    {"h-file pawn, capturer on g", "4k3/8/8/8/6p1/8/7P/4K3 w - - 0 1", "h2h4"},
};

}  // namespace

std::span<const CorpusPosition> corpus_positions() {
  return Corpus;
}

std::span<const DesignedDoublePush> designed_double_pushes() {
  return DoublePushes;
}

}  // namespace zobrist_verify::properties
