// The xboard protocol's text (xboard_protocol.h) and the reply reader both dialects share
// (key_reply.h), without a process: feature lines as real engines print them (Sjaak II 1.4.1,
// Fairy-Max 5.0b, Fairy-Stockfish 11.1), the replies CECP asks for, the pong fence, the error
// lines, and the lines that set up a position.
#include <gtest/gtest.h>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/key_reply.h"
#include "zobrist_verify/doors/xboard_protocol.h"

namespace zobrist_verify {
namespace {

TEST(XboardFeatures, QuotedAndBareValuesAreRead) {
  auto features = parse_feature_list(
      R"(setboard=1 myname="Sjaak II 1.4.1" option="Set variant alias -string " done=1)");
  ASSERT_TRUE(features) << features.error();
  ASSERT_EQ(features->size(), 4u);
  EXPECT_EQ((*features)[0].name, "setboard");
  EXPECT_EQ((*features)[0].value, "1");
  EXPECT_EQ((*features)[1].value, "Sjaak II 1.4.1");
  EXPECT_EQ((*features)[2].value, "Set variant alias -string ");
  EXPECT_EQ((*features)[3].name, "done");
}

TEST(XboardFeatures, AnEmptyBareValueDoesNotSwallowTheNextFeature) {
  auto features = parse_feature_list("name= ping=1");
  ASSERT_TRUE(features) << features.error();
  ASSERT_EQ(features->size(), 2u);
  EXPECT_EQ((*features)[0].value, "");
  EXPECT_EQ((*features)[1].name, "ping");
}

TEST(XboardFeatures, MalformedListsSayWhere) {
  auto unterminated = parse_feature_list(R"(ping=1 myname="Sjaak)");
  ASSERT_FALSE(unterminated);
  EXPECT_NE(unterminated.error().find("myname"), std::string::npos) << unterminated.error();
  EXPECT_NE(unterminated.error().find("no closing quote"), std::string::npos);
  auto no_equals = parse_feature_list("ping=1 setboard");
  ASSERT_FALSE(no_equals);
  EXPECT_NE(no_equals.error().find("'setboard' at character 8"), std::string::npos)
      << no_equals.error();
}

TEST(XboardHandshake, EachFeatureIsAcceptedOrRejectedInOrder) {
  XboardHandshake handshake;
  ASSERT_TRUE(handshake.take_line("feature setboard=1 sjef=1 san=1 san=0 ping=1 usermove=1"));
  EXPECT_EQ(handshake.take_replies(),
            (std::vector<std::string>{"accepted setboard", "rejected sjef", "rejected san",
                                      "accepted san", "accepted ping", "accepted usermove"}));
  EXPECT_TRUE(handshake.take_replies().empty());
  EXPECT_TRUE(handshake.ping() && handshake.setboard() && handshake.usermove());
  EXPECT_FALSE(handshake.memory());  // not announced
  EXPECT_FALSE(handshake.done());
  EXPECT_FALSE(handshake.missing_features());
  ASSERT_TRUE(handshake.take_line("feature memory=1"));
  EXPECT_EQ(handshake.take_replies(), (std::vector<std::string>{"accepted memory"}));
  EXPECT_TRUE(handshake.memory());
}

TEST(XboardHandshake, OtherLinesArePassedOver) {
  XboardHandshake handshake;
  for (const char* line : {"tellics say     Fairy-Max 5.0b", "# comment", "featured ping=1", ""})
    ASSERT_TRUE(handshake.take_line(line)) << line;
  EXPECT_TRUE(handshake.take_replies().empty());
  EXPECT_FALSE(handshake.ping());
}

TEST(XboardHandshake, DoneZeroWaitsLongerAndDoneOneEnds) {
  XboardHandshake handshake;
  ASSERT_TRUE(handshake.take_line("feature done=0"));
  EXPECT_TRUE(handshake.waits_longer());
  EXPECT_FALSE(handshake.done());
  ASSERT_TRUE(handshake.take_line("feature ping=1 done=1"));
  EXPECT_TRUE(handshake.done());
  EXPECT_FALSE(handshake.waits_longer());
}

TEST(XboardHandshake, FairyMaxLacksSetboardAndTheReasonSaysSo) {
  XboardHandshake handshake;
  ASSERT_TRUE(handshake.take_line(R"(feature myname="Fairy-Max 5.0b")"));
  ASSERT_TRUE(handshake.take_line("feature setboard=0 xedit=1 ping=1 done=0"));
  ASSERT_TRUE(handshake.take_line("feature done=1"));
  EXPECT_EQ(handshake.myname(), "Fairy-Max 5.0b");
  ASSERT_TRUE(handshake.missing_features());
  EXPECT_EQ(*handshake.missing_features(),
            "it does not announce feature setboard=1 (a position set from a FEN)");
}

TEST(XboardHandshake, BothMissingFeaturesAreNamed) {
  XboardHandshake handshake;
  ASSERT_TRUE(handshake.take_line("feature done=1"));
  const auto missing = handshake.missing_features();
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->find("ping=1"), std::string::npos) << *missing;
  EXPECT_NE(missing->find(" nor setboard=1"), std::string::npos) << *missing;
}

TEST(XboardHandshake, VariantsDefaultToNormalAndFischerandomIsFound) {
  XboardHandshake none;
  EXPECT_TRUE(none.plays_variant("normal"));
  EXPECT_FALSE(none.plays_variant("fischerandom"));
  XboardHandshake some;
  ASSERT_TRUE(some.take_line(R"(feature variants="normal,nocastle, fischerandom")"));
  EXPECT_TRUE(some.plays_variant("fischerandom"));
  EXPECT_FALSE(some.plays_variant("chess960"));
}

TEST(XboardPong, ReadsTheNumberAndOnlyAPong) {
  EXPECT_EQ(pong_number("pong 7"), 7u);
  EXPECT_EQ(pong_number("  pong 12 \r"), 12u);
  EXPECT_EQ(pong_number("pong x"), UINT64_MAX);
  EXPECT_EQ(pong_number("pong"), UINT64_MAX);
  EXPECT_EQ(pong_number("pong 99999999999999999999"), UINT64_MAX);
  EXPECT_FALSE(pong_number("ping 7"));
  EXPECT_FALSE(pong_number("pongs 7"));
}

TEST(XboardErrors, TheLinesOfCecpThatRefuseAPosition) {
  for (const char* line :
       {"Error (unknown command): d", "Error (unkown command): e2e5", "Illegal move: e2e5",
        "Illegal move:e7e5", "Illegal move (no piece): e2e4", "illegal position",
        "tellusererror Illegal position"})
    EXPECT_TRUE(xboard_reports_error(line)) << line;
  for (const char* line : {"pong 3", "# Illegal", "telluser hello", "Key: 0123"})
    EXPECT_FALSE(xboard_reports_error(line)) << line;
}

TEST(XboardPosition, SetboardThenMovesAsTheFeaturesSay) {
  EXPECT_EQ(xboard_position_lines("8/8/8/8/8/8/8/K1k5 w - - 0 1", " e2e4  e7e5 ", true),
            (std::vector<std::string>{"setboard 8/8/8/8/8/8/8/K1k5 w - - 0 1", "usermove e2e4",
                                      "usermove e7e5"}));
  EXPECT_EQ(xboard_position_lines(StartFen, "e2e4", false),
            (std::vector<std::string>{"setboard " + std::string(StartFen), "e2e4"}));
}

// --- the reply reader both dialects share ----------------------------------------------------

struct Patterns {
  KeyReader key{*compile_key_pattern(DefaultKeyPattern), KeyBase::Hexadecimal};
  KeyPattern fen = *compile_fen_pattern(DefaultFenPattern);
};

TEST(KeyReply, AKeyBeforeTheFenceIsTheAnswer) {
  Patterns p;
  KeyReply reply(p.key, p.fen, "fake", "'d'");
  EXPECT_FALSE(reply.take("Fen: " + std::string(StartFen), false));
  EXPECT_FALSE(reply.take("Key: 463B96181691FC9C", false));
  bool keys_seen = false;
  KeyReply::Outcome outcome = reply.finish(StartFen, false, keys_seen, "pong 1", true);
  ASSERT_TRUE(outcome.key) << outcome.key.error();
  EXPECT_EQ(*outcome.key, 0x463B96181691FC9Cull);
  EXPECT_TRUE(keys_seen);
  EXPECT_FALSE(outcome.stop_engine);
}

TEST(KeyReply, AnErrorLineIsARefusalThatLeavesTheEngineRunning) {
  Patterns p;
  KeyReply reply(p.key, p.fen, "fake", "'setboard x' then 'd'");
  EXPECT_FALSE(reply.take("tellusererror Illegal position", true));
  EXPECT_FALSE(reply.take("Key: 463B96181691FC9C", false));
  bool keys_seen = true;
  KeyReply::Outcome outcome = reply.finish("", false, keys_seen, "pong 2", true);
  ASSERT_FALSE(outcome.key);
  EXPECT_EQ(outcome.key.error_kind(), ErrorKind::Refused);
  EXPECT_FALSE(outcome.stop_engine);
  EXPECT_NE(outcome.key.error().find("it printed 'tellusererror Illegal position'"),
            std::string::npos);
}

TEST(KeyReply, ASecondKeyIsOutOfStep) {
  Patterns p;
  KeyReply reply(p.key, p.fen, "fake", "'d'");
  EXPECT_FALSE(reply.take("Key: 463B96181691FC9C", false));
  const auto why = reply.take("Key: 463B96181691FC9D", false);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("two keys for one request"), std::string::npos);
}

