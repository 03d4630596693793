// A list inside a sentence, for every help text and message that names choices: "a", "a or b",
// "a, b or c" (or "and").
#pragma once

#include <string>
#include <string_view>

namespace zobrist_verify {

// `items`: any range of things a std::string can be made from.
template <class Items>
std::string listed(const Items& items, std::string_view conjunction) {
  std::string text;
  const std::size_t count = std::size(items);
  std::size_t i = 0;
  for (const auto& item : items) {
    if (i > 0) text += i + 1 == count ? " " + std::string(conjunction) + " " : std::string(", ");
    text += std::string(item);
    ++i;
  }
  return text;
}

}  // namespace zobrist_verify
