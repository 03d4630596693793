// The worker result codec: what a forked worker writes, the parent reads back whole, and bytes
// that are not a whole encoding are refused without trusting the counts inside them.
#include "core/result_codec.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace zobrist_verify::properties {
namespace {

TEST(ResultCodec, DecodesWhatItEncodes) {
  PropertyResult result;
  result.name = "incremental-equals-full";
  result.target = "polyglot";
  result.passed = true;
  result.cases = 100;
  result.warnings = {"pawn key 0 in pawnless positions"};
  const auto decoded = decode_result(encode_result(result));
  ASSERT_TRUE(decoded.has_value());
  EXPECT_EQ(encode_result(*decoded), encode_result(result));
}

TEST(ResultCodec, ListCountTheBytesCannotHoldIsRefusedBeforeAllocating) {
  // Found by fuzz_result_codec: a count of 2^40 made a list of 2^20 strings before reading any.
  ByteWriter w;
  w.number(std::uint64_t(1) << 40);
  w.text("one");
  const std::string bytes = w.take();
  ByteReader r(bytes);
  EXPECT_TRUE(r.texts().empty());
  EXPECT_FALSE(r.ok());
}

TEST(ResultCodec, EncodingCutShortDoesNotDecode) {
  PropertyResult result;
  result.name = "x";
  const std::string bytes = encode_result(result);
  EXPECT_FALSE(decode_result(bytes.substr(0, bytes.size() - 1)).has_value());
}

}  // namespace
}  // namespace zobrist_verify::properties
