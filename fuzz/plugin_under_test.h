// The plugin mode of fuzz_movegen and fuzz_moves: a plugin plays every position of the walk
// beside the reference. Its legal_moves must equal the reference's as a set, and after each step
// its incremental keys (key, and the pawn and material keys it has) must equal those of a fresh
// set_fen of the same position; with a scheme named (polyglot, stockfish, rustic, seed:N,
// file:PATH) its key must also equal that scheme's. Any difference fails with the FEN, the step,
// both answers and the `zobrist-verify replay` command that plays the route again.
//
// The plugin is the one linked into the program when it is built with ZV_FUZZ_LINKED_PLUGIN (a
// string: the name replay lines give its shared library; the scheme is then ZV_FUZZ_PLUGIN_SCHEME
// when defined), so a ClusterFuzzLite fuzzer needs no environment; otherwise the one named by
// ZV_PLUGIN=PATH, with ZV_PLUGIN_SCHEME=NAME. ZV_PLUGIN_SCHEME, when set, names the scheme either
// way.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/doors/plugin_hash.h"

namespace zv_fuzz {

// Writes the reproduction of the walk so far; called only on a failure.
using Reproduction = std::function<std::string()>;

class PluginUnderTest {
 public:
  // The linked plugin, or the one ZV_PLUGIN names, loaded once; nullptr when there is neither. A
  // plugin that cannot be loaded, or a scheme that cannot be read, stops the program with its
  // error. `harness` names the program in messages.
  static PluginUnderTest* configured(std::string_view harness);

  // Sets both instances to the reference's position; false when the plugin cannot play it (a
  // Chess960 position for a standard-only plugin, or a FEN it refuses: not this walk's business).
  bool start(const zobrist_verify::Position& pos);
  // Compares the legal moves at `pos` (when the plugin has legal_moves) and the keys.
  void check(const zobrist_verify::Position& pos, const Reproduction& reproduction);
  // Plays the move on the incremental instance.
  void play(const std::string& uci, const zobrist_verify::Position& before,
            const Reproduction& reproduction);
  // The reference made a null move and reached `after`: the plugin plays "0000" when it takes
  // null moves, else starts again at `after`. False when it cannot (its part of the walk ends).
  bool play_null(const zobrist_verify::Position& after, const Reproduction& reproduction);
  // The reference took a move back and reached `after`: the plugin's unmake_move when it has one
  // and played the move, else a start at `after`. False when the plugin cannot play `after`.
  bool take_back(const zobrist_verify::Position& after, const Reproduction& reproduction);
  // Plays a move of a long route on the incremental instance: false when the plugin refuses it
  // (a bounded history), which ends its part of the walk as a FEN it refuses does.
  bool play_on(const std::string& uci);

 private:
  PluginUnderTest(std::shared_ptr<const zobrist_verify::PluginLibrary> library,
                  std::unique_ptr<zobrist_verify::KeyScheme> scheme, std::string scheme_name,
                  std::string replay_path);
  // Fails with the reproduction and the replay command of the plugin's route.
  [[noreturn]] void fail_here(const std::string& what, const Reproduction& reproduction) const;
  void compare_keys(const zobrist_verify::Position& pos, const Reproduction& reproduction);

  std::shared_ptr<const zobrist_verify::PluginLibrary> library_;
  std::unique_ptr<zobrist_verify::KeyScheme> scheme_;  // the scheme named, or null
  std::string scheme_name_;                            // as named, for --expect
  std::string replay_path_;                            // --plugin in replay lines
  zobrist_verify::PluginHash incremental_, fresh_;
  // The plugin's route since its last start: the FEN it was given and the moves it holds.
  std::string start_fen_;
  bool chess960_ = false;
  std::vector<std::string> moves_;
};

}  // namespace zv_fuzz
