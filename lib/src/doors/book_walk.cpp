// The walk through a Polyglot book from known positions, probing each child's key under every
// en-passant rule so that the walk goes on where the rules disagree and the book tells which.
#include "book_walk.h"

#include <algorithm>
#include <array>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"

namespace zobrist_verify {

namespace {

// Whether each rule (Always, PseudoLegal, Legal) puts the position's en-passant square into its
// key.
std::array<bool, 3> rules_hashing(const Position& pos) {
  const Square ep = pos.ep_square();
  const Color us = pos.side_to_move();
  const bool attacked = pawn_attacks(~us, ep) & pos.pieces(us, Pawn);
  return {true, attacked, attacked && pos.en_passant_capture_legal()};
}

}  // namespace

std::vector<std::size_t> held_keys(const Position& pos, const BookIndex& index,
                                   EnPassantEvidence* evidence) {
  std::vector<std::size_t> held;
  const Square ep = pos.ep_square();
  const std::array<bool, 3> hashing = ep == NoSquare ? std::array<bool, 3>{} : rules_hashing(pos);
  if (ep == NoSquare || (hashing[0] && hashing[1] && hashing[2])) {
    if (const std::size_t at = index.find(pos.key()); at != BookIndex::NotFound) held.push_back(at);
    return held;
  }
  // The rules disagree: the key without the square's term and the key with it.
  const KeyScheme& z = pos.scheme();
  const Key swap = z.en_passant[ep] ^ z.en_passant_none;
  const Key without = pos.state()->ep_hashed ? pos.key() ^ swap : pos.key();
  const std::size_t at_without = index.find(without);
  const std::size_t at_with = index.find(without ^ swap);
  if (at_without != BookIndex::NotFound) held.push_back(at_without);
  if (at_with != BookIndex::NotFound) held.push_back(at_with);
  if (evidence == nullptr || held.empty()) return held;
  if (held.size() == 2) {
    ++evidence->both_held;
    return held;
  }
  ++evidence->deciding_positions;
  const bool with_held = at_with != BookIndex::NotFound;
  for (std::size_t rule = 0; rule < hashing.size(); ++rule)
    if (hashing[rule] == with_held) ++evidence->agreeing[rule];
  return held;
}

std::vector<WalkNode> find_roots(const BookIndex& index, const KeyScheme& scheme, bool two_plies,
                                 EnPassantEvidence* evidence) {
  std::vector<WalkNode> roots;
  Position pos;
  StateInfo root_state;
  if (!pos.set(StartFen, root_state, scheme, {}, nullptr)) return roots;
  if (const std::size_t at = index.find(pos.key()); at != BookIndex::NotFound) {
    roots.push_back({StartFen, at, 0});
    return roots;
  }
  std::vector<bool> seen(index.size(), false);
  auto add_root = [&](const Position& at, int depth, EnPassantEvidence* counted) {
    for (std::size_t key_index : held_keys(at, index, counted)) {
      if (seen[key_index]) continue;
      seen[key_index] = true;
      roots.push_back({at.fen(), key_index, depth});
    }
  };
  StateInfo child_state;
  StateInfo grandchild_state;
  for (Move move : legal_moves(pos)) {
    pos.make_move(move, child_state);
    if (!two_plies) {
      add_root(pos, 1, evidence);
    } else {
      for (Move reply : legal_moves(pos)) {
        pos.make_move(reply, grandchild_state);
        add_root(pos, 2, evidence);
        pos.unmake_move(reply);
      }
    }
    pos.unmake_move(move);
  }
  return roots;
}

namespace {

// Plays the book moves stored for one node; queues each child the book holds a key of.
void expand(Position& pos, const WalkNode& node, const BookIndex& index, bool bridge,
            BookReport& report, Findings& findings, std::vector<bool>& reached,
            std::vector<WalkNode>& queue) {
  StateInfo child_state;
  StateInfo reply_state;
  auto follow = [&](int depth) {
    const std::vector<std::size_t> held = held_keys(pos, index, &report.en_passant);
    for (std::size_t child : held) {
      if (!reached[child]) {
        reached[child] = true;
        queue.push_back({pos.fen(), child, depth});
      }
    }
    return !held.empty();
  };
  const std::size_t end = index.end_of(node.key_index);
  for (std::size_t e = node.key_index; e < end; ++e) {
    const std::uint16_t raw = index.entry(e).move;
    const Expected<BookMove> decoded = decode_polyglot_move(raw);
    if (!decoded) {
      findings.add(node.fen, raw, "does not decode: " + decoded.error());
      continue;
    }
    auto move = book_move_in_position(pos, *decoded);
    if (!move) {
      ++report.illegal_moves;
      findings.add(node.fen, raw, "illegal: " + move.error());
      continue;
    }
    pos.make_move(*move, child_state);
    if (!follow(node.depth + 1) && bridge) {
      // A book of one side's moves: the other side's replies are not stored, so try them all.
      for (Move reply : legal_moves(pos)) {
        pos.make_move(reply, reply_state);
        follow(node.depth + 2);
        pos.unmake_move(reply);
      }
    }
    pos.unmake_move(*move);
  }
}

}  // namespace

std::vector<bool> walk_book(const BookIndex& index, const KeyScheme& scheme,
                            std::vector<WalkNode> roots, const BookWalkOptions& options,
                            BookReport& report, Findings& findings) {
  std::vector<bool> reached(index.size(), false);
  // Without the start position's key the book may hold one side's moves only: bridge the other's.
  const bool bridge = !roots.empty() && roots.front().depth > 0;
  // The queue holds the positions still to expand; expanded ones are dropped in batches.
  std::vector<WalkNode> queue = std::move(roots);
  for (const WalkNode& root : queue) reached[root.key_index] = true;
  std::size_t reached_keys = queue.size();
  Position pos;
  StateInfo state;
  std::size_t expanded = 0;
  for (std::size_t next = 0; next < queue.size(); ++next, ++expanded) {
    if (options.progress && expanded % 4096 == 0) options.progress(expanded, queue[next].depth);
    const WalkNode node = queue[next];
    report.max_depth = std::max(report.max_depth, node.depth);
    if (pos.set(node.fen, state, scheme, {}, nullptr)) {  // FENs come from fen()
      const std::size_t before = queue.size();
      expand(pos, node, index, bridge, report, findings, reached, queue);
      reached_keys += queue.size() - before;
    }
    if (next >= 65536 && next * 2 >= queue.size()) {
      queue.erase(queue.begin(), queue.begin() + std::ptrdiff_t(next + 1));
      next = std::size_t(-1);
    }
  }
  report.reached_keys = reached_keys;
  return reached;
}

}  // namespace zobrist_verify
