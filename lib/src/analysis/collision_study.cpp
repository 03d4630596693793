// The collision study: distinct positions, their keys, and the verdict at every width.
#include <algorithm>
#include <string>

#include "position_sample.h"
#include "zobrist_verify/analysis/collision_study.h"

namespace zobrist_verify {

bool CollisionStudy::passed() const {
  return std::all_of(widths.begin(), widths.end(), [](const WidthVerdict& w) { return w.passed; });
}

bool CollisionStudy::warned() const {
  return std::any_of(widths.begin(), widths.end(), [](const WidthVerdict& w) { return w.warning; });
}

CollisionStudy run_collision_study(const KeyScheme& scheme, const CollisionStudyOptions& options) {
  CollisionStudy study;
  analysis::PositionSample sample = analysis::sample_distinct_positions(
      scheme, options.positions, options.seed, options.threads, options.progress);
  study.positions = sample.positions;
  study.generated = sample.generated;
  study.games = sample.games;
  study.method =
      std::to_string(study.positions) + " distinct positions from " +
      std::to_string(study.generated) + " visited in " + std::to_string(study.games) +
      " random legal games from the start position (each game's length drawn uniformly from 1 to " +
      std::to_string(analysis::MaxGamePlies) +
      " plies, every position after every move recorded, moves drawn uniformly among the legal "
      "ones, so captures, promotions, castling and en passant come as play brings them); "
      "deduplicated by a 128-bit fingerprint of the board, side, castling rights and the "
      "en-passant square under the " +
      std::string(to_string(scheme.en_passant_rule)) +
      " rule, never by the key under study; keys are the scheme's main key";
  if (options.progress) options.progress("counting", 0, 1);
  study.widths =
      judge_collisions(sample.keys(), options.low_bits, options.high_bits, options.threads);
  return study;
}

}  // namespace zobrist_verify
