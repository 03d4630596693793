// ByteConsumer: reads the fuzzer's input front to back. It never throws and never reads past the
// end: once the bytes run out every read returns zero (or an empty view), so a harness can decode
// any input without checking lengths first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace zv_fuzz {

class ByteConsumer {
 public:
  ByteConsumer(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool empty() const { return pos_ == size_; }
  std::size_t remaining() const { return size_ - pos_; }

  // The next byte, or 0 once the input is exhausted.
  std::uint8_t byte() { return empty() ? 0 : data_[pos_++]; }

  // Two bytes, little-endian; missing bytes count as 0.
  std::uint16_t u16() {
    const std::uint16_t low = byte();
    return std::uint16_t(low | (std::uint16_t(byte()) << 8));
  }

  // Up to `length` bytes as text (fewer when the input ends first).
  std::string_view text(std::size_t length) {
    if (length > remaining()) length = remaining();
    const std::string_view out(reinterpret_cast<const char*>(data_ + pos_), length);
    pos_ += length;
    return out;
  }

  // Everything not read yet.
  std::string_view rest() { return text(remaining()); }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace zv_fuzz
