// PropertyResult to bytes and back: how a worker process hands its result to the parent.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

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
  std::vector<std::string> texts() {
    // Each text takes at least its 8-byte length, so a count the bytes left cannot hold is a
    // corrupt encoding: refused before allocating (a count of 2^40 once made a million strings).
    const std::uint64_t n = number();
    if (n > (in_.size() - at_) / sizeof n) ok_ = false;
    if (!ok_) return {};
    std::vector<std::string> list(n);
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

std::string encode_result(const PropertyResult& result);
// Nothing when the bytes are not a whole encoded result (a worker that died while writing).
std::optional<PropertyResult> decode_result(const std::string& bytes);

}  // namespace zobrist_verify::properties
