#include "chess/target_session.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include <rapidcheck.h>

#include "chess/caught_exceptions.h"
#include "chess/position_tools.h"
#include "zobrist_verify/doors/position_gate.h"

namespace zobrist_verify::properties {

namespace {

constexpr std::size_t TallyExamples = 5;

// Counts a FEN given to the target, and its refusal when `error` is set. True when the caller
// drops the position instead of failing: a tolerated refusal, or a position withheld at the gate
// (never given: counted apart).
bool count_fen(const Target& target, const std::string& fen, bool chess960,
               const Expected<Done>& done);

// Counts the refusal of a FEN counted as given before (a pipelined target's answer, read later),
// or a FEN withheld at the gate; true as count_fen.
bool count_refusal(const Target& target, const std::string& fen, bool chess960,
                   const Error& error) {
  TargetTally* const tally = current_tally();
  if (error.kind == ErrorKind::Withheld) {
    if (tally) {
      ++tally->fens_withheld;
      if (tally->withheld_examples.size() < TallyExamples) tally->withheld_examples.push_back(fen);
    }
    return true;
  }
  if (tally) {
    ++tally->fens_refused;
    if (tally->examples.size() < TallyExamples)
      tally->examples.push_back("FEN " + fen_as_sent(target, fen, chess960) + ": " + error.message);
  }
  return target.fen_refusals_tolerated;
}

bool count_fen(const Target& target, const std::string& fen, bool chess960,
               const Expected<Done>& done) {
  TargetTally* const tally = current_tally();
  const bool withheld = !done && done.error_kind() == ErrorKind::Withheld;
  if (tally && !withheld) ++tally->fens_given;
  return !done && count_refusal(target, fen, chess960, done.failure());
}

// Whether an error read for a request_key_of ticket is the target's verdict on the FEN.
bool refuses_fen(ErrorKind kind) {
  return kind == ErrorKind::Refused || kind == ErrorKind::Withheld;
}

// Why a case drops a position the target was not given or refused.
std::string dropped(const std::string& fen, const Expected<Done>& done) {
  return (done.error_kind() == ErrorKind::Withheld ? "withheld " : "the target refused ") + fen +
         ": " + done.error();
}

// Only the main key travels pipelined; a target with pawn or material keys is read at once.
bool pipelines(const Capabilities& caps) {
  return caps.pipelined && !caps.pawn_key && !caps.material_key;
}

// The identity of the position a comparison side reaches, on the reference, under the rule of
// the route that reaches it.
std::optional<PositionIdentity> identity_at(const ComparedPosition& p, const Target& target) {
  Game game;
  if (!game.set(p.route.fen, polyglot_scheme(), any_position(p.route.chess960)).empty())
    return std::nullopt;
  for (const std::string& m : p.route.moves)
    if (!game.play_uci(m)) return std::nullopt;
  return position_identity(game.position(), rule_on_route(target, p.route));
}

}  // namespace

EnPassantRule rule_on_route(const Target& target, const Route& route) {
  return route.moves.empty() ? target.en_passant_fen_rule.value_or(target.en_passant_rule)
                             : target.en_passant_rule;
}

bool splits_en_passant(const Target& target) {
  return target.en_passant_fen_rule && *target.en_passant_fen_rule != target.en_passant_rule;
}

std::string convention_name(EnPassantRule fen_rule, EnPassantRule move_rule) {
  if (fen_rule == move_rule) return to_string(move_rule);
  return std::string("fen=") + to_string(fen_rule) + ",move=" + to_string(move_rule);
}

std::string convention_name(const Target& target) {
  return convention_name(target.en_passant_fen_rule.value_or(target.en_passant_rule),
                         target.en_passant_rule);
}

const KeyScheme& reference_scheme(const Target& target) {
  return target.expected_scheme ? *target.expected_scheme : polyglot_scheme();
}

std::unique_ptr<HashUnderTest> new_instance(const Target& target) {
  std::unique_ptr<HashUnderTest> hash = target.make ? target.make() : nullptr;
  if (!target.allow_unreachable) hash = behind_gate(std::move(hash));
  return catching_exceptions(std::move(hash));
}

std::unique_ptr<HashUnderTest> make_instance(const Target& target) {
  std::unique_ptr<HashUnderTest> hash = new_instance(target);
  if (!hash) {
    Counterexample c;
    c.route.fen = StartFen;
    c.ply = -1;
    c.what = "the target's factory returned no instance";
    fail(std::move(c));
  }
  return hash;
}

Line::Line(const Target& target, const Capabilities& caps)
    : target_(target), caps_(caps), hash_(make_instance(target)) {}

void Line::start(const std::string& fen, bool chess960) {
  if (!try_start(fen, chess960)) discard_case("the target refused or was not given " + fen);
}

bool Line::try_start(const std::string& fen, bool chess960) {
  if (!game_.set(fen, reference_scheme(target_), any_position(chess960)).empty())
    throw std::logic_error("the property generated an invalid FEN: " + fen);
  // The target gets the FEN as written (X-FEN letters, an en-passant square no pawn can use):
  // every valid spelling must work, not only the reference's normal form.
  // X-FEN castling (a king off its e-file square) makes a position Chess960 by itself.
  // The line before stays known for the errors of its keys read after this start (the sweep
  // reads a line once the next one is asked).
  if (line_ > 0) previous_.emplace(line_, std::move(route_));
  route_ = Route{fen, game_.position().is_chess960(), {}};
  ++line_;
  if (pipelines(caps_)) {
    Expected<KeyTicket> ticket = hash_->request_key_of(route_.fen, route_.chess960);
    if (ticket) {
      if (TargetTally* const tally = current_tally()) ++tally->fens_given;
      starts_.push_back(Start{line_, *ticket, route_, std::nullopt, false, {}});
      return true;
    }
    const Expected<Done> done = ticket.failure();
    if (refuses_fen(done.error_kind()) && count_fen(target_, route_.fen, route_.chess960, done))
      return false;
    fail(target_error("set_position rejected a valid FEN", done.error(), done.error_kind()));
  }
  const Expected<Done> done = hash_->set_position(route_.fen, route_.chess960);
  if (count_fen(target_, route_.fen, route_.chess960, done)) return false;
  if (!done) fail(target_error("set_position rejected a valid FEN", done.error()));
  return true;
}

Line::~Line() {
  // A start no check read the key of is judged now, so that a refusal is still counted (a
  // refusal not tolerated cannot fail the case from here; it could only be an engine's, and an
  // engine's are tolerated).
  try {
    for (Start& start : starts_) (void)judge(start);
  } catch (...) {  // NOLINT(bugprone-empty-catch): the case is over; nothing is left to tell
  }
}

std::optional<Counterexample> Line::judge(Start& start) {
  if (start.answer) return std::nullopt;
  start.answer = hash_->collect_key(start.ticket);
  const Expected<Key>& key = *start.answer;
  if (key || !refuses_fen(key.error_kind())) return std::nullopt;
  if (count_refusal(target_, start.route.fen, start.route.chess960, key.failure())) {
    start.refused = true;
    start.why = dropped(start.route.fen, key.failure());
    return std::nullopt;
  }
  return target_error_on(start.line, -1, "set_position rejected a valid FEN", key.error(),
                         key.error_kind());
}

Line::Start* Line::settle(int line) {
  auto it =
      std::find_if(starts_.begin(), starts_.end(), [&](const Start& s) { return s.line == line; });
  if (it == starts_.end()) return nullptr;
  // Starts of earlier lines are not read any more (a property reads its lines in order): each
  // is judged, its answer already read, and forgotten.
  for (; starts_.begin() != it; starts_.pop_front())
    if (std::optional<Counterexample> refused = judge(starts_.front())) fail(std::move(*refused));
  if (std::optional<Counterexample> refused = judge(starts_.front())) fail(std::move(*refused));
  return &starts_.front();
}

void Line::play(const std::string& uci) {
  if (Expected<Move> m = game_.play_uci(uci); !m)
    throw std::logic_error("the property generated an illegal move: " + m.error());
  give_target(uci);
}

void Line::play(const std::string& uci, Move move) {
  game_.play(move);
  give_target(uci);
}

void Line::give_target(const std::string& uci) {
  route_.moves.push_back(uci);
  TargetTally* const tally = current_tally();
  if (tally) ++tally->moves_given;
  if (Expected<Done> done = hash_->make_move(uci); !done) {
    if (tally) {
      ++tally->moves_refused;
      if (tally->examples.size() < TallyExamples)
        tally->examples.push_back("move " + uci + " in " +
                                  fen_as_sent(target_, game_.position().fen(), chess960()) + ": " +
                                  done.error());
    }
    drop_refused_long_route(line_, ply(), done.failure(), true);
    fail(target_error("make_move refused the legal move " + uci, done.error()));
  }
}

void Line::drop_refused_long_route(int line, int ply, const Error& error, bool counted) const {
  if (!target_.fen_refusals_tolerated || ply < LongRouteRefusalPly ||
      error.kind != ErrorKind::Refused)
    return;
  const std::string what = "a route of " + std::to_string(ply + 1) + " plies from FEN " +
                           fen_as_sent(target_, route_of(line).fen, route_of(line).chess960);
  if (TargetTally* const tally = current_tally(); tally && !counted) {
    ++tally->moves_refused;
    if (tally->examples.size() < TallyExamples)
      tally->examples.push_back(what + ": " + error.message);
  }
  discard_case("the target refused " + what + ": " + error.message);
}

void Line::unmake() {
  if (Expected<Done> done = hash_->unmake_move(); !done)
    fail(target_error("unmake_move failed", done.error()));
  (void)game_.undo();
  route_.moves.pop_back();
}

TargetKeys Line::keys() {
  if (pipelines(caps_)) return collect(request_keys());
  TargetKeys k;
  Expected<Key> key = hash_->key();
  if (!key) {
    drop_refused_long_route(line_, ply(), key.failure(), false);
    fail(target_error("key() failed", key.error(), key.error_kind()));
  }
  k.key = *key;
  if (caps_.pawn_key) {
    Expected<Key> pawn = hash_->pawn_key();
    if (!pawn) fail(target_error("pawn_key() failed", pawn.error(), pawn.error_kind()));
    k.pawn_key = *pawn;
  }
  if (caps_.material_key) {
    Expected<Key> material = hash_->material_key();
    if (!material)
      fail(target_error("material_key() failed", material.error(), material.error_kind()));
    k.material_key = *material;
  }
  return k;
}

std::vector<Key> Line::aux_keys() {
  std::vector<Key> out;
  for (std::size_t i = 0; i < caps_.aux_keys.size(); ++i) {
    Expected<Key> aux = hash_->aux_key(i);
    if (!aux)
      fail(
          target_error("aux_key(" + std::to_string(i) + ") (" + caps_.aux_keys[i].name + ") failed",
                       aux.error(), aux.error_kind()));
    out.push_back(*aux);
  }
  return out;
}

PendingKeys Line::request_keys() {
  if (!pipelines(caps_)) return PendingKeys{ply(), std::nullopt, keys(), line_, false};
  // At the start, the key the FEN went with.
  if (route_.moves.empty() && !starts_.empty() && starts_.back().line == line_)
    return PendingKeys{-1, starts_.back().ticket, {}, line_, true};
  Expected<KeyTicket> ticket = hash_->request_key();
  if (!ticket) fail(target_error("key() failed", ticket.error(), ticket.error_kind()));
  return PendingKeys{ply(), *ticket, {}, line_, false};
}

TargetKeys Line::collect(const PendingKeys& pending) {
  std::optional<TargetKeys> keys = collect_if_started(pending);
  if (!keys) {
    const Start* start = settle(pending.line);
    discard_case(start ? start->why : "the target refused the start of the line");
  }
  return *keys;
}

std::optional<TargetKeys> Line::collect_if_started(const PendingKeys& pending) {
  if (!pending.ticket) return pending.keys;
  const Start* start = settle(pending.line);
  if (start && start->refused) return std::nullopt;
  Expected<Key> key = pending.start && start ? *start->answer : hash_->collect_key(*pending.ticket);
  if (!key) {
    drop_refused_long_route(pending.line, pending.ply, key.failure(), false);
    fail(target_error_on(pending.line, pending.ply, "key() failed", key.error(), key.error_kind()));
  }
  TargetKeys k;
  k.key = *key;
  return k;
}

TargetKeys Line::exact_keys() const {
  TargetKeys want;
  if (!target_.expected_scheme) return want;
  // A split target keys its start, set from a FEN, under its FEN rule.
  if (route_.moves.empty() && splits_en_passant(target_)) {
    KeyScheme scheme = *target_.expected_scheme;
    scheme.en_passant_rule = *target_.en_passant_fen_rule;
    Position start;
    StateInfo state;
    if (start.set(route_.fen, state, scheme, any_position(route_.chess960), nullptr)) {
      const Keys keys = start.compute_keys();
      want.key = target_.compare_printed_key ? start.printed_key() : keys.key;
      want.pawn_key = keys.pawn_key;
      want.material_key = keys.material_key;
      return want;
    }
  }
  const Keys keys = position().compute_keys();
  want.key = target_.compare_printed_key ? position().printed_key() : keys.key;
  want.pawn_key = keys.pawn_key;
  want.material_key = keys.material_key;
  return want;
}

void Line::check_exact(const TargetKeys& keys) {
  check_exact(keys, exact_keys(), ply());
}

void Line::check_exact(const TargetKeys& keys, const TargetKeys& want, int at) {
  if (!target_.expected_scheme) return;
  const std::string scheme = " of the " + target_.expected_scheme->name + " scheme";
  if (keys.key != want.key)
    fail(counterexample_at(at,
                           std::string(target_.compare_printed_key ? "key vs the exact printed key"
                                                                   : "key vs the exact key") +
                               scheme,
                           want.key, keys.key));
  if (caps_.pawn_key && target_.exact_pawn_key && keys.pawn_key != want.pawn_key)
    fail(counterexample_at(at, "pawn key vs the exact pawn key" + scheme, want.pawn_key,
                           keys.pawn_key));
  if (caps_.material_key && target_.exact_material_key && keys.material_key != want.material_key)
    fail(counterexample_at(at, "material key vs the exact material key" + scheme, want.material_key,
                           keys.material_key));
}

std::optional<std::string> Line::fresh_fen() const {
  std::string fen = this->fen();
  if (route_.moves.empty() || !splits_en_passant(target_)) return fen;
  const Position& pos = position();
  const bool by_move = en_passant_term_applies(pos, target_.en_passant_rule);
  if (by_move == en_passant_term_applies(pos, *target_.en_passant_fen_rule)) return fen;
  if (!by_move) return with_en_passant(fen, "-");
  return std::nullopt;
}

Counterexample Line::counterexample(std::string what, Key expected, Key actual) const {
  return counterexample_at(ply(), std::move(what), expected, actual);
}

Counterexample Line::counterexample_at(int at, std::string what, Key expected, Key actual) const {
  return counterexample_on(route_, at, std::move(what), expected, actual);
}

Counterexample Line::counterexample_on(const Route& route, int at, std::string what, Key expected,
                                       Key actual) {
  Counterexample c;
  c.route.fen = route.fen;
  c.route.chess960 = route.chess960;
  c.route.moves.assign(
      route.moves.begin(),
      route.moves.begin() + std::ptrdiff_t(std::clamp(at + 1, 0, int(route.moves.size()))));
  c.ply = at;
  c.what = std::move(what);
  c.expected = expected;
  c.actual = actual;
  return c;
}

Counterexample Line::target_error(std::string what, std::string error, ErrorKind kind) const {
  return target_error_at(ply(), std::move(what), std::move(error), kind);
}

Counterexample Line::target_error_at(int at, std::string what, std::string error,
                                     ErrorKind kind) const {
  return target_error_on(line_, at, std::move(what), std::move(error), kind);
}

const Route& Line::route_of(int line) const {
  if (line != line_ && previous_ && previous_->first == line) return previous_->second;
  return route_;
}

Counterexample Line::target_error_on(int line, int at, std::string what, std::string error,
                                     ErrorKind kind) const {
  // Not the target's answer on this case: the door had stopped asking (see ErrorKind::GaveUp).
  if (kind == ErrorKind::GaveUp) discard_case(error);
  Counterexample c = counterexample_on(route_of(line), at, std::move(what), 0, 0);
  c.comparison = kind == ErrorKind::Crashed    ? Comparison::TargetCrashed
                 : kind == ErrorKind::TimedOut ? Comparison::TargetTimedOut
                                               : Comparison::TargetError;
  c.target_error = std::move(error);
  return c;
}

Counterexample Line::different_keys(std::string what, ComparedPosition first,
                                    ComparedPosition second) const {
  return different_keys_at(ply(), std::move(what), std::move(first), std::move(second));
}

Counterexample Line::different_keys_at(int at, std::string what, ComparedPosition first,
                                       ComparedPosition second) const {
  Counterexample c = counterexample_at(at, std::move(what), 0, 0);
  c.comparison = Comparison::DifferentKeys;
  const std::optional<PositionIdentity> a = identity_at(first, target_);
  const std::optional<PositionIdentity> b = identity_at(second, target_);
  if (a && b) c.difference = only_difference(*a, *b);
  c.positions = {std::move(first), std::move(second)};
  return c;
}

Scratch::Scratch(const Target& target, const Capabilities& caps)
    : target_(target), caps_(caps), hash_(make_instance(target)) {}

namespace {

// As in Line::start: a FEN the strict reader rejects is the suite's bug, never the target's.
// Judged by the gate first: a reachable FEN (nearly all) is valid, and the gate that the same FEN
// then passes on its way to the target remembers the verdict instead of parsing again.
void require_valid(const std::string& fen, bool chess960) {
  if (!unreachable_reason(fen, chess960)) return;
  Position reference;
  StateInfo state;
  if (!reference.set(fen, state, polyglot_scheme(), any_position(chess960), nullptr))
    throw std::logic_error("the property derived an invalid FEN: " + fen);
}

}  // namespace

Expected<Done> Scratch::set(const std::string& fen, bool chess960, FenForm form) {
  return form == FenForm::Written ? hash_->set_written_position(fen, chess960)
                                  : hash_->set_position(fen, chess960);
}

TargetKeys Scratch::keys_of(const std::string& fen, bool chess960, const Line& context,
                            FenForm form) {
  auto broken = [&](const std::string& what, const Error& error) {
    fail(context.target_error(
        "fresh instance, " + what + " (FEN " + fen_as_sent(target_, fen, chess960) + ")",
        error.message, error.kind));
  };
  require_valid(fen, chess960);
  const Expected<Done> done = set(fen, chess960, form);
  if (count_fen(target_, fen, chess960, done)) discard_case(dropped(fen, done));
  if (!done) broken("set_position rejected a valid FEN", done.failure());
  TargetKeys k;
  Expected<Key> key = hash_->key();
  if (!key) broken("key() failed", key.failure());
  k.key = *key;
  if (caps_.pawn_key) {
    Expected<Key> pawn = hash_->pawn_key();
    if (!pawn) broken("pawn_key() failed", pawn.failure());
    k.pawn_key = *pawn;
  }
  if (caps_.material_key) {
    Expected<Key> material = hash_->material_key();
    if (!material) broken("material_key() failed", material.failure());
    k.material_key = *material;
  }
  return k;
}

std::vector<Key> Scratch::aux_keys_of(const std::string& fen, bool chess960, const Line& context,
                                      FenForm form) {
  require_valid(fen, chess960);
  const Expected<Done> done = set(fen, chess960, form);
  if (count_fen(target_, fen, chess960, done)) discard_case(dropped(fen, done));
  const std::string sent = " (FEN " + fen_as_sent(target_, fen, chess960) + ")";
  if (!done)
    fail(context.target_error("fresh instance, set_position rejected a valid FEN" + sent,
                              done.error(), done.error_kind()));
  std::vector<Key> out;
  for (std::size_t i = 0; i < caps_.aux_keys.size(); ++i) {
    Expected<Key> aux = hash_->aux_key(i);
    if (!aux)
      fail(context.target_error("fresh instance, aux_key(" + std::to_string(i) + ") (" +
                                    caps_.aux_keys[i].name + ") failed" + sent,
                                aux.error(), aux.error_kind()));
    out.push_back(*aux);
  }
  return out;
}

PendingKeys Scratch::request_keys_of(const std::string& fen, bool chess960, const Line& context,
                                     FenForm form) {
  if (!pipelines(caps_))
    return PendingKeys{context.ply(), std::nullopt, keys_of(fen, chess960, context, form)};
  require_valid(fen, chess960);
  // The target may judge the FEN only when the key is read: a refusal, here or in collect(), is
  // what set_position's would have been.
  Expected<KeyTicket> ticket = hash_->request_key_of(fen, chess960);
  if (ticket) {
    if (TargetTally* const tally = current_tally()) ++tally->fens_given;
    return PendingKeys{context.ply(), *ticket, {}, context.line(), false};
  }
  const Expected<Done> done = ticket.failure();
  if (!refuses_fen(done.error_kind()))
    fail(context.target_error(
        "fresh instance, key() failed (FEN " + fen_as_sent(target_, fen, chess960) + ")",
        done.error(), done.error_kind()));
  if (count_fen(target_, fen, chess960, done)) discard_case(dropped(fen, done));
  fail(refused_valid_fen(fen, chess960, PendingKeys{context.ply(), {}, {}, context.line(), false},
                         done.failure(), context));
}

Counterexample Scratch::refused_valid_fen(const std::string& fen, bool chess960,
                                          const PendingKeys& at, const Error& error,
                                          const Line& context) const {
  return context.target_error_on(at.line, at.ply,
                                 "fresh instance, set_position rejected a valid FEN (FEN " +
                                     fen_as_sent(target_, fen, chess960) + ")",
                                 error.message, error.kind);
}

TargetKeys Scratch::collect(const PendingKeys& pending, const std::string& fen,
                            const Line& context) {
  if (!pending.ticket) return pending.keys;
  Expected<Key> key = hash_->collect_key(*pending.ticket);
  if (!key && refuses_fen(key.error_kind())) {
    if (count_refusal(target_, fen, context.chess960(), key.failure()))
      discard_case(dropped(fen, key.failure()));
    fail(refused_valid_fen(fen, context.chess960(), pending, key.failure(), context));
  }
  if (!key)
    fail(context.target_error_on(
        pending.line, pending.ply,
        "fresh instance, key() failed (FEN " + fen_as_sent(target_, fen, context.chess960()) + ")",
        key.error(), key.error_kind()));
  TargetKeys k;
  k.key = *key;
  return k;
}

}  // namespace zobrist_verify::properties
