// Random legal games, fingerprinted and deduplicated. The records are split by the top byte of
// their fingerprint as they are made, so that each of the 256 parts is sorted and deduplicated on
// its own (in parallel, cache-sized) and no second copy of all records is ever needed. The games
// come in SampleChunks chunks of fixed seed and quota, whichever thread plays them; the parts are
// sorted afterwards, so the sample is the same for every thread count.
#include "position_sample.h"

#include <algorithm>
#include <array>
#include <mutex>

#include "zobrist_verify/analysis/parallel_blocks.h"

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/position.h"

namespace zobrist_verify::analysis {

namespace {

struct Record {
  std::uint64_t fingerprint_high, fingerprint_low;
  Key key;
  // The key breaks ties (two positions sharing a fingerprint), so that the order, and the
  // record std::unique keeps, never depend on the order the records came in.
  bool operator<(const Record& other) const {
    if (fingerprint_high != other.fingerprint_high)
      return fingerprint_high < other.fingerprint_high;
    if (fingerprint_low != other.fingerprint_low) return fingerprint_low < other.fingerprint_low;
    return key < other.key;
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

// The records of every chunk, split by the top byte of their fingerprint, each part behind its
// own lock. Records reach a part through a thread's small staging buffer (Staged a part), so
// that a lock is taken once every Staged records and memory does not grow with the threads.
class SharedParts {
 public:
  explicit SharedParts(Parts256& parts) : parts_(parts) {}
  void append(std::size_t part, const Record* records, std::size_t count) {
    std::lock_guard lock(locks_[part]);
    parts_[part].insert(parts_[part].end(), records, records + count);
  }

 private:
  Parts256& parts_;
  std::array<std::mutex, Parts> locks_;
};

class StagedRecords {
 public:
  explicit StagedRecords(SharedParts& shared) : shared_(shared), buffer_(Parts * Staged) {}
  void add(const Record& record) {
    const std::size_t part = record.fingerprint_high >> 56;
    buffer_[part * Staged + filled_[part]] = record;
    if (++filled_[part] == Staged) flush(part);
  }
  void flush_all() {
    for (std::size_t part = 0; part < Parts; ++part) flush(part);
  }

 private:
  static constexpr std::size_t Staged = 32;
  void flush(std::size_t part) {
    if (filled_[part] == 0) return;
    shared_.append(part, buffer_.data() + part * Staged, filled_[part]);
    filled_[part] = 0;
  }
  SharedParts& shared_;
  std::vector<Record> buffer_;
  std::array<std::size_t, Parts> filled_{};
};

// Plays random games from `seed` until `quota` positions are recorded (fewer when `stop` is
// requested); returns the games begun.
std::uint64_t play_games(const KeyScheme& scheme, std::uint64_t quota, std::uint64_t seed,
                         StagedRecords& records, SharedProgress& progress, const BlockStop& stop) {
  SplitMix64 rng(seed);
  std::vector<StateInfo> states(MaxGamePlies + 1);
  Position pos;
  std::uint64_t recorded = 0, games = 0;
  constexpr std::uint64_t Tick = 16384;
  while (recorded < quota && !stop.requested()) {
    if (!pos.set(StartFen, states[0], scheme, {}, nullptr)) break;
    ++games;
    const int length = 1 + int(rng.next() % MaxGamePlies);
    for (int ply = 0; ply < length && recorded < quota; ++ply) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.empty()) break;
      pos.make_move(moves[rng.next() % moves.size()], states[std::size_t(ply) + 1]);
      records.add(fingerprint(pos));
      if (++recorded % Tick == 0) progress.add(Tick);
    }
  }
  records.flush_all();
  progress.add(recorded % Tick);
  return games;
}

// Sorts every part and removes duplicate positions, parts shared among `threads` threads.
void deduplicate(Parts256& parts, int threads) {
  run_blocks(Parts, threads, [&](std::size_t p, const BlockStop&) {
    std::sort(parts[p].begin(), parts[p].end());
    auto end = std::unique(parts[p].begin(), parts[p].end(),
                           [](const Record& a, const Record& b) { return a.same_position(b); });
    parts[p].erase(end, parts[p].end());
  });
}

std::uint64_t total_size(const Parts256& parts) {
  std::uint64_t total = 0;
  for (const auto& part : parts) total += part.size();
  return total;
}

// A round's `wanted` positions over the chunks: an equal share each, the remainder to chunk 0.
std::vector<std::uint64_t> chunk_quotas(std::uint64_t wanted) {
  std::vector<std::uint64_t> quotas(SampleChunks, wanted / SampleChunks);
  quotas[0] += wanted % SampleChunks;
  return quotas;
}

}  // namespace

PositionSample sample_distinct_positions(
    const KeyScheme& scheme, std::uint64_t count, std::uint64_t seed, int threads,
    const std::function<void(std::string_view, std::uint64_t, std::uint64_t)>& progress) {
  PositionSample sample;
  Parts256 parts;
  SplitMix64 round_seed(seed);
  // Rounds top up the shortfall left by duplicates (a few percent: openings repeat).
  for (int round = 0; round < 20 && total_size(parts) < count; ++round) {
    const std::uint64_t missing = count - total_size(parts);
    const std::uint64_t wanted = missing + missing / 16 + 1024;
    // Room for this round's records, which spread evenly over the parts (the fingerprint is a
    // hash): one part at a time grows, so no second copy of the records is ever made.
    for (auto& part : parts) part.reserve(part.size() + wanted / Parts * 17 / 16 + 64);
    const std::vector<std::uint64_t> quotas = chunk_quotas(wanted);
    std::vector<std::uint64_t> chunk_seeds(SampleChunks);
    for (std::uint64_t& chunk_seed : chunk_seeds) chunk_seed = round_seed.next();
    std::vector<std::uint64_t> chunk_games(SampleChunks, 0);
    SharedParts shared(parts);
    SharedProgress made(wanted, [&](std::uint64_t done, std::uint64_t total) {
      if (progress) progress("positions", done, total);
    });
    run_blocks(SampleChunks, threads, [&](std::size_t chunk, const BlockStop& stop) {
      StagedRecords records(shared);
      chunk_games[chunk] =
          play_games(scheme, quotas[chunk], chunk_seeds[chunk], records, made, stop);
    });
    sample.generated += wanted;
    for (std::uint64_t games : chunk_games) sample.games += games;
    if (progress) progress("deduplicating", 0, 1);
    deduplicate(parts, threads);
  }
  // Drop the surplus from the highest fingerprints: a random choice, as fingerprints are.
  std::uint64_t surplus = total_size(parts) > count ? total_size(parts) - count : 0;
  for (std::size_t p = Parts; p-- > 0 && surplus > 0;) {
    const std::uint64_t drop = std::min<std::uint64_t>(surplus, parts[p].size());
    parts[p].resize(parts[p].size() - drop);
    surplus -= drop;
  }
  // Each part's keys to their place, parts shared among the threads, each freed once copied.
  std::array<std::size_t, Parts + 1> starts{};
  for (std::size_t p = 0; p < Parts; ++p) starts[p + 1] = starts[p] + parts[p].size();
  sample.positions = starts[Parts];
  sample.key_buffer = std::make_unique_for_overwrite<Key[]>(sample.positions);
  run_blocks(Parts, threads, [&](std::size_t p, const BlockStop&) {
    std::transform(parts[p].begin(), parts[p].end(), sample.key_buffer.get() + starts[p],
                   [](const Record& r) { return r.key; });
    std::vector<Record>().swap(parts[p]);
  });
  return sample;
}

}  // namespace zobrist_verify::analysis
