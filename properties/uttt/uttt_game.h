// Ultimate tic-tac-toe (lib uttt.h) plugged into the generic game suite: a hash under test, its
// session (random legal games), closed boards refilled on purpose as the equivalence, and
// positions made to differ in one fact at a time.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/game_suite.h"
#include "zobrist_verify/uttt/uttt.h"

namespace zobrist_verify::properties::games {

// A position of the hash under test: plays and unmakes moves, keeping its incremental key.
class UtttPlayable {
 public:
  virtual ~UtttPlayable() = default;
  virtual const UtttState& state() const = 0;
  virtual Key key() const = 0;
  [[nodiscard]] virtual Expected<Done> play(UtttMove move) = 0;
  virtual void unmake() = 0;
};

// The library's UtttPosition behind the interface; broken variants in tests wrap it.
class ReferenceUtttPlayable : public UtttPlayable {
 public:
  ReferenceUtttPlayable(std::shared_ptr<const UtttKeys> keys, const UtttState& state)
      : keys_(std::move(keys)), position_(*keys_, state) {}
  const UtttState& state() const override { return position_.state(); }
  Key key() const override { return position_.key(); }
  Expected<Done> play(UtttMove move) override { return position_.play(move); }
  void unmake() override { position_.unmake(); }

 private:
  std::shared_ptr<const UtttKeys> keys_;
  UtttPosition position_;
};

struct UtttHashUnderTest {
  std::string name;  // "uttt"
  std::function<Key(const UtttState&)> full_key;
  // A position set up from `state`, its key computed from scratch.
  std::function<std::unique_ptr<UtttPlayable>(const UtttState&)> start;
};

UtttHashUnderTest reference_uttt_hash(std::shared_ptr<const UtttKeys> keys);
GameTarget uttt_target(UtttHashUnderTest hash);

}  // namespace zobrist_verify::properties::games
