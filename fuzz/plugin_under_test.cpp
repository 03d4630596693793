#include "plugin_under_test.h"
#include "zobrist_verify/core/hex.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <utility>

#include "fuzz_support.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/command_words.h"
#include "zobrist_verify/doors/position_gate.h"

namespace zv_fuzz {

namespace {

using namespace zobrist_verify;

// The harness that asked for the plugin, for messages.
std::string& harness_name() {
  static std::string name;
  return name;
}

[[noreturn]] void unusable(const std::string& why) {
  std::fprintf(stderr, "%s: %s\n", harness_name().c_str(), why.c_str());
  std::exit(2);
}

// The scheme named by `name` (a built-in, seed:N or file:PATH); null for an empty name.
std::unique_ptr<KeyScheme> scheme_named(const std::string& text) {
  if (text.empty()) return nullptr;
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

// ZV_PLUGIN_SCHEME when set, else the scheme the program was built with.
std::string scheme_name(const char* built_in) {
  const char* name = std::getenv("ZV_PLUGIN_SCHEME");
  return name && *name ? name : built_in;
}

// The plugin and the --plugin word of replay lines: the one linked in, or ZV_PLUGIN's.
std::pair<std::shared_ptr<const PluginLibrary>, std::string> plugin_library() {
#ifdef ZV_FUZZ_LINKED_PLUGIN
  Expected<std::shared_ptr<const PluginLibrary>> library =
      PluginLibrary::linked(zv_plugin_entry(), ZV_FUZZ_LINKED_PLUGIN);
  if (!library) unusable(library.error());
  return {*library, ZV_FUZZ_LINKED_PLUGIN};
#else
  const char* path = std::getenv("ZV_PLUGIN");
  if (!path || !*path) return {};
  Expected<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::load(path);
  if (!library) unusable(library.error());
  return {*library, path};
#endif
}

bool allow_unreachable() {
  static const bool allowed = std::getenv("ZV_ALLOW_UNREACHABLE") != nullptr;
  return allowed;
}

std::string joined(const std::set<std::string>& moves) {
  std::string out;
  for (const std::string& m : moves) out += (out.empty() ? "" : " ") + m;
  return out.empty() ? "(none)" : out;
}

}  // namespace

PluginUnderTest::PluginUnderTest(std::shared_ptr<const PluginLibrary> library,
                                 std::unique_ptr<KeyScheme> scheme, std::string scheme_name,
                                 std::string replay_path)
    : library_(library),
      scheme_(std::move(scheme)),
      scheme_name_(std::move(scheme_name)),
      replay_path_(std::move(replay_path)),
      incremental_(library, PluginOptions{}),
      fresh_(library, PluginOptions{}) {}

PluginUnderTest* PluginUnderTest::configured(std::string_view harness) {
  static PluginUnderTest* plugin = [harness]() -> PluginUnderTest* {
    harness_name() = harness;
    auto [library, replay_path] = plugin_library();
    if (!library) return nullptr;
#ifdef ZV_FUZZ_PLUGIN_SCHEME
    const std::string scheme = scheme_name(ZV_FUZZ_PLUGIN_SCHEME);
#else
    const std::string scheme = scheme_name("");
#endif
    return new PluginUnderTest(library, scheme_named(scheme), scheme, replay_path);
  }();
  return plugin;
}

bool PluginUnderTest::start(const Position& pos) {
  if (pos.is_chess960() && !library_->api().chess960) return false;
  std::string fen = pos.fen();
  // The fuzzer drives the reference through any consistent position; the plugin gets only those
  // a legal game reaches (legal moves from one keep it so), unless ZV_ALLOW_UNREACHABLE is set.
  if (!allow_unreachable() && unreachable_reason(fen, pos.is_chess960())) return false;
  if (!incremental_.set_written_position(fen, pos.is_chess960())) return false;
  start_fen_ = std::move(fen);
  chess960_ = pos.is_chess960();
  moves_.clear();
  return true;
}

void PluginUnderTest::fail_here(const std::string& what, const Reproduction& reproduction) const {
  std::vector<std::string> words = {"zobrist-verify", "replay", "--plugin",
                                    replay_path_,     "--fen",  start_fen_};
  if (!moves_.empty()) {
    words.push_back("--moves");
    words.insert(words.end(), moves_.begin(), moves_.end());
  }
  if (chess960_) words.push_back("--chess960");
  if (scheme_) words.insert(words.end(), {"--expect", scheme_name_});
  if (allow_unreachable()) words.push_back("--allow-unreachable");
  fail(harness_name() + " (plugin)", what,
       reproduction() + "\nreplay: " + join_command_words(words));
}

void PluginUnderTest::check(const Position& pos, const Reproduction& reproduction) {
  const std::string fen = pos.fen();
  if (library_->api().legal_moves) {
    Expected<std::vector<std::string>> theirs = incremental_.legal_moves();
    if (!theirs) fail_here(theirs.error() + " at " + fen, reproduction);
    std::set<std::string> ours_set, theirs_set(theirs->begin(), theirs->end());
    for (Move m : legal_moves(pos)) ours_set.insert(move_to_uci(pos, m));
    if (ours_set != theirs_set) {
      std::set<std::string> missing, extra;
      std::set_difference(ours_set.begin(), ours_set.end(), theirs_set.begin(), theirs_set.end(),
                          std::inserter(missing, missing.begin()));
      std::set_difference(theirs_set.begin(), theirs_set.end(), ours_set.begin(), ours_set.end(),
                          std::inserter(extra, extra.begin()));
      fail_here("legal moves differ at " + fen + "\n  missing from the plugin: " + joined(missing) +
                    "\n  extra in the plugin:     " + joined(extra),
                reproduction);
    }
  }
  compare_keys(pos, reproduction);
}

void PluginUnderTest::compare_keys(const Position& pos, const Reproduction& reproduction) {
  const std::string fen = pos.fen();
  if (Expected<Done> set = fresh_.set_written_position(fen, pos.is_chess960()); !set)
    fail_here("a fresh instance refused the position it was played to: " + set.error(),
              reproduction);
  // The key, then the pawn and material keys the plugin has: incremental against fresh.
  struct Read {
    const char* name;
    Expected<Key> (PluginHash::*read)();
    bool present;
  };
  const zv_plugin& api = library_->api();
  const Read reads[] = {{"key", &PluginHash::key, true},
                        {"pawn key", &PluginHash::pawn_key, api.pawn_key != nullptr},
                        {"material key", &PluginHash::material_key, api.material_key != nullptr}};
  for (const Read& read : reads) {
    if (!read.present) continue;
    const Expected<Key> key = (incremental_.*read.read)();
    if (!key) fail_here(key.error(), reproduction);
    const Expected<Key> scratch = (fresh_.*read.read)();
    if (!scratch) fail_here(scratch.error(), reproduction);
    if (*key != *scratch)
      fail_here(std::string("incremental ") + read.name + " " + hex_key_literal(*key) +
                    " differs from a fresh set_fen's " + hex_key_literal(*scratch) + " at " + fen,
                reproduction);
  }
  if (scheme_) {
    const Expected<Key> key = incremental_.key();
    Position keyed;
    StateInfo st;
    FenOptions options;
    options.chess960 = pos.is_chess960();
    options.allow_unreachable = true;
    (void)keyed.set(fen, st, *scheme_, options);
    if (keyed.key() != *key)
      fail_here("key " + hex_key_literal(*key) + " differs from the " + scheme_->name +
                    " scheme's " + hex_key_literal(keyed.key()) + " at " + fen,
                reproduction);
  }
}

void PluginUnderTest::play(const std::string& uci, const Position& before,
                           const Reproduction& reproduction) {
  if (Expected<Done> done = incremental_.make_move(uci); !done)
    fail_here(
        "the plugin refused the legal move " + uci + " at " + before.fen() + ": " + done.error(),
        reproduction);
  moves_.push_back(uci);
}

bool PluginUnderTest::play_null(const Position& after, const Reproduction& reproduction) {
  if (!library_->api().null_move) return start(after);
  if (Expected<Done> done = incremental_.make_move("0000"); !done)
    fail_here("the plugin, which declares null moves, refused one: " + done.error(), reproduction);
  moves_.push_back("0000");
  return true;
}

bool PluginUnderTest::take_back(const Position& after, const Reproduction& reproduction) {
  if (!library_->api().unmake_move || moves_.empty()) return start(after);
  if (Expected<Done> done = incremental_.unmake_move(); !done)
    fail_here("the plugin refused to take back " + moves_.back() + ": " + done.error(),
              reproduction);
  moves_.pop_back();
  return true;
}

bool PluginUnderTest::play_on(const std::string& uci) {
  if (!incremental_.make_move(uci)) return false;
  moves_.push_back(uci);  // the replay line plays the long route too
  return true;
}

}  // namespace zv_fuzz
