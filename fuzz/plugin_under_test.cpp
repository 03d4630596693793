#include "plugin_under_test.h"
#include "zobrist_verify/core/hex.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "fuzz_support.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/position_gate.h"

namespace zv_fuzz {

namespace {

using namespace zobrist_verify;

constexpr std::string_view Harness = "fuzz_movegen (plugin)";

[[noreturn]] void unusable(const std::string& why) {
  std::fprintf(stderr, "fuzz_movegen: %s\n", why.c_str());
  std::exit(2);
}

std::unique_ptr<KeyScheme> scheme_from_environment() {
  const char* name = std::getenv("ZV_PLUGIN_SCHEME");
  if (!name || !*name) return nullptr;
  const std::string text = name;
  if (text.rfind("file:", 0) == 0) {
    Expected<KeyScheme> loaded = load_scheme_file(text.substr(5));
    if (!loaded) unusable("ZV_PLUGIN_SCHEME: " + loaded.error());
    return std::make_unique<KeyScheme>(*loaded);
  }
  if (text.rfind("seed:", 0) == 0) {
    char* end = nullptr;
    const unsigned long long seed = std::strtoull(text.c_str() + 5, &end, 0);
    if (*end != '\0' || seed == 0) unusable("ZV_PLUGIN_SCHEME: bad seed in '" + text + "'");
    return std::make_unique<KeyScheme>(seeded_scheme(seed));
  }
  Expected<const KeyScheme*> builtin = builtin_scheme(text);
  if (!builtin) unusable("ZV_PLUGIN_SCHEME: " + builtin.error());
  return std::make_unique<KeyScheme>(**builtin);
}

std::string joined(const std::set<std::string>& moves) {
  std::string out;
  for (const std::string& m : moves) out += (out.empty() ? "" : " ") + m;
  return out.empty() ? "(none)" : out;
}

}  // namespace

PluginUnderTest::PluginUnderTest(std::shared_ptr<const PluginLibrary> library,
                                 std::unique_ptr<KeyScheme> scheme)
    : library_(library),
      scheme_(std::move(scheme)),
      incremental_(library, PluginOptions{}),
      fresh_(library, PluginOptions{}) {}

PluginUnderTest* PluginUnderTest::from_environment() {
  static PluginUnderTest* plugin = []() -> PluginUnderTest* {
    const char* path = std::getenv("ZV_PLUGIN");
    if (!path || !*path) return nullptr;
    Expected<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::load(path);
    if (!library) unusable(library.error());
    return new PluginUnderTest(*library, scheme_from_environment());
  }();
  return plugin;
}

bool PluginUnderTest::start(const Position& pos) {
  if (pos.is_chess960() && !library_->api().chess960) return false;
  const std::string fen = pos.fen();
  // The fuzzer drives the reference through any consistent position; the plugin gets only those
  // a legal game reaches (legal moves from one keep it so), unless ZV_ALLOW_UNREACHABLE is set.
  static const bool allow_unreachable = std::getenv("ZV_ALLOW_UNREACHABLE") != nullptr;
  if (!allow_unreachable && unreachable_reason(fen, pos.is_chess960())) return false;
  return incremental_.set_written_position(fen, pos.is_chess960()).has_value();
}

void PluginUnderTest::check(const Position& pos, const std::string& reproduction) {
  const std::string fen = pos.fen();
  if (library_->api().legal_moves) {
    Expected<std::vector<std::string>> theirs = incremental_.legal_moves();
    if (!theirs) fail(Harness, theirs.error() + " at " + fen, reproduction);
    std::set<std::string> ours_set, theirs_set(theirs->begin(), theirs->end());
    for (Move m : legal_moves(pos)) ours_set.insert(move_to_uci(pos, m));
    if (ours_set != theirs_set) {
      std::set<std::string> missing, extra;
      std::set_difference(ours_set.begin(), ours_set.end(), theirs_set.begin(), theirs_set.end(),
                          std::inserter(missing, missing.begin()));
      std::set_difference(theirs_set.begin(), theirs_set.end(), ours_set.begin(), ours_set.end(),
                          std::inserter(extra, extra.begin()));
      fail(Harness,
           "legal moves differ at " + fen + "\n  missing from the plugin: " + joined(missing) +
               "\n  extra in the plugin:     " + joined(extra),
           reproduction);
    }
  }
  const Expected<Key> key = incremental_.key();
  if (!key) fail(Harness, key.error(), reproduction);
  if (Expected<Done> set = fresh_.set_written_position(fen, pos.is_chess960()); !set)
    fail(Harness, "a fresh instance refused the position it was played to: " + set.error(),
         reproduction);
  const Expected<Key> scratch = fresh_.key();
  if (!scratch) fail(Harness, scratch.error(), reproduction);
  if (*key != *scratch)
    fail(Harness,
         "incremental key " + hex_key_literal(*key) + " differs from a fresh set_fen's " +
             hex_key_literal(*scratch) + " at " + fen,
         reproduction);
  if (scheme_) {
    Position keyed;
    StateInfo st;
    FenOptions options;
    options.chess960 = pos.is_chess960();
    options.allow_unreachable = true;
    (void)keyed.set(fen, st, *scheme_, options);
    if (keyed.key() != *key)
      fail(Harness,
           "key " + hex_key_literal(*key) + " differs from the " + scheme_->name + " scheme's " +
               hex_key_literal(keyed.key()) + " at " + fen,
           reproduction);
  }
}

void PluginUnderTest::play(const std::string& uci, const Position& before,
                           const std::string& reproduction) {
  if (Expected<Done> done = incremental_.make_move(uci); !done)
    fail(Harness,
         "the plugin refused the legal move " + uci + " at " + before.fen() + ": " + done.error(),
         reproduction);
}

bool PluginUnderTest::play_on(const std::string& uci) {
  return incremental_.make_move(uci).has_value();
}

}  // namespace zv_fuzz
