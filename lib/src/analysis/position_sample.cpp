// Random legal games, fingerprinted and deduplicated. The records are split by the top byte of
// their fingerprint as they are made, so that each of the 256 parts is sorted and deduplicated on
// its own (in parallel, cache-sized) and no second copy of all records is ever needed.
#include "position_sample.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/position.h"

namespace zobrist_verify::analysis {

namespace {

struct Record {
  std::uint64_t fingerprint_high, fingerprint_low;
  Key key;
  bool operator<(const Record& other) const {
    return fingerprint_high != other.fingerprint_high ? fingerprint_high < other.fingerprint_high
                                                      : fingerprint_low < other.fingerprint_low;
  }
  bool same_position(const Record& other) const {
    return fingerprint_high == other.fingerprint_high && fingerprint_low == other.fingerprint_low;
  }
};

constexpr std::size_t Parts = 256;
using Parts256 = std::array<std::vector<Record>, Parts>;

std::uint64_t mix64(std::uint64_t z) {  // MurmurHash3's fmix64, a bijection
  z = (z ^ (z >> 33)) * 0xFF51AFD7ED558CCDULL;
  z = (z ^ (z >> 33)) * 0xC4CEB9FE1A85EC53ULL;
  return z ^ (z >> 33);
}

// Two independent 64-bit chains over the eight words that identify a position; no Zobrist key
// is involved, so the fingerprint cannot share the flaws of the keys under study.
Record fingerprint(const Position& pos) {
  const StateInfo& st = *pos.state();
  const std::uint64_t words[8] = {pos.pieces(Pawn),
                                  pos.pieces(Knight),
                                  pos.pieces(Bishop),
                                  pos.pieces(Rook),
                                  pos.pieces(Queen),
                                  pos.pieces(King),
                                  pos.pieces(White),
                                  std::uint64_t(pos.side_to_move()) |
                                      std::uint64_t(st.castling_rights) << 1 |
                                      std::uint64_t(st.ep_hashed ? st.ep_square : NoSquare) << 5};
  std::uint64_t high = 0x243F6A8885A308D3ULL, low = 0x13198A2E03707344ULL;
  for (std::uint64_t w : words) {
    high = mix64(high + w * 0x9E3779B97F4A7C15ULL);
    low = mix64((low ^ w) * 0xD6E8FEB86659FD93ULL + 0xA0761D6478BD642FULL);
  }
  return {high, low, pos.key()};
}

// Plays random games until `quota` positions are recorded into `parts`.
void play_games(const KeyScheme& scheme, std::uint64_t quota, std::uint64_t seed, Parts256& parts,
                std::atomic<std::uint64_t>& games, const std::function<void(std::uint64_t)>& tick) {
  SplitMix64 rng(seed);
  std::vector<StateInfo> states(MaxGamePlies + 1);
  Position pos;
  std::uint64_t recorded = 0;
  while (recorded < quota) {
    if (!pos.set(StartFen, states[0], scheme, {}, nullptr)) return;
    games.fetch_add(1, std::memory_order_relaxed);
    const int length = 1 + int(rng.next() % MaxGamePlies);
    for (int ply = 0; ply < length && recorded < quota; ++ply) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      pos.make_move(moves[rng.next() % moves.size()], states[std::size_t(ply) + 1]);
      const Record record = fingerprint(pos);
      parts[record.fingerprint_high >> 56].push_back(record);
      if (++recorded % 65536 == 0 && tick) tick(65536);
    }
  }
}

// Sorts every part and removes duplicate positions, parts shared among `threads` workers.
void deduplicate(Parts256& parts, int threads) {
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t p; (p = next.fetch_add(1)) < Parts;) {
      std::sort(parts[p].begin(), parts[p].end());
      auto end = std::unique(parts[p].begin(), parts[p].end(),
                             [](const Record& a, const Record& b) { return a.same_position(b); });
      parts[p].erase(end, parts[p].end());
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

std::uint64_t total_size(const Parts256& parts) {
  std::uint64_t total = 0;
  for (const auto& part : parts) total += part.size();
  return total;
}

}  // namespace

PositionSample sample_distinct_positions(
    const KeyScheme& scheme, std::uint64_t count, std::uint64_t seed, int threads,
    const std::function<void(std::string_view, std::uint64_t, std::uint64_t)>& progress) {
  threads = std::max(threads, 1);
  PositionSample sample;
  Parts256 parts;
  std::atomic<std::uint64_t> games{0}, made{0};
  SplitMix64 round_seed(seed);
  // Rounds top up the shortfall left by duplicates (a few percent: openings repeat).
  for (int round = 0; round < 20 && total_size(parts) < count; ++round) {
    const std::uint64_t missing = count - total_size(parts);
    const std::uint64_t wanted = missing + missing / 16 + 1024;
    std::vector<Parts256> per_thread(static_cast<std::size_t>(threads));
    for (auto& thread_parts : per_thread)
      for (auto& part : thread_parts)
        part.reserve(wanted / std::uint64_t(threads) / Parts * 17 / 16 + 64);
    std::vector<std::thread> pool;
    const std::uint64_t before = made.load();
    auto tick_for = [&](int t) {
      return [&, t](std::uint64_t step) {
        const std::uint64_t done = (made += step) - before;
        if (t == 0 && progress) progress("positions", std::min(done, wanted), wanted);
      };
    };
    for (int t = 0; t < threads; ++t) {
      const std::uint64_t quota =
          wanted / std::uint64_t(threads) + (t == 0 ? wanted % std::uint64_t(threads) : 0);
      const std::uint64_t thread_seed = round_seed.next();
      pool.emplace_back([&, t, quota, thread_seed] {
        play_games(scheme, quota, thread_seed, per_thread[std::size_t(t)], games, tick_for(t));
      });
    }
    for (std::thread& t : pool) t.join();
    sample.generated += wanted;
    // Gather each part from the threads, freeing as it goes, then deduplicate.
    for (std::size_t p = 0; p < Parts; ++p) {
      std::size_t size = parts[p].size();
      for (auto& thread_parts : per_thread) size += thread_parts[p].size();
      std::vector<Record> merged;
      merged.reserve(size);
      merged.insert(merged.end(), parts[p].begin(), parts[p].end());
      for (auto& thread_parts : per_thread) {
        merged.insert(merged.end(), thread_parts[p].begin(), thread_parts[p].end());
        std::vector<Record>().swap(thread_parts[p]);
      }
      parts[p].swap(merged);
    }
    if (progress) progress("deduplicating", 0, 1);
    deduplicate(parts, threads);
  }
  sample.games = games.load();
  // Drop the surplus from the highest fingerprints: a random choice, as fingerprints are.
  std::uint64_t surplus = total_size(parts) > count ? total_size(parts) - count : 0;
  for (std::size_t p = Parts; p-- > 0 && surplus > 0;) {
    const std::uint64_t drop = std::min<std::uint64_t>(surplus, parts[p].size());
    parts[p].resize(parts[p].size() - drop);
    surplus -= drop;
  }
  sample.keys.reserve(total_size(parts));
  for (auto& part : parts) {
    for (const Record& r : part) sample.keys.push_back(r.key);
    std::vector<Record>().swap(part);
  }
  return sample;
}

}  // namespace zobrist_verify::analysis
