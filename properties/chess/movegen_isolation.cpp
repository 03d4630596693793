// run_movegen behind a process boundary, for doors that run in this process (plugins): the run
// happens in a forked worker with every divide watched, and comes back as bytes.
#include <utility>

#include "isolation/forked_run.h"
#include "core/result_codec.h"
#include "zobrist_verify/movegen_fuzz.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

namespace {

void write_route(ByteWriter& out, const Route& route) {
  out.text(route.fen);
  out.number(route.chess960);
  out.texts(route.moves);
}

Route read_route(ByteReader& in) {
  Route route;
  route.fen = in.text();
  route.chess960 = in.number() != 0;
  route.moves = in.texts();
  return route;
}

std::string encode(const MovegenResult& r) {
  ByteWriter out;
  out.text(r.target);
  for (std::uint64_t n : {std::uint64_t(r.positions), std::uint64_t(r.divergences), r.seed,
                          std::uint64_t(r.depth), std::uint64_t(r.seconds * 1e6)})
    out.number(n);
  const MovegenMix& m = r.mix;
  for (int n : {m.en_passant, m.en_passant_pinned, m.castling, m.promotion, m.check, m.chess960,
                m.no_moves})
    out.number(std::uint64_t(n));
  out.number(std::uint64_t(r.withheld));
  out.text(r.first_withheld);
  out.number(std::uint64_t(r.given));
  out.number(std::uint64_t(r.refused));
  out.texts(r.refusal_examples);
  out.number(r.first_divergences.size());
  for (const MovegenDivergence& d : r.first_divergences) {
    write_route(out, d.route);
    out.texts(d.difference.missing);
    out.texts(d.difference.extra);
    out.texts(d.difference.duplicated);
    out.number(d.difference.counts.size());
    for (const CountDifference& c : d.difference.counts) {
      out.text(c.move);
      out.number(c.expected);
      out.number(c.actual);
    }
    out.number(d.difference.expected_nodes);
    out.number(d.difference.actual_nodes);
  }
  out.number(r.fault.has_value());
  if (r.fault) {
    write_route(out, r.fault->route);
    out.text(r.fault->message);
  }
  return out.take();
}

std::optional<MovegenResult> decode(const std::string& bytes) {
  ByteReader in(bytes);
  MovegenResult r;
  r.target = in.text();
  r.positions = int(in.number());
  r.divergences = int(in.number());
  r.seed = in.number();
  r.depth = int(in.number());
  r.seconds = double(in.number()) / 1e6;
  MovegenMix& m = r.mix;
  for (int* n : {&m.en_passant, &m.en_passant_pinned, &m.castling, &m.promotion, &m.check,
                 &m.chess960, &m.no_moves})
    *n = int(in.number());
  r.withheld = int(in.number());
  r.first_withheld = in.text();
  r.given = int(in.number());
  r.refused = int(in.number());
  r.refusal_examples = in.texts();
  for (std::uint64_t i = 0, count = in.number(); i < count && in.ok(); ++i) {
    MovegenDivergence d;
    d.route = read_route(in);
    d.difference.missing = in.texts();
    d.difference.extra = in.texts();
    d.difference.duplicated = in.texts();
    for (std::uint64_t j = 0, counts = in.number(); j < counts && in.ok(); ++j) {
      CountDifference c;
      c.move = in.text();
      c.expected = in.number();
      c.actual = in.number();
      d.difference.counts.push_back(std::move(c));
    }
    d.difference.expected_nodes = in.number();
    d.difference.actual_nodes = in.number();
    r.first_divergences.push_back(std::move(d));
  }
  if (in.number() != 0) {
    MovegenFault fault;
    fault.route = read_route(in);
    fault.message = in.text();
    r.fault = std::move(fault);
  }
  if (!in.ok()) return std::nullopt;
  return r;
}

}  // namespace

MovegenResult run_movegen_isolated(const MovegenDoor& door, const MovegenOptions& options,
                                   std::chrono::milliseconds call_timeout) {
  const ChildRun run = run_in_child(
      [&](CallWatch& watch) {
        MovegenDoor watched = door;
        watched.divide = [&](const Route& route, int depth) {
          WatchedCallScope scope(&watch, "its divide (legal_moves, make_move)", route);
          return door.divide(route, depth);
        };
        return encode(run_movegen(watched, options));
      },
      call_timeout);
  if (run.end == ChildRun::End::Finished) {
    if (auto result = decode(run.output)) return *result;
  }
  MovegenResult result;
  result.target = door.name;
  result.seed = options.seed ? options.seed : DefaultSeed;
  result.depth = options.depth;
  MovegenFault fault;
  if (run.call) fault.route = run.call->route;
  fault.message = run.end == ChildRun::End::Finished
                      ? "the worker running the target sent back a result that does not decode"
                      : door.name + " " + fault_words(run, "", std::nullopt, "its worker");
  result.fault = std::move(fault);
  return result;
}

Expected<Done> probe_movegen_door(const MovegenDoor& door, const Route& route,
                                  std::chrono::milliseconds call_timeout) {
  const ChildRun run = run_in_child(
      [&](CallWatch& watch) -> std::string {
        WatchedCallScope scope(&watch, "its divide (legal_moves, make_move)", route);
        const Expected<DivideCounts> divide = door.divide(route, 1);
        return divide ? "ok" : "error\n" + divide.error();
      },
      call_timeout);
  if (run.end != ChildRun::End::Finished)
    return Error{"it " + fault_words(run, "", std::nullopt, "its worker")};
  if (run.output == "ok") return Done{};
  if (run.output.rfind("error\n", 0) == 0) return Error{run.output.substr(6)};
  return Error{"its worker ended without an answer (the plugin called exit())"};
}

}  // namespace zobrist_verify::properties
