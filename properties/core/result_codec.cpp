#include "core/result_codec.h"

#include <cstring>

#include "zobrist_verify/parallel_runs.h"

namespace zobrist_verify::properties {

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

void write_tally(ByteWriter& out, const TargetTally& t) {
  out.number(t.fens_given);
  out.number(t.fens_refused);
  out.number(t.moves_given);
  out.number(t.moves_refused);
  out.texts(t.examples);
  out.number(t.fens_withheld);
  out.texts(t.withheld_examples);
}

TargetTally read_tally(ByteReader& in) {
  TargetTally t;
  t.fens_given = in.number();
  t.fens_refused = in.number();
  t.moves_given = in.number();
  t.moves_refused = in.number();
  t.examples = in.texts();
  t.fens_withheld = in.number();
  t.withheld_examples = in.texts();
  return t;
}

void write_counterexample(ByteWriter& out, const Counterexample& c) {
  write_route(out, c.route);
  out.number(std::uint64_t(std::int64_t(c.ply)));
  out.text(c.what);
  out.number(std::uint64_t(c.comparison));
  out.number(c.expected);
  out.number(c.actual);
  out.number(c.positions.size());
  for (const ComparedPosition& p : c.positions) {
    write_route(out, p.route);
    out.number(p.key);
  }
  out.text(c.difference);
  out.text(c.target_error);
  out.texts(c.features);
  out.text(c.reproduce);
  out.text(c.replay);
  out.text(c.shrinking);
  out.text(c.cause);
  out.text(c.terms);
}

Counterexample read_counterexample(ByteReader& in) {
  Counterexample c;
  c.route = read_route(in);
  c.ply = int(std::int64_t(in.number()));
  c.what = in.text();
  c.comparison = Comparison(in.number());
  c.expected = in.number();
  c.actual = in.number();
  // Each position takes at least its route's three numbers and its key.
  c.positions.resize(in.count(4 * sizeof(std::uint64_t)));
  for (ComparedPosition& p : c.positions) {
    p.route = read_route(in);
    p.key = in.number();
  }
  c.difference = in.text();
  c.target_error = in.text();
  c.features = in.texts();
  c.reproduce = in.text();
  c.replay = in.text();
  c.shrinking = in.text();
  c.cause = in.text();
  c.terms = in.text();
  return c;
}

void write_difference(ByteWriter& out, const DivideDifference& d) {
  out.texts(d.missing);
  out.texts(d.extra);
  out.texts(d.duplicated);
  out.number(d.counts.size());
  for (const CountDifference& c : d.counts) {
    out.text(c.move);
    out.number(c.expected);
    out.number(c.actual);
  }
  out.number(d.expected_nodes);
  out.number(d.actual_nodes);
}

DivideDifference read_difference(ByteReader& in) {
  DivideDifference d;
  d.missing = in.texts();
  d.extra = in.texts();
  d.duplicated = in.texts();
  d.counts.resize(in.count(3 * sizeof(std::uint64_t)));
  for (CountDifference& c : d.counts) {
    c.move = in.text();
    c.expected = in.number();
    c.actual = in.number();
  }
  d.expected_nodes = in.number();
  d.actual_nodes = in.number();
  return d;
}

void write_fault(ByteWriter& out, const std::optional<MovegenFault>& fault) {
  out.number(fault.has_value());
  if (!fault) return;
  write_route(out, fault->route);
  out.text(fault->message);
  out.number(fault->unusable);
}

std::optional<MovegenFault> read_fault(ByteReader& in) {
  if (in.number() == 0) return std::nullopt;
  MovegenFault fault;
  fault.route = read_route(in);
  fault.message = in.text();
  fault.unusable = in.number() != 0;
  return fault;
}

namespace {

void write_result(ByteWriter& out, const PropertyResult& result) {
  out.text(result.name);
  out.text(result.target);
  out.number(result.passed);
  out.number(result.skipped);
  out.number(std::uint64_t(result.cases));
  std::uint64_t seconds_bits = 0;
  std::memcpy(&seconds_bits, &result.seconds, sizeof seconds_bits);
  out.number(seconds_bits);
  out.number(result.seed);
  out.text(result.note);
  write_tally(out, result.tally);
  out.texts(result.warnings);
  out.number(result.counterexample.has_value());
  if (result.counterexample) write_counterexample(out, *result.counterexample);
  out.number(result.further.size());
  for (const Counterexample& c : result.further) write_counterexample(out, c);
}

PropertyResult read_result(ByteReader& in) {
  PropertyResult result;
  result.name = in.text();
  result.target = in.text();
  result.passed = in.number() != 0;
  result.skipped = in.number() != 0;
  result.cases = int(in.number());
  const std::uint64_t seconds_bits = in.number();
  std::memcpy(&result.seconds, &seconds_bits, sizeof seconds_bits);
  result.seed = in.number();
  result.note = in.text();
  result.tally = read_tally(in);
  result.warnings = in.texts();
  if (in.number() != 0) result.counterexample = read_counterexample(in);
  // Each takes at least its route's three numbers, its ply and its keys.
  result.further.resize(in.count(6 * sizeof(std::uint64_t)));
  for (Counterexample& c : result.further) c = read_counterexample(in);
  return result;
}

}  // namespace

std::string encode_result(const PropertyResult& result) {
  ByteWriter out;
  write_result(out, result);
  return out.take();
}

std::optional<PropertyResult> decode_result(const std::string& bytes) {
  ByteReader in(bytes);
  PropertyResult result = read_result(in);
  if (!in.ok() || !in.at_end()) return std::nullopt;
  return result;
}

std::string encode_results(const std::vector<PropertyResult>& results) {
  ByteWriter out;
  out.number(results.size());
  for (const PropertyResult& r : results) out.text(encode_result(r));
  return out.take();
}

std::optional<std::vector<PropertyResult>> decode_results(const std::string& bytes) {
  ByteReader in(bytes);
  // Each result takes at least its 8-byte length.
  std::vector<PropertyResult> results(in.count(sizeof(std::uint64_t)));
  for (PropertyResult& r : results) {
    std::optional<PropertyResult> one = decode_result(in.text());
    if (!in.ok() || !one) return std::nullopt;
    r = std::move(*one);
  }
  if (!in.ok() || !in.at_end()) return std::nullopt;
  return results;
}

}  // namespace zobrist_verify::properties
