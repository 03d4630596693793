#include "core/result_codec.h"

#include <cstring>

namespace zobrist_verify::properties {

namespace {

void write_tally(ByteWriter& w, const TargetTally& t) {
  w.number(t.fens_given);
  w.number(t.fens_refused);
  w.number(t.moves_given);
  w.number(t.moves_refused);
  w.texts(t.examples);
  w.number(t.fens_withheld);
  w.texts(t.withheld_examples);
}

TargetTally read_tally(ByteReader& r) {
  TargetTally t;
  t.fens_given = r.number();
  t.fens_refused = r.number();
  t.moves_given = r.number();
  t.moves_refused = r.number();
  t.examples = r.texts();
  t.fens_withheld = r.number();
  t.withheld_examples = r.texts();
  return t;
}

}  // namespace

std::string encode_result(const PropertyResult& result) {
  ByteWriter w;
  w.text(result.name);
  w.text(result.target);
  w.number(result.passed);
  w.number(result.skipped);
  w.number(std::uint64_t(result.cases));
  std::uint64_t seconds_bits = 0;
  std::memcpy(&seconds_bits, &result.seconds, sizeof seconds_bits);
  w.number(seconds_bits);
  w.number(result.seed);
  w.text(result.note);
  write_tally(w, result.tally);
  w.texts(result.warnings);
  w.number(result.counterexample.has_value());
  if (const auto& c = result.counterexample) {
    w.text(c->route.fen);
    w.number(c->route.chess960);
    w.texts(c->route.moves);
    w.number(std::uint64_t(std::int64_t(c->ply)));
    w.text(c->what);
    w.number(std::uint64_t(c->comparison));
    w.number(c->expected);
    w.number(c->actual);
    w.number(c->positions.size());
    for (const ComparedPosition& p : c->positions) {
      w.text(p.route.fen);
      w.number(p.route.chess960);
      w.texts(p.route.moves);
      w.number(p.key);
    }
    w.text(c->difference);
    w.text(c->target_error);
    w.texts(c->features);
    w.text(c->reproduce);
    w.text(c->replay);
    w.text(c->shrinking);
  }
  return w.take();
}

std::optional<PropertyResult> decode_result(const std::string& bytes) {
  ByteReader r(bytes);
  PropertyResult result;
  result.name = r.text();
  result.target = r.text();
  result.passed = r.number() != 0;
  result.skipped = r.number() != 0;
  result.cases = int(r.number());
  const std::uint64_t seconds_bits = r.number();
  std::memcpy(&result.seconds, &seconds_bits, sizeof seconds_bits);
  result.seed = r.number();
  result.note = r.text();
  result.tally = read_tally(r);
  result.warnings = r.texts();
  if (r.number() != 0) {
    Counterexample c;
    c.route.fen = r.text();
    c.route.chess960 = r.number() != 0;
    c.route.moves = r.texts();
    c.ply = int(std::int64_t(r.number()));
    c.what = r.text();
    c.comparison = Comparison(r.number());
    c.expected = r.number();
    c.actual = r.number();
    c.positions.resize(std::min<std::uint64_t>(r.number(), 16));
    for (ComparedPosition& p : c.positions) {
      p.route.fen = r.text();
      p.route.chess960 = r.number() != 0;
      p.route.moves = r.texts();
      p.key = r.number();
    }
    c.difference = r.text();
    c.target_error = r.text();
    c.features = r.texts();
    c.reproduce = r.text();
    c.replay = r.text();
    c.shrinking = r.text();
    result.counterexample = std::move(c);
  }
  if (!r.ok() || !r.at_end()) return std::nullopt;
  return result;
}

}  // namespace zobrist_verify::properties
