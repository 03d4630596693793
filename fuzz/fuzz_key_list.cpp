// fuzz_key_list: any bytes as a key list (parse_key_list, what --key-list reads). A list that
// parses must write out as one 16-digit key a line and read back as the same keys; the list has
// at most one key a line; an error names the source and the line, or says there are no keys.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.h"
#include "zobrist_verify/analysis/key_analysis.h"
#include "zobrist_verify/core/hex.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace zobrist_verify;
  constexpr std::string_view Harness = "fuzz_key_list";
  // Room for 781 keys (the Polyglot layout, 13 KiB as corpus/keys/polyglot-random64.txt); the
  // fuzzer itself grows inputs to 4 KiB only (ci/fuzz-smoke), which covers every kind of line.
  constexpr std::size_t MaxInput = 16384;
  if (size > MaxInput) return 0;  // capped: see above

  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto fail = [&](const std::string& what) {
    zv_fuzz::fail(Harness, what, "key list: " + zv_fuzz::quoted(text));
  };

  Expected<std::vector<Key>> keys = parse_key_list(text, "fuzz");
  if (!keys) {
    if (!keys.error().starts_with("fuzz:"))
      fail("the error does not start with the source: " + keys.error());
    return 0;
  }
  if (keys->empty()) fail("an empty list is accepted");
  const std::size_t lines = std::size_t(std::count(text.begin(), text.end(), '\n')) + 1;
  if (keys->size() > lines)
    fail(std::to_string(keys->size()) + " keys from " + std::to_string(lines) + " lines");

  std::string written;
  for (Key key : *keys) written += hex_key(key) + "\n";
  Expected<std::vector<Key>> again = parse_key_list(written, "written");
  if (!again) fail("the written list does not read back: " + again.error());
  if (*again != *keys) fail("the written list reads back as other keys");
  for (std::size_t i = 0; i < keys->size(); ++i) {
    Expected<Key> one = parse_hex_key("0x" + hex_key((*keys)[i]));
    if (!one || *one != (*keys)[i]) fail("key " + std::to_string(i) + " does not round-trip");
  }
  // The analyser's view names every key.
  const NamedKeySet set = key_list_set(*keys, "fuzz");
  if (set.keys != *keys || set.names.size() != keys->size())
    fail("key_list_set does not keep the keys, or names " + std::to_string(set.names.size()));
  return 0;
}
