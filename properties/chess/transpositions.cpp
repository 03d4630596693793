#include "chess/transpositions.h"

#include <algorithm>
#include <sstream>

#include "chess/detours.h"
#include "chess/position_tools.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::properties {

namespace {

std::vector<std::string> split_moves(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> out;
  for (std::string m; in >> m;) out.push_back(m);
  return out;
}

Route route(std::string fen, std::string_view moves, bool chess960 = false) {
  return Route{std::move(fen), chess960, split_moves(moves)};
}

// White loses a tempo with the f1 bishop (f1-e2-d3-f1) while Black's knight goes out and back
// twice: e2e3 ... e3e4 then reaches the position of e2e4 with the same side to move.
constexpr const char* SlowPushFromStart = "e2e3 g8f6 f1e2 f6g8 e2d3 g8f6 d3f1 f6g8 e3e4";

std::vector<TranspositionClass> build_designed_classes() {
  std::vector<TranspositionClass> classes;
  const std::string start = StartFen;
  classes.push_back({"e2e4 against e2e3 ... e3e4 from the start",
                     {route(start, "e2e4"), route(start, SlowPushFromStart),
                      route(start, "e2e4 g8f6 g1f3 f6g8 f3g1"),
                      route("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", ""),
                      route("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "")}});
  const std::string capturable = "rnbqkbnr/ppp1p1pp/8/8/3p1p2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3";
  classes.push_back({"capturable double push against two single pushes",
                     {route(capturable, "e2e4"), route(capturable, SlowPushFromStart)}});
  // The d4 pawn may take e3 only if the a4 king stays covered: pseudo-legal, not legal.
  const std::string pinned = "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1";
  classes.push_back(
      {"horizontally pinned en passant against two single pushes",
       {route(pinned, "e2e4"), route(pinned, "e2e3 a4a5 e1d1 a5a4 d1d2 a4a5 d2e1 a5a4 e3e4")}});
  const std::string diagonal = "8/8/5k2/8/3p4/8/1B2P3/4K3 w - - 0 1";
  classes.push_back(
      {"diagonally pinned en passant against two single pushes",
       {route(diagonal, "e2e4"), route(diagonal, "e2e3 f6g6 e1f1 g6f6 f1f2 f6g6 f2e1 g6f6 e3e4")}});
  const std::string evasion = "8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1";
  classes.push_back(
      {"checking double push answered by en passant against two single pushes",
       {route(evasion, "e2e4"), route(evasion, "e2e3 f5g5 e1f1 g5f5 f1f2 f5g5 f2e1 g5f5 e3e4")}});
  // Black to move: the mirror images.
  classes.push_back({"black double push against two single pushes, mirrored",
                     {route(mirror_fen(capturable), "e7e5"),
                      route(mirror_fen(capturable), "e7e6 g1f3 f8e7 f3g1 e7d6 g1f3 d6f8 f3g1 e6e5"),
                      route(mirror_fen(pinned), "e7e5"),
                      route(mirror_fen(pinned), "e7e6 a5a4 e8d8 a4a5 d8d7 a5a4 d7e8 a4a5 e6e5")}});

  const std::string wings = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  classes.push_back({"castling rights lost by king and rook moves out and back",
                     {route(wings, ""), route(wings, "e1d1 e8d8 d1e1 d8e8"),
                      route(wings, "e1f1 e8f8 f1e1 f8e8"), route(with_castling(wings, "-"), ""),
                      route(wings, "a1b1 a8b8 b1a1 b8a8"), route(with_castling(wings, "Kk"), ""),
                      route(wings, "h1g1 h8g8 g1h1 g8h8"), route(with_castling(wings, "Qq"), ""),
                      route(wings, "a1b1 h8g8 b1a1 g8h8"), route(with_castling(wings, "Kq"), "")}});
  classes.push_back({"castling rights kept by moves in either order",
                     {route(wings, "a2a3 a7a6 h2h3 h7h6"), route(wings, "h2h3 h7h6 a2a3 a7a6"),
                      route(wings, "h2h3 a7a6 a2a3 h7h6"),
                      route("r3k2r/1pppppp1/p6p/8/8/P6P/1PPPPPP1/R3K2R w KQkq - 0 3", "")}});
  const std::string corners = "r3k2r/8/8/3B4/3b4/8/8/R3K2R w KQkq - 0 1";
  classes.push_back({"rooks captured on their corners",
                     {route(corners, "d5a8 d4a1"), route(corners, ""),
                      route("B3k2r/8/8/8/8/8/8/b3K2R w Kk - 0 2", "")},
                     {route(corners, "a1b1 a8b8 b1a1 b8a8 d5a8 d4a1")}});
  const std::string king_g = "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1";
  const std::string king_b = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";
  classes.push_back(
      {"Chess960 castling and rights lost",
       {route(king_g, "g1h1 g8h8", true),
        route("r4rk1/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2", "", true), route(king_g, "", true),
        route(king_g, "g1f1 g8f8 f1g1 f8g8", true), route(with_castling(king_g, "-"), "", true)}});
  classes.push_back({"Chess960 queen-side castling from b1 and rights lost",
                     {route(king_b, "b1a1 b8a8", true),
                      route("2kr3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2", "", true),
                      route(king_b, "h1g1 h8g8 g1h1 g8h8", true),
                      route(with_castling(king_b, "Aa"), "", true), route(king_b, "", true)}});
  return classes;
}

bool legal_uci(const Position& pos, const std::string& uci) {
  return parse_uci_move(pos, uci).has_value();
}

// The game's positions: FEN and side facts before each ply, replayed once.
struct Replayed {
  std::vector<std::string> fens;  // fens[k]: before moves[k]; fens.back(): after the last
};

Replayed replay_fens(const PlayedGame& game) {
  Replayed r;
  Game g;
  (void)g.set(game.route.fen, polyglot_scheme(), FenOptions{game.route.chess960});
  r.fens.push_back(g.position().fen());
  for (const std::string& m : game.route.moves) {
    if (!g.play_uci(m)) break;
    r.fens.push_back(g.position().fen());
  }
  return r;
}

std::vector<std::string> prefix(const PlayedGame& game, std::size_t plies) {
  return {game.route.moves.begin(), game.route.moves.begin() + std::ptrdiff_t(plies)};
}

}  // namespace

const std::vector<TranspositionClass>& designed_classes() {
  static const std::vector<TranspositionClass> classes = build_designed_classes();
  return classes;
}

std::optional<TranspositionClass> from_start_fens(const TranspositionClass& cls) {
  auto starts_from = [](const Route& a, const Route& b) {
    return a.fen == b.fen && a.chess960 == b.chess960;
  };
  std::vector<Route> starts;
  for (const Route& r : cls.routes)
    if (!r.moves.empty()) starts.push_back(r);
  auto is_start = [&](const Route& r) {
    return std::any_of(starts.begin(), starts.end(),
                       [&](const Route& s) { return starts_from(r, s); });
  };
  TranspositionClass out{cls.label, {}, {}};
  for (const std::vector<Route>* routes : {&cls.routes, &cls.move_forms})
    for (const Route& r : *routes)
      if (is_start(r)) out.routes.push_back(r);
  for (std::size_t i = 0; i < out.routes.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (starts_from(out.routes[i], out.routes[j])) return out;
  return std::nullopt;
}

bool replay(Game& game, const Route& route) {
  if (!game.set(route.fen, polyglot_scheme(), FenOptions{route.chess960}).empty()) return false;
  for (const std::string& m : route.moves)
    if (!game.play_uci(m)) return false;
  return true;
}

std::optional<TranspositionClass> swapped_moves_class(const PlayedGame& game, unsigned seed) {
  const std::size_t n = game.route.moves.size();
  if (n < 3) return std::nullopt;
  for (std::size_t tried = 0; tried < n - 2; ++tried) {
    const std::size_t i = (seed + tried) % (n - 2);
    if (game.route.moves[i] == "0000" && game.route.moves[i + 2] == "0000") continue;
    std::vector<std::string> swapped = prefix(game, n);
    std::swap(swapped[i], swapped[i + 2]);
    // Both orders up to the swap, then the rest of the game while it stays legal in both.
    Route original{game.route.fen, game.route.chess960, prefix(game, i + 3)};
    Route reordered{
        game.route.fen, game.route.chess960, {swapped.begin(), swapped.begin() + i + 3}};
    Game a, b;
    if (!replay(a, original) || !replay(b, reordered)) continue;
    for (std::size_t k = i + 3; k < n; ++k) {
      if (!legal_uci(b.position(), game.route.moves[k]) && game.route.moves[k] != "0000") break;
      if (!a.play_uci(game.route.moves[k]) || !b.play_uci(game.route.moves[k])) break;
      original.moves.push_back(game.route.moves[k]);
      reordered.moves.push_back(game.route.moves[k]);
    }
    return TranspositionClass{
        "plies " + std::to_string(i + 1) + " and " + std::to_string(i + 3) + " swapped",
        {original, reordered}};
  }
  return std::nullopt;
}

std::optional<TranspositionClass> double_push_class(const PlayedGame& game, unsigned seed) {
  if (game.route.chess960) return std::nullopt;  // the FEN surgery below assumes KQkq castling
  const Replayed r = replay_fens(game);
  const std::size_t plies = r.fens.size();
  for (std::size_t tried = 0; tried < plies; ++tried) {
    const std::size_t k = (seed + tried) % plies;
    Game g;
    if (!replay(g, {game.route.fen, game.route.chess960, prefix(game, k)})) continue;
    const Position& pos = g.position();
    const Color us = pos.side_to_move();
    for (Move m : legal_moves(pos)) {
      if (type_of(pos.moved_piece(m)) != Pawn || (int(m.from()) ^ int(m.to())) != 16) continue;
      // The same pawn one square up, then pushed once more.
      const Square middle = m.from() + pawn_push(us);
      Board board = board_of(pos);
      board[middle] = board[m.from()];
      board[m.from()] = NoPiece;
      FenFields f = split_fen(pos.fen());
      f.placement = placement_field(board);
      f.en_passant = "-";
      const std::string slow_fen = join_fen(f);
      if (!fen_is_valid(slow_fen)) continue;
      const std::string push = square_name(middle) + square_name(m.to());
      Game after;
      Route fast{game.route.fen, game.route.chess960, prefix(game, k)};
      fast.moves.push_back(move_to_uci(m, false));
      if (!replay(after, fast)) continue;
      const std::string after_fen = after.position().fen();
      return TranspositionClass{
          "double push " + fast.moves.back() + " against " + push + " from one square up",
          {fast, Route{slow_fen, false, {push}}, Route{after_fen, false, {}},
           Route{with_en_passant(after_fen, "-"), false, {}}}};
    }
  }
  return std::nullopt;
}

std::optional<TranspositionClass> out_and_back_class(const PlayedGame& game, unsigned seed) {
  const Replayed r = replay_fens(game);
  const std::size_t plies = r.fens.size();
  for (std::size_t tried = 0; tried < plies; ++tried) {
    const std::size_t k = (seed + tried) % plies;
    Game g;
    const Route before{game.route.fen, game.route.chess960, prefix(game, k)};
    if (!replay(g, before)) continue;
    const Position& pos = g.position();
    const Color us = pos.side_to_move();
    const CastlingRights ours = us & pos.castling_rights();
    if (!ours || pos.checkers()) continue;
    for (Move out : legal_moves(pos)) {
      const PieceType pt = type_of(pos.moved_piece(out));
      if (out.kind() != MoveKind::Normal || !pos.empty(out.to()) || (pt != King && pt != Rook))
        continue;
      if (!(pos.castling_rights_mask(out.from()) & ours)) continue;
      // The opponent waits with a piece that can come straight back.
      const std::optional<std::vector<std::string>> moves = out_and_back(g, out, false);
      if (!moves) continue;
      Route trip = before;
      trip.moves.insert(trip.moves.end(), moves->begin(), moves->end());
      Game t;
      if (!replay(t, trip)) continue;
      const std::string lost_fen =
          with_castling(r.fens[k], castling_field(t.position(), t.position().castling_rights()));
      TranspositionClass c{"castling rights lost by " + moves->front() + " and back",
                           {trip, before}};
      if (fen_is_valid(lost_fen, game.route.chess960))
        c.routes.push_back(Route{lost_fen, game.route.chess960, {}});
      return c;
    }
  }
  return std::nullopt;
}

std::optional<TranspositionClass> en_passant_field_class(const PlayedGame& game, unsigned seed) {
  const Replayed r = replay_fens(game);
  const std::size_t plies = r.fens.size();
  for (std::size_t tried = 0; tried < plies; ++tried) {
    const std::size_t k = (seed + tried) % plies;
    const FenFields f = split_fen(r.fens[k]);
    if (f.en_passant == "-") continue;
    return TranspositionClass{"en-passant square " + f.en_passant + " written or not",
                              {Route{game.route.fen, game.route.chess960, prefix(game, k)},
                               Route{r.fens[k], game.route.chess960, {}},
                               Route{with_en_passant(r.fens[k], "-"), game.route.chess960, {}}}};
  }
  return std::nullopt;
}

}  // namespace zobrist_verify::properties
