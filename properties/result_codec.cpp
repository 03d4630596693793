#include "result_codec.h"

#include <cstring>

namespace zobrist_verify::properties {

namespace {

class Writer {
 public:
  void number(std::uint64_t n) { out_.append(reinterpret_cast<const char*>(&n), sizeof n); }
  void text(const std::string& s) {
    number(s.size());
    out_ += s;
  }
  void texts(const std::vector<std::string>& list) {
    number(list.size());
    for (const std::string& s : list) text(s);
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(const std::string& in) : in_(in) {}
  bool ok() const { return ok_; }
  std::uint64_t number() {
    std::uint64_t n = 0;
    if (!need(sizeof n)) return 0;
    std::memcpy(&n, in_.data() + at_, sizeof n);
    at_ += sizeof n;
    return n;
  }
  std::string text() {
    const std::uint64_t n = number();
    if (!need(n)) return {};
    std::string s = in_.substr(at_, n);
    at_ += n;
    return s;
  }
  std::vector<std::string> texts() {
    std::vector<std::string> list(std::min<std::uint64_t>(number(), 1 << 20));
    for (std::string& s : list) s = text();
    return list;
  }
  bool at_end() const { return at_ == in_.size(); }

 private:
  bool need(std::uint64_t n) {
    if (n > in_.size() - at_) ok_ = false;
    return ok_;
  }
  const std::string& in_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

void write_tally(Writer& w, const TargetTally& t) {
  w.number(t.fens_given);
  w.number(t.fens_refused);
  w.number(t.moves_given);
  w.number(t.moves_refused);
  w.texts(t.examples);
}

TargetTally read_tally(Reader& r) {
  TargetTally t;
  t.fens_given = r.number();
  t.fens_refused = r.number();
  t.moves_given = r.number();
  t.moves_refused = r.number();
  t.examples = r.texts();
  return t;
}

}  // namespace

std::string encode_result(const PropertyResult& result) {
  Writer w;
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
  w.number(result.counterexample.has_value());
  if (const auto& c = result.counterexample) {
    w.text(c->start_fen);
    w.number(c->chess960);
    w.texts(c->moves);
    w.number(std::uint64_t(std::int64_t(c->ply)));
    w.text(c->what);
    w.number(std::uint64_t(c->comparison));
    w.number(c->expected);
    w.number(c->actual);
    w.number(c->positions.size());
    for (const ComparedPosition& p : c->positions) {
      w.text(p.fen);
      w.number(p.chess960);
      w.texts(p.moves);
      w.number(p.key);
    }
    w.text(c->difference);
    w.text(c->target_error);
    w.texts(c->features);
    w.text(c->reproduce);
    w.text(c->replay);
  }
  return w.take();
}

std::optional<PropertyResult> decode_result(const std::string& bytes) {
  Reader r(bytes);
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
  if (r.number() != 0) {
    Counterexample c;
    c.start_fen = r.text();
    c.chess960 = r.number() != 0;
    c.moves = r.texts();
    c.ply = int(std::int64_t(r.number()));
    c.what = r.text();
    c.comparison = Comparison(r.number());
    c.expected = r.number();
    c.actual = r.number();
    c.positions.resize(std::min<std::uint64_t>(r.number(), 16));
    for (ComparedPosition& p : c.positions) {
      p.fen = r.text();
      p.chess960 = r.number() != 0;
      p.moves = r.texts();
      p.key = r.number();
    }
    c.difference = r.text();
    c.target_error = r.text();
    c.features = r.texts();
    c.reproduce = r.text();
    c.replay = r.text();
    result.counterexample = std::move(c);
  }
  if (!r.ok() || !r.at_end()) return std::nullopt;
  return result;
}

}  // namespace zobrist_verify::properties
