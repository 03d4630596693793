// The sweep's store of the positions it has met (core/sweep.cpp): identities of one width end to
// end in one buffer, found through an open-addressing table of their indices.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace zobrist_verify::properties::games {

// A table of indices with open addressing (linear probing), sized once for `most` entries: the
// merge is the one serial part of a split sweep, so it allocates nothing per position.
class IndexTable {
 public:
  static constexpr std::uint32_t Empty = 0xffffffffU;
  explicit IndexTable(std::size_t most) {
    std::size_t capacity = 16;
    while (capacity < most + most / 2 + 1) capacity *= 2;
    slots_.assign(capacity, Empty);
    mask_ = capacity - 1;
  }
  // The slot where `hash` leads: the first whose index `same` accepts, else the empty one to fill.
  template <class Same>
  std::uint32_t& find(std::uint64_t hash, Same&& same) {
    for (std::size_t at = std::size_t(hash) & mask_;; at = (at + 1) & mask_) {
      std::uint32_t& slot = slots_[at];
      if (slot == Empty || same(slot)) return slot;
    }
  }

 private:
  std::vector<std::uint32_t> slots_;
  std::size_t mask_ = 0;
};

inline std::uint64_t mix(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  return h ^ (h >> 33);
}

// Identities of one width kept end to end in one buffer, found through a table of their indices:
// 10^7 chess positions fit in under a gigabyte. Holds at most `most` (the sweep stops there).
class IdentityStore {
 public:
  explicit IdentityStore(std::size_t most) : most_(most), table_(most) {}

  // The index of `identity`, added when new; `added` says which.
  std::uint32_t find_or_add(std::string_view identity, bool& added) {
    if (width_ == 0) {
      width_ = identity.size();
      bytes_.reserve(most_ * width_);
    }
    if (identity.size() != width_)
      throw std::logic_error("a game gave identities of different widths");
    std::uint32_t& slot = table_.find(hash(identity), [&](std::uint32_t i) {
      return std::memcmp(bytes_.data() + std::size_t(i) * width_, identity.data(), width_) == 0;
    });
    added = slot == IndexTable::Empty;
    if (added) {
      slot = std::uint32_t(size_++);
      bytes_.insert(bytes_.end(), identity.begin(), identity.end());
    }
    return slot;
  }
  std::string at(std::uint32_t index) const {
    return std::string(bytes_.data() + std::size_t(index) * width_, width_);
  }
  std::size_t size() const { return size_; }

 private:
  // Eight bytes at a time, mixed.
  static std::uint64_t hash(std::string_view bytes) {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ bytes.size();
    std::size_t k = 0;
    for (; k + 8 <= bytes.size(); k += 8) {
      std::uint64_t word;
      std::memcpy(&word, bytes.data() + k, 8);
      h = mix(h ^ word) * 0x9E3779B97F4A7C15ULL;
    }
    std::uint64_t tail = 0;
    std::memcpy(&tail, bytes.data() + k, bytes.size() - k);
    return mix(h ^ tail);
  }

  std::size_t most_, width_ = 0, size_ = 0;
  std::vector<char> bytes_;
  IndexTable table_;
};

}  // namespace zobrist_verify::properties::games
