// The one codec of what crosses a process boundary: how a forked worker hands the parent what it
// found. Numbers and length-prefixed texts, and the types several kinds of worker send (routes,
// a target's tally, counterexamples and whole results, a move generator's differences and
// faults), each written and read one way here. The records of one kind of worker (a sweep's
// lines, a movegen block, detected conventions) are written beside their types, from these.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/doors/divide_comparison.h"
#include "zobrist_verify/movegen_fuzz.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// Numbers and length-prefixed strings, in the host's byte order (both ends are one program).
class ByteWriter {
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
  // A count, then each item as `write_one(item)` writes it.
  template <class T, class Write>
  void list(const std::vector<T>& items, Write&& write_one) {
    number(items.size());
    for (const T& item : items) write_one(item);
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// Reads what ByteWriter wrote; ok() turns false, and stays so, at the first read past the end.
class ByteReader {
 public:
  explicit ByteReader(const std::string& in) : in_(in) {}
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
  // The count of a list whose items take at least `least_bytes` each: a count the bytes left
  // cannot hold is a corrupt encoding, refused before anything is allocated for it (a count of
  // 2^40 once made a million strings).
  std::uint64_t count(std::size_t least_bytes) {
    const std::uint64_t n = number();
    if (ok_ && n > (in_.size() - at_) / std::max<std::size_t>(least_bytes, 1)) ok_ = false;
    return ok_ ? n : 0;
  }
  std::vector<std::string> texts() {
    std::vector<std::string> list(count(sizeof(std::uint64_t)));
    for (std::string& s : list) s = text();
    return list;
  }
  // What ByteWriter::list wrote: a count, then each item as `read_one()` reads it.
  template <class T, class Read>
  std::vector<T> list(std::size_t least_bytes, Read&& read_one) {
    std::vector<T> items;
    for (std::uint64_t n = count(least_bytes); n > 0 && ok_; --n) items.push_back(read_one());
    return items;
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

void write_route(ByteWriter& out, const Route& route);
Route read_route(ByteReader& in);

void write_tally(ByteWriter& out, const TargetTally& tally);
TargetTally read_tally(ByteReader& in);

void write_counterexample(ByteWriter& out, const Counterexample& c);
Counterexample read_counterexample(ByteReader& in);

void write_difference(ByteWriter& out, const DivideDifference& d);
DivideDifference read_difference(ByteReader& in);

// A fault or none.
void write_fault(ByteWriter& out, const std::optional<MovegenFault>& fault);
std::optional<MovegenFault> read_fault(ByteReader& in);

std::string encode_result(const PropertyResult& result);
// Nothing when the bytes are not a whole encoded result (a worker that died while writing).
std::optional<PropertyResult> decode_result(const std::string& bytes);

}  // namespace zobrist_verify::properties
