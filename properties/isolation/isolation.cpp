#include "isolation/isolation.h"

#include <memory>

#include "core/result_codec.h"
#include "core/route_shrinking.h"
#include "zobrist_verify/doors/command_words.h"
#include "zobrist_verify/doors/forwarding_hash.h"
#include "zobrist_verify/parallel_runs.h"

namespace zobrist_verify::properties {

namespace {

using Milliseconds = std::chrono::milliseconds;

// A target instance whose every call is announced in the shared watch, with the route (start FEN
// and moves) this instance stands on, so that the parent can name the case a crash happened in.
class WatchedHash final : public ForwardingHash {
 public:
  WatchedHash(std::unique_ptr<HashUnderTest> inner, CallWatch* watch)
      : ForwardingHash(std::move(inner)), watch_(watch) {}
  ~WatchedHash() override {
    WatchedCallScope scope(watch_, "destroy", route());
    destroy_inner();
  }
  WatchedHash(const WatchedHash&) = delete;
  WatchedHash& operator=(const WatchedHash&) = delete;

  // Every call is watched on its own, so a pipelined target is driven one call at a time here.
  Capabilities capabilities() const override {
    Capabilities caps = ForwardingHash::capabilities();
    caps.pipelined = false;
    return caps;
  }

 private:
  std::optional<Error> before(const DoorCall& call) override {
    if (watch_) watch_->begin_call(call.words(), route());
    return std::nullopt;
  }
  void after(const DoorCall&) override {
    if (watch_) watch_->end_call();
  }

  CallWatch* watch_;
};

bool same_end(const ChildRun& a, const ChildRun& b) {
  return a.end == b.end;
}

// The failure a crash or a hang becomes: the case confirmed alone, then shrunk.
PropertyResult fault_result(const std::string& name, const Target& target,
                            const SuiteOptions& options, const ChildRun& run) {
  PropertyResult result;
  result.name = name;
  result.target = target.name;
  result.seed = options.seed ? options.seed : DefaultSeed;
  const Milliseconds timeout(options.call_timeout_ms);
  const bool hang = run.end == ChildRun::End::TimedOut;
  Counterexample c;
  c.comparison = hang                                    ? Comparison::TargetTimedOut
                 : run.end == ChildRun::End::Exited      ? Comparison::TargetExited
                 : run.end == ChildRun::End::MemoryLimit ? Comparison::TargetMemoryLimit
                                                         : Comparison::TargetCrashed;
  c.ply = -1;
  if (!run.call && run.killed_from_outside) {
    // Killed from outside (the OOM killer, a user) between calls of the target: the run's fault.
    result.skipped = true;
    result.note = "not run to the end: the worker running it was " + run.how +
                  " from outside, outside any call of the target (an error of the run, not of " +
                  "the target)";
    report_run_fault("the worker running " + name + " on " + target.name + " was " + run.how +
                     " from outside, outside any call of the target: not a fault of the target");
    return result;
  }
  if (!run.call) {
    c.route.fen = "?";
    const char* ended = run.end == ChildRun::End::Crashed ? "died" : fault_verb(run.end);
    c.what =
        std::string("the worker running the property ") + ended + " outside any call of the target";
    c.target_error = run.how;
    result.counterexample = std::move(c);
    return result;
  }
  const std::string call = run.call->call;
  Route route = run.call->route;
  std::string confirmation;
  if (call == "create" || call == "destroy") {
    confirmation = "";
  } else if (const ChildRun again = replay_in_child(target, route, call, timeout);
             !same_end(again, run)) {
    confirmation =
        " (not reproduced when the case was replayed alone: the target may depend on "
        "state left by earlier cases)";
  } else {
    confirmation = " (confirmed: the case alone does it again)";
    // Each candidate of a hang costs a whole timeout, of a leak a climb to the limit: only a few.
    route = shrink_route(
        route,
        [&](const Route& r) { return same_end(replay_in_child(target, r, call, timeout), run); },
        hang || run.end == ChildRun::End::MemoryLimit ? 4 : 200);
  }
  c.route = route;
  c.ply = int(route.moves.size()) - 1;
  // The shrunk route's last move, when the call was a move.
  const std::string in = call.rfind("make_move", 0) == 0 && !route.moves.empty()
                             ? "make_move " + route.moves.back()
                             : call;
  const std::string words = fault_words(run, "", in);
  c.what = "the target " + words.substr(0, words.find(": ")) + confirmation;
  c.target_error = run.how;
  c.replay = replay_line(target, route);
  c.features = position_features(c);
  result.counterexample = std::move(c);
  return result;
}

}  // namespace

Target watched_target(const Target& target, CallWatch* watch) {
  Target out = target;
  out.make = [make = target.make, watch]() -> std::unique_ptr<HashUnderTest> {
    std::unique_ptr<HashUnderTest> inner;
    {
      WatchedCallScope scope(watch, "create", Route{});
      inner = make ? make() : nullptr;
    }
    if (!inner) return nullptr;
    return std::make_unique<WatchedHash>(std::move(inner), watch);
  };
  return out;
}

ChildRun replay_in_child(const Target& target, const Route& route, const std::string& last_call,
                         Milliseconds call_timeout) {
  return run_in_child(
      [&](CallWatch& watch) -> std::string {
        std::unique_ptr<HashUnderTest> hash = new_instance(watched_target(target, &watch));
        if (!hash) return "no instance";
        const Capabilities caps = hash->capabilities();
        auto read_keys = [&] {
          (void)hash->key();
          if (caps.pawn_key) (void)hash->pawn_key();
          if (caps.material_key) (void)hash->material_key();
          for (std::size_t i = 0; i < caps.aux_keys.size(); ++i) (void)hash->aux_key(i);
        };
        if (!hash->set_position(route.fen, route.chess960)) return "refused the FEN";
        read_keys();
        for (const std::string& m : route.moves) {
          if (!hash->make_move(m)) return "refused " + m;
          read_keys();
        }
        if (last_call == "unmake_move" && caps.unmake) (void)hash->unmake_move();
        return "ok";
      },
      call_timeout);
}

std::string replay_line(const Target& target, const Route& route,
                        const std::vector<std::string>& extra) {
  if (target.replay_words.empty()) return {};
  std::vector<std::string> words = target.replay_words;
  words.insert(words.end(), {"--fen", route.fen});
  if (!route.moves.empty()) {
    words.push_back("--moves");
    words.insert(words.end(), route.moves.begin(), route.moves.end());
  }
  if (route.chess960) words.push_back("--chess960");
  if (target.allow_unreachable) words.push_back("--allow-unreachable");
  words.insert(words.end(), extra.begin(), extra.end());
  return join_command_words(words);
}

PropertyResult run_property_isolated(const std::string& name, const Target& target,
                                     const SuiteOptions& options) {
  const Milliseconds timeout(options.call_timeout_ms);
  const ChildRun run = run_in_child(
      [&](CallWatch& watch) {
        return encode_result(run_property(name, watched_target(target, &watch), options));
      },
      timeout);
  if (run.end == ChildRun::End::Finished) {
    if (std::optional<PropertyResult> result = decode_result(run.output)) return *result;
    ChildRun broken = run;
    broken.end = ChildRun::End::Crashed;
    broken.how = "the worker sent an incomplete result";
    return fault_result(name, target, options, broken);
  }
  return fault_result(name, target, options, run);
}

}  // namespace zobrist_verify::properties