// A pattern that matches every line is not the engine printing two keys: the fault says the
// pattern matched two lines and quotes both.
TEST(KeyReply, APatternMatchingTwoLinesQuotesBothAndIsNoDesync) {
  KeyReader every_line{*compile_key_pattern("(.*)"), KeyBase::Hexadecimal};
  KeyPattern fen = *compile_fen_pattern(DefaultFenPattern);
  KeyReply reply(every_line, fen, "fake", "'d'");
  EXPECT_FALSE(reply.take(" +---+---+", false));
  const auto why = reply.take(" | r | n |", false);
  ASSERT_TRUE(why);
  const std::string fault = reply.out_of_step(" | r | n |", *why).message;
  EXPECT_NE(fault.find("the key pattern '(.*)' matched two lines of one reply, ' +---+---+' and "
                       "' | r | n |'"),
            std::string::npos)
      << fault;
  EXPECT_EQ(fault.find("desynchronised"), std::string::npos) << fault;
}

TEST(KeyReply, NoKeyBeforeANumberedFenceIsNoKeyNotADesync) {
  Patterns p;
  KeyReply reply(p.key, p.fen, "fake", "'d'");
  bool keys_seen = true;
  KeyReply::Outcome numbered = reply.finish("", false, keys_seen, "pong 3", true);
  ASSERT_FALSE(numbered.key);
  EXPECT_TRUE(numbered.stop_engine);
  EXPECT_NE(numbered.key.error().find("printed no line matching the key pattern"),
            std::string::npos);
  // UCI's readyok carries no number: the same reply is a readyok no request was waiting for.
  KeyReply::Outcome bare = reply.finish("", false, keys_seen, "readyok", false);
  ASSERT_FALSE(bare.key);
  EXPECT_NE(bare.key.error().find("desynchronised: it printed 'readyok'"), std::string::npos)
      << bare.key.error();
}

TEST(KeyReply, AnotherPositionShownIsARefusal) {
  Patterns p;
  KeyReply reply(p.key, p.fen, "fake", "'d'");
  EXPECT_FALSE(reply.take("Fen: 8/8/8/8/8/8/8/K1k5 w - - 0 1", false));
  EXPECT_FALSE(reply.take("Key: 463B96181691FC9C", false));
  bool keys_seen = false;
  KeyReply::Outcome outcome = reply.finish(StartFen, false, keys_seen, "pong 1", true);
  ASSERT_FALSE(outcome.key);
  EXPECT_EQ(outcome.key.error_kind(), ErrorKind::Refused);
  EXPECT_NE(outcome.key.error().find("holds another position"), std::string::npos);
}

}  // namespace
}  // namespace zobrist_verify
