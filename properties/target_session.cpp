#include "target_session.h"

#include <stdexcept>

#include <rapidcheck.h>

namespace zobrist_verify::properties {

namespace {

thread_local FailureLog* current_log = nullptr;

}  // namespace

const Counterexample* FailureLog::find(const std::string& description) const {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
    if (description.find(it->text) != std::string::npos) return &it->counterexample;
  return nullptr;
}

FailureLogScope::FailureLogScope(FailureLog& log) : previous_(current_log) {
  current_log = &log;
}

FailureLogScope::~FailureLogScope() {
  current_log = previous_;
}

void fail(Counterexample c) {
  std::string text = format_counterexample(c);
  if (current_log) current_log->add(std::move(c), text);
  throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, std::move(text));
}

const KeyScheme& reference_scheme(const Target& target) {
  return target.expected_scheme ? *target.expected_scheme : polyglot_scheme();
}

std::unique_ptr<HashUnderTest> make_instance(const Target& target) {
  std::unique_ptr<HashUnderTest> hash = target.make ? target.make() : nullptr;
  if (!hash) {
    Counterexample c;
    c.start_fen = StartFen;
    c.ply = -1;
    c.what = "the target's factory returned no instance";
    fail(std::move(c));
  }
  return hash;
}

Line::Line(const Target& target, const Capabilities& caps)
    : target_(target), caps_(caps), hash_(make_instance(target)) {}

void Line::start(const std::string& fen, bool chess960) {
  if (!game_.set(fen, reference_scheme(target_), FenOptions{chess960}).empty())
    throw std::logic_error("the property generated an invalid FEN: " + fen);
  // The target gets the FEN as written (X-FEN letters, an en-passant square no pawn can use):
  // every valid spelling must work, not only the reference's normal form.
  start_fen_ = fen;
  // X-FEN castling (a king off its e-file square) makes a position Chess960 by itself.
  chess960_ = game_.position().is_chess960();
  moves_.clear();
  if (Expected<Done> done = hash_->set_position(start_fen_, chess960_); !done)
    fail(counterexample("set_position rejected a valid FEN: " + done.error(), 0, 0));
}

void Line::play(const std::string& uci) {
  if (Expected<Move> m = game_.play_uci(uci); !m)
    throw std::logic_error("the property generated an illegal move: " + m.error());
  moves_.push_back(uci);
  if (Expected<Done> done = hash_->make_move(uci); !done)
    fail(counterexample("make_move rejected a legal move: " + done.error(), 0, 0));
}

void Line::unmake() {
  if (Expected<Done> done = hash_->unmake_move(); !done)
    fail(counterexample("unmake_move failed: " + done.error(), 0, 0));
  (void)game_.undo();
  moves_.pop_back();
}

TargetKeys Line::keys() {
  TargetKeys k;
  Expected<Key> key = hash_->key();
  if (!key) fail(counterexample("key() failed: " + key.error(), 0, 0));
  k.key = *key;
  if (caps_.pawn_key) {
    Expected<Key> pawn = hash_->pawn_key();
    if (!pawn) fail(counterexample("pawn_key() failed: " + pawn.error(), 0, 0));
    k.pawn_key = *pawn;
  }
  if (caps_.material_key) {
    Expected<Key> material = hash_->material_key();
    if (!material) fail(counterexample("material_key() failed: " + material.error(), 0, 0));
    k.material_key = *material;
  }
  return k;
}

void Line::check_exact(const TargetKeys& keys) {
  if (!target_.expected_scheme) return;
  const Keys want = position().compute_keys();
  const std::string scheme = " of the " + target_.expected_scheme->name + " scheme";
  if (keys.key != want.key)
    fail(counterexample("key vs the exact key" + scheme, want.key, keys.key));
  if (caps_.pawn_key && keys.pawn_key != want.pawn_key)
    fail(counterexample("pawn key vs the exact pawn key" + scheme, want.pawn_key, keys.pawn_key));
  if (caps_.material_key && keys.material_key != want.material_key)
    fail(counterexample("material key vs the exact material key" + scheme, want.material_key,
                        keys.material_key));
}

Counterexample Line::counterexample(std::string what, Key expected, Key actual) const {
  Counterexample c;
  c.start_fen = start_fen_;
  c.chess960 = chess960_;
  c.moves = moves_;
  c.ply = ply();
  c.what = std::move(what);
  c.expected = expected;
  c.actual = actual;
  return c;
}

Scratch::Scratch(const Target& target, const Capabilities& caps)
    : caps_(caps), hash_(make_instance(target)) {}

TargetKeys Scratch::keys_of(const std::string& fen, bool chess960, const Line& context) {
  auto broken = [&](const std::string& what) {
    fail(context.counterexample("fresh instance, " + what + " (FEN " + fen + ")", 0, 0));
  };
  // As in Line::start: a FEN the strict reader rejects is the suite's bug, never the target's.
  Position reference;
  StateInfo state;
  if (!reference.set(fen, state, polyglot_scheme(), FenOptions{chess960}, nullptr))
    throw std::logic_error("the property derived an invalid FEN: " + fen);
  if (Expected<Done> done = hash_->set_position(fen, chess960); !done)
    broken("set_position rejected a valid FEN: " + done.error());
  TargetKeys k;
  Expected<Key> key = hash_->key();
  if (!key) broken("key() failed: " + key.error());
  k.key = *key;
  if (caps_.pawn_key) {
    Expected<Key> pawn = hash_->pawn_key();
    if (!pawn) broken("pawn_key() failed: " + pawn.error());
    k.pawn_key = *pawn;
  }
  if (caps_.material_key) {
    Expected<Key> material = hash_->material_key();
    if (!material) broken("material_key() failed: " + material.error());
    k.material_key = *material;
  }
  return k;
}

}  // namespace zobrist_verify::properties
