// fuzz_movegen's plugin mode: with ZV_PLUGIN=PATH in the environment, every position of the walk
// is also played on that plugin. Its legal_moves must equal the reference's as a set, and after
// each move its incremental key must equal the key of a fresh set_fen of the same position; with
// ZV_PLUGIN_SCHEME=NAME (polyglot, stockfish, rustic, seed:N, file:PATH) its keys must also equal
// that scheme's. Any difference fails with the FEN, the move and both answers.
#pragma once

#include <memory>
#include <string>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/doors/plugin_hash.h"

namespace zv_fuzz {

class PluginUnderTest {
 public:
  // The plugin named by ZV_PLUGIN, loaded once; nullptr when the variable is unset. A plugin that
  // cannot be loaded, or a scheme that cannot be read, stops the program with its error.
  static PluginUnderTest* from_environment();

  // Sets both instances to the reference's position; false when the plugin cannot play it (a
  // Chess960 position for a standard-only plugin, or a FEN it refuses: not this walk's business).
  bool start(const zobrist_verify::Position& pos);
  // Compares the legal moves at `pos` (when the plugin has legal_moves) and the keys.
  void check(const zobrist_verify::Position& pos, const std::string& reproduction);
  // Plays the move on the incremental instance.
  void play(const std::string& uci, const zobrist_verify::Position& before,
            const std::string& reproduction);
  // Plays a move of a long route on the incremental instance: false when the plugin refuses it
  // (a bounded history), which ends its part of the walk as a FEN it refuses does.
  bool play_on(const std::string& uci);

 private:
  PluginUnderTest(std::shared_ptr<const zobrist_verify::PluginLibrary> library,
                  std::unique_ptr<zobrist_verify::KeyScheme> scheme);
  std::shared_ptr<const zobrist_verify::PluginLibrary> library_;
  std::unique_ptr<zobrist_verify::KeyScheme> scheme_;  // ZV_PLUGIN_SCHEME, or null
  zobrist_verify::PluginHash incremental_, fresh_;
};

}  // namespace zv_fuzz
