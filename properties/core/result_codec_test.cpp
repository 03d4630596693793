// The worker result codec: what a forked worker writes, the parent reads back whole, and bytes
// that are not a whole encoding are refused without trusting the counts inside them.
#include "core/result_codec.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
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

// The shared types every kind of worker sends, written one after the other as a worker does and
// read back field by field.
TEST(ResultCodec, RoutesCounterexamplesDifferencesAndFaultsComeBackFieldByField) {
  Counterexample c;
  c.route = Route{"8/8/8/8/8/8/8/K6k w - - 0 1", false, {"a1a2", "h1h2"}};
  c.ply = -1;
  c.what = "keys differ";
  c.comparison = Comparison::DifferentKeys;
  c.positions = {{Route{"fen one", true, {"e1h1"}}, 0x11}, {Route{"fen two", false, {}}, 0x22}};
  DivideDifference d;
  d.missing = {"e5d6"};
  d.counts = {CountDifference{"e2e4", 20, 21}};
  d.expected_nodes = 30;
  d.actual_nodes = 31;
  ByteWriter out;
  write_counterexample(out, c);
  write_difference(out, d);
  write_fault(out, MovegenFault{Route{"fen three", false, {"g1f3"}}, "crashed", true});
  write_fault(out, std::nullopt);
  const std::string bytes = out.take();

  ByteReader in(bytes);
  const Counterexample c2 = read_counterexample(in);
  const DivideDifference d2 = read_difference(in);
  const std::optional<MovegenFault> fault = read_fault(in);
  const std::optional<MovegenFault> none = read_fault(in);
  ASSERT_TRUE(in.ok());
  EXPECT_TRUE(in.at_end());
  EXPECT_EQ(route_text(c2.route), "'8/8/8/8/8/8/8/K6k w - - 0 1' moves a1a2 h1h2");
  EXPECT_EQ(c2.ply, -1);
  EXPECT_EQ(c2.what, "keys differ");
  EXPECT_EQ(c2.comparison, Comparison::DifferentKeys);
  ASSERT_EQ(c2.positions.size(), 2U);
  EXPECT_EQ(route_text(c2.positions[0].route), "'fen one' moves e1h1");
  EXPECT_TRUE(c2.positions[0].route.chess960);
  EXPECT_EQ(c2.positions[1].key, 0x22U);
  EXPECT_EQ(d2.missing, std::vector<std::string>{"e5d6"});
  ASSERT_EQ(d2.counts.size(), 1U);
  EXPECT_EQ(d2.counts[0].move, "e2e4");
  EXPECT_EQ(d2.counts[0].actual, 21U);
  EXPECT_EQ(d2.actual_nodes, 31U);
  ASSERT_TRUE(fault);
  EXPECT_EQ(route_text(fault->route), "'fen three' moves g1f3");
  EXPECT_EQ(fault->message, "crashed");
  EXPECT_TRUE(fault->unusable);
  EXPECT_FALSE(none);
}

// A counterexample's positions are counted like any list: more than the bytes can hold is refused.
TEST(ResultCodec, APositionCountTheBytesCannotHoldIsRefused) {
  Counterexample c;
  c.positions = {{Route{"fen", false, {}}, 1}};
  ByteWriter out;
  write_counterexample(out, c);
  std::string bytes = out.take();
  // The count follows the route (an empty FEN's length, the flag, no moves), the ply, the empty
  // what's length, the comparison and the two keys: eight numbers in.
  const std::uint64_t huge = std::uint64_t(1) << 40;
  std::memcpy(bytes.data() + 8 * sizeof(std::uint64_t), &huge, sizeof huge);
  ByteReader in(bytes);
  const Counterexample back = read_counterexample(in);
  EXPECT_FALSE(in.ok());
  EXPECT_TRUE(back.positions.empty());
}

}  // namespace
}  // namespace zobrist_verify::properties
