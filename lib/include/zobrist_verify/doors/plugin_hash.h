// The C ABI plugin door: a shared library loaded with dlopen and checked as one more
// HashUnderTest. Every fault of loading it (missing file, not a shared object, no entry symbol,
// unknown ABI version, a required function missing, a malformed table of auxiliary keys) is an
// Error saying what, where and why. Versions 1 and 2 of plugin.h load; a version 1 table is read
// no further than its last field.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/plugin.h"

namespace zobrist_verify {

// A loaded plugin library; unloaded when the last owner lets go.
class PluginLibrary {
 public:
  // Loads `path` (a path with a '/' is opened as given; dlopen searches for a bare name).
  [[nodiscard]] static Expected<std::shared_ptr<const PluginLibrary>> load(const std::string& path);
  // A plugin linked into this program, its table from its zv_plugin_entry() called directly (a
  // fuzzer built for one plugin): checked as load checks a table; `name` stands for the path.
  [[nodiscard]] static Expected<std::shared_ptr<const PluginLibrary>> linked(
      const zv_plugin* api, const std::string& name);
  ~PluginLibrary();
  PluginLibrary(const PluginLibrary&) = delete;
  PluginLibrary& operator=(const PluginLibrary&) = delete;

  const zv_plugin& api() const { return *api_; }
  const std::string& path() const { return path_; }
  // The plugin's own name, or its file name when it gives none.
  std::string name() const;
  // Its auxiliary keys, read and checked when it was loaded (none before ABI version 2).
  const std::vector<AuxKeyDescription>& aux_keys() const { return aux_keys_; }

 private:
  PluginLibrary(void* handle, const zv_plugin* api, std::string path,
                std::vector<AuxKeyDescription> aux_keys)
      : handle_(handle), api_(api), path_(std::move(path)), aux_keys_(std::move(aux_keys)) {}
  void* handle_;  // null for a linked plugin
  const zv_plugin* api_;
  std::string path_;
  std::vector<AuxKeyDescription> aux_keys_;
};

// The whole table when `api` is the base of a version 2 table; null for version 1.
const zv_plugin_v2* plugin_v2(const zv_plugin& api);

// The auxiliary keys a version 2 table declares, checked (plugin.h's rules); `where` begins each
// message. Reads nothing past the zv_plugin unless abi_version says it is a zv_plugin_v2's base.
[[nodiscard]] Expected<std::vector<AuxKeyDescription>> read_aux_keys(const zv_plugin& api,
                                                                     const std::string& where);

struct PluginOptions {
  bool xfen = false;  // Chess960 castling as X-FEN KQkq letters where unambiguous, not Shredder
};

// The FEN a plugin with `options` receives for `fen`: the forms plugin.h promises (the
// reference's writer; Chess960 castling in one form, castling_letters.h). Runs no plugin code, so
// reports may show it in any process.
std::string plugin_fen(std::string_view fen, bool chess960, PluginOptions options);

// Whether `fen` is already in that form, and so goes to the plugin byte for byte: a standard-chess
// FEN with six fields and castling '-' or KQkq letters naming kings and rooks on their standard
// squares. Read once per position without a branch per byte; texts over 128 bytes are not.
bool already_in_plugin_form(std::string_view fen, bool chess960);

// One zv_state of a plugin behind the HashUnderTest door.
class PluginHash final : public HashUnderTest {
 public:
  PluginHash(std::shared_ptr<const PluginLibrary> library, PluginOptions options);
  ~PluginHash() override;
  PluginHash(const PluginHash&) = delete;
  PluginHash& operator=(const PluginHash&) = delete;

  std::string name() const override { return library_->name(); }
  Capabilities capabilities() const override;
  // The FEN goes through the reference's writer first: the forms plugin.h promises.
  Expected<Done> set_position(std::string_view fen, bool chess960) override;
  // A FEN in the writer's form is in plugin form already (Shredder letters in Chess960), and goes
  // through as it is, not even copied; with PluginOptions::xfen a Chess960 one is rewritten.
  Expected<Done> set_written_position(const std::string& fen, bool chess960) override;
  Expected<Done> make_move(std::string_view uci) override;
  Expected<Done> unmake_move() override;
  Expected<Key> key() override;
  Expected<Key> pawn_key() override;
  Expected<Key> material_key() override;
  Expected<Key> aux_key(std::size_t index) override;
  // The plugin's legal moves (its legal_moves), or an error when it has none.
  [[nodiscard]] Expected<std::vector<std::string>> legal_moves() const;
  // The FEN as the plugin receives it for `fen`.
  std::string plugin_fen(std::string_view fen, bool chess960) const;

 private:
  // "plugin 'NAME' refused WHAT" and the plugin's last_error text, if it gives one.
  Error refusal(const std::string& what) const;
  // Hands `text`, a FEN in plugin form, to the plugin's set_fen.
  Expected<Done> send_fen(const char* text);
  std::shared_ptr<const PluginLibrary> library_;
  PluginOptions options_;
  zv_state* state_ = nullptr;
  // `text` NUL-terminated for the C ABI, in short_ when it fits (a plain copy: no allocation and
  // no std::string bookkeeping per position), else in sent_.
  const char* terminated(std::string_view text);
  std::array<char, 129> short_{};  // a FEN in plugin form (at most 128 bytes) or a move
  std::string sent_;               // a rewritten FEN, or a longer text
};

// A factory for `zobrist-verify check --plugin`: fresh instances of the loaded plugin.
std::unique_ptr<HashUnderTest> make_plugin_hash(std::shared_ptr<const PluginLibrary> library,
                                                PluginOptions options = {});

}  // namespace zobrist_verify
