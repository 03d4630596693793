// fuzz_result_codec: any bytes as a worker's encoded PropertyResult (decode_result, what the
// parent reads from a forked worker's pipe). Decoding never crashes or over-allocates; a result
// that decodes encodes to bytes that decode again, and re-encoding those gives the same bytes; an
// encoding cut short or followed by more bytes does not decode (a worker that died mid-write).
// This harness alone may reach into properties (ci/check-layers, docs/fuzzing.md).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "properties/core/result_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace zobrist_verify::properties;
  constexpr std::string_view Harness = "fuzz_result_codec";
  // A passing result is a few hundred bytes; a counterexample with its routes a few KiB.
  constexpr std::size_t MaxInput = 8192;
  if (size > MaxInput) return 0;  // capped: see above

  const std::string bytes(reinterpret_cast<const char*>(data), size);
  auto fail = [&](const std::string& what) {
    zv_fuzz::fail(Harness, what, "encoded bytes: " + zv_fuzz::quoted(bytes));
  };

  const std::optional<PropertyResult> result = decode_result(bytes);
  if (!result) return 0;
  const std::string encoded = encode_result(*result);
  const std::optional<PropertyResult> again = decode_result(encoded);
  if (!again) fail("the re-encoded result does not decode");
  if (encode_result(*again) != encoded) fail("encoding is not a fixed point after one decode");
  if (again->name != result->name || again->target != result->target ||
      again->passed != result->passed || again->cases != result->cases ||
      again->seed != result->seed || again->warnings != result->warnings ||
      again->counterexample.has_value() != result->counterexample.has_value())
    fail("the result decoded from its encoding differs");
  for (std::size_t cut : {std::size_t(0), encoded.size() / 2, encoded.size() - 1})
    if (decode_result(encoded.substr(0, cut)))
      fail("the encoding cut to " + std::to_string(cut) + " of " + std::to_string(encoded.size()) +
           " bytes decodes");
  if (decode_result(encoded + '\0')) fail("the encoding with a byte more decodes");
  return 0;
}
