// The table of engine protocols: each value of EngineProtocol has its row, --protocol's words
// read back to their protocols, and an unknown word lists them.
#include "zobrist_verify/doors/engine_protocols.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace zobrist_verify {
namespace {

TEST(EngineProtocols, EachProtocolHasOneRowAndItsWordReadsBack) {
  std::set<std::string_view> names;
  for (const EngineProtocolRow& row : engine_protocols()) {
    EXPECT_TRUE(names.insert(row.name).second) << row.name;
    EXPECT_EQ(&engine_protocol(row.protocol), &row) << row.name;
    const Expected<EngineProtocol> read = parse_engine_protocol(row.name);
    ASSERT_TRUE(read) << row.name;
    EXPECT_EQ(*read, row.protocol);
    EXPECT_FALSE(row.handshake_words.empty()) << row.name;
  }
  EXPECT_EQ(engine_protocol(EngineProtocol::Uci).name, "uci");
  EXPECT_EQ(engine_protocol(EngineProtocol::Xboard).name, "xboard");
  EXPECT_EQ(engine_protocols().front().protocol, EngineProtocol::Uci);  // the default
}

TEST(EngineProtocols, AnUnknownWordListsTheProtocols) {
  const Expected<EngineProtocol> read = parse_engine_protocol("cecp");
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error(), "'cecp' is not a protocol (uci, the default, or xboard)");
  EXPECT_EQ(protocol_option_words(engine_protocol(EngineProtocol::Uci)),
            "--protocol uci (the default)");
  EXPECT_EQ(protocol_option_words(engine_protocol(EngineProtocol::Xboard)), "--protocol xboard");
}

TEST(EngineProtocols, OnlyXboardNeedsAPerftCommandAndTakesNoNew) {
  EXPECT_EQ(engine_protocol(EngineProtocol::Uci).no_perft_command, "");
  EXPECT_FALSE(engine_protocol(EngineProtocol::Uci).takes_games_option);
  EXPECT_NE(engine_protocol(EngineProtocol::Xboard).no_perft_command, "");
  EXPECT_TRUE(engine_protocol(EngineProtocol::Xboard).takes_games_option);
}

}  // namespace
}  // namespace zobrist_verify
