#include "zobrist_verify/doors/plugin_hash.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <optional>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/byte_words.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/castling_letters.h"

namespace zobrist_verify {

namespace {

// The most of a plugin's last_error text that goes into a report.
constexpr std::size_t LastErrorLimit = 4096;

std::string dl_error() {
  const char* text = ::dlerror();
  return text ? text : "no reason given";
}

// The table zv_plugin_entry() returned, checked: its version, the functions every plugin has
// and its auxiliary keys (read_aux_keys). `where` begins each message.
Expected<std::vector<AuxKeyDescription>> checked_table(const zv_plugin* api,
                                                       const std::string& where) {
  if (!api) return Error{where + ": zv_plugin_entry() returned NULL"};
  if (api->abi_version < ZV_PLUGIN_ABI_VERSION || api->abi_version > ZV_PLUGIN_ABI_LATEST)
    return Error{where + ": ABI version " + std::to_string(api->abi_version) +
                 " is unknown: this zobrist-verify loads versions 1 to " +
                 std::to_string(ZV_PLUGIN_ABI_LATEST) +
                 " (set abi_version to ZV_PLUGIN_ABI_VERSION, or ZV_PLUGIN_ABI_VERSION_2 in a "
                 "zv_plugin_v2, and rebuild it against this plugin.h)"};
  std::string missing;
  if (!api->create) missing += " create";
  if (!api->destroy) missing += " destroy";
  if (!api->set_fen) missing += " set_fen";
  if (!api->make_move) missing += " make_move";
  if (!api->key) missing += " key";
  if (!missing.empty()) return Error{where + ": required function pointer(s) NULL:" + missing};
  return read_aux_keys(*api, where);
}

}  // namespace

Expected<std::shared_ptr<const PluginLibrary>> PluginLibrary::load(const std::string& path) {
  const std::string where = "plugin '" + path + "'";
  if (path.find('/') != std::string::npos) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0)
      return Error{where + ": cannot open it: " + std::strerror(errno)};
    if (!S_ISREG(info.st_mode)) return Error{where + ": not a regular file"};
  }
  ::dlerror();
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) return Error{where + ": not a loadable shared library (" + dl_error() + ")"};
  auto unload = [handle](std::string message) {
    ::dlclose(handle);
    return Error{std::move(message)};
  };
  ::dlerror();
  void* symbol = ::dlsym(handle, "zv_plugin_entry");
  if (!symbol)
    return unload(where + ": exports no zv_plugin_entry (" + dl_error() +
                  "); a plugin exports `const zv_plugin *zv_plugin_entry(void)` with C linkage");
  using Entry = const zv_plugin* (*)();
  const zv_plugin* api = reinterpret_cast<Entry>(symbol)();
  Expected<std::vector<AuxKeyDescription>> aux_keys = checked_table(api, where);
  if (!aux_keys) return unload(aux_keys.error());
  return std::shared_ptr<const PluginLibrary>(
      new PluginLibrary(handle, api, path, std::move(*aux_keys)));
}

Expected<std::shared_ptr<const PluginLibrary>> PluginLibrary::linked(const zv_plugin* api,
                                                                     const std::string& name) {
  Expected<std::vector<AuxKeyDescription>> aux_keys = checked_table(api, "plugin '" + name + "'");
  if (!aux_keys) return Error{aux_keys.error()};
  return std::shared_ptr<const PluginLibrary>(
      new PluginLibrary(nullptr, api, name, std::move(*aux_keys)));
}

const zv_plugin_v2* plugin_v2(const zv_plugin& api) {
  // base is the first member of a standard-layout struct: the two addresses are one.
  if (api.abi_version < ZV_PLUGIN_ABI_VERSION_2) return nullptr;
  return reinterpret_cast<const zv_plugin_v2*>(&api);
}

Expected<std::vector<AuxKeyDescription>> read_aux_keys(const zv_plugin& api,
                                                       const std::string& where) {
  std::vector<AuxKeyDescription> out;
  // A version 1 table is a zv_plugin alone: there is nothing after it to read.
  const zv_plugin_v2* v2 = plugin_v2(api);
  if (!v2 || v2->aux_key_count == 0) return out;
  const std::string in = where + ": ABI version 2 table: ";
  const std::string count = "aux_key_count is " + std::to_string(v2->aux_key_count);
  if (v2->aux_key_count > ZV_AUX_KEY_LIMIT)
    return Error{in + count + ", more than the " + std::to_string(ZV_AUX_KEY_LIMIT) +
                 " allowed (is the field left uninitialised?)"};
  if (!v2->aux_keys) return Error{in + count + " but aux_keys is NULL"};
  if (!v2->aux_key) return Error{in + count + " but the aux_key function is NULL"};
  for (std::uint32_t i = 0; i < v2->aux_key_count; ++i) {
    const zv_aux_key& declared = v2->aux_keys[i];
    const std::string which = in + "aux_keys[" + std::to_string(i) + "]";
    if (!declared.name) return Error{which + ": name is NULL"};
    const std::size_t length = ::strnlen(declared.name, ZV_AUX_NAME_LIMIT + 1);
    if (length > ZV_AUX_NAME_LIMIT)
      return Error{which + ": name is longer than " + std::to_string(ZV_AUX_NAME_LIMIT) +
                   " bytes, or not terminated by a NUL"};
    const std::string name(declared.name, length);
    if (visible_text(name) != name)
      return Error{which + ": name '" + visible_text(name) + "' has bytes that cannot be printed"};
    if ((declared.pieces[ZV_WHITE] | declared.pieces[ZV_BLACK]) & ~ZV_PIECES_ALL)
      return Error{which + " ('" + name + "'): pieces has bits other than ZV_PIECE_*"};
    if (declared.flags & ~std::uint32_t(ZV_AUX_SIDE_TO_MOVE | ZV_AUX_CASTLING | ZV_AUX_EN_PASSANT))
      return Error{which + " ('" + name + "'): flags has bits other than ZV_AUX_*"};
    AuxKeyDescription aux;
    aux.name = name;
    aux.pieces = {std::uint8_t(declared.pieces[ZV_WHITE]), std::uint8_t(declared.pieces[ZV_BLACK])};
    aux.side_to_move = declared.flags & ZV_AUX_SIDE_TO_MOVE;
    aux.castling = declared.flags & ZV_AUX_CASTLING;
    aux.en_passant = declared.flags & ZV_AUX_EN_PASSANT;
    out.push_back(std::move(aux));
  }
  if (Expected<Done> sound = check_declarations(out, where); !sound) return Error{sound.error()};
  return out;
}

PluginLibrary::~PluginLibrary() {
  if (handle_) ::dlclose(handle_);
}

std::string PluginLibrary::name() const {
  // Shown in every message and report: bytes that cannot be printed are written \xNN.
  if (api_->name && *api_->name) return visible_text(api_->name);
  const std::size_t slash = path_.rfind('/');
  return visible_text(slash == std::string::npos ? path_ : path_.substr(slash + 1));
}

PluginHash::PluginHash(std::shared_ptr<const PluginLibrary> library, PluginOptions options)
    : library_(std::move(library)), options_(options), state_(library_->api().create()) {}

PluginHash::~PluginHash() {
  if (state_) library_->api().destroy(state_);
}

Capabilities PluginHash::capabilities() const {
  const zv_plugin& api = library_->api();
  Capabilities caps;
  caps.unmake = api.unmake_move != nullptr;
  caps.null_move = api.null_move != 0;
  caps.chess960 = api.chess960 != 0;
  caps.pawn_key = api.pawn_key != nullptr;
  caps.material_key = api.material_key != nullptr;
  caps.aux_keys = library_->aux_keys();
  return caps;
}

Error PluginHash::refusal(const std::string& what) const {
  std::string message = "plugin '" + name() + "' refused " + what;
  const zv_plugin& api = library_->api();
  if (api.last_error && state_) {
    // Read at most LastErrorLimit bytes: the text may be huge, or have no terminating NUL.
    if (const char* text = api.last_error(state_); text && *text) {
      const std::size_t length = ::strnlen(text, LastErrorLimit + 1);
      message += ": " + visible_text(std::string_view(text, std::min(length, LastErrorLimit)));
      if (length > LastErrorLimit)
        message += " [cut at " + std::to_string(LastErrorLimit) +
                   " bytes: the plugin's last_error is longer, or not terminated by a NUL]";
    }
  }
  return Error{message};
}

namespace {

// The longest text already_in_plugin_form reads: a FEN's placement is at most 71 bytes and its
// other fields about 20. A longer text goes through the reference's writer.
constexpr std::size_t PluginFormLimit = 128;
// The fields after the placement, from its space on: " w - - 0 1" at least, and at most this
// (clocks of 20 digits each would still fit).
constexpr std::size_t TailLimit = 64;

// Bit i of the result is set when byte i of the eight-byte word x is a space.
std::uint64_t word_space_bits(std::uint64_t x) {
  return ((bytes_equal_to(x, ' ') >> 7) * 0x0102040810204080ULL) >> 56;  // byte i -> bit i
}

// Where the spaces are in `text` (8 to 64 bytes): bit i is set when text[i] is a space. No branch
// per byte (a byte loop mispredicts at every field boundary). The words are loaded from the text
// itself, the last one overlapping its predecessor, so no zeroed copy of the text is needed.
std::uint64_t space_bits(std::string_view text) {
  std::uint64_t bits = 0;
  const std::size_t full = text.size() / 8, rest = text.size() % 8;
  std::uint64_t x;
  for (std::size_t w = 0; w < full; ++w) {
    std::memcpy(&x, text.data() + 8 * w, 8);
    bits |= word_space_bits(x) << (8 * w);
  }
  if (rest) {  // the last eight bytes, of which the first 8 - rest were read above
    std::memcpy(&x, text.data() + text.size() - 8, 8);
    bits |= (word_space_bits(x) >> (8 - rest)) << (8 * full);
  }
  return bits;
}

// Whether the king stands on the e-file of `row`, one rank of a placement: the squares before it
// add up to four.
bool king_on_e_file(std::string_view row, char king) {
  int file = 0;
  for (char c : row) {
    if (c == king) return file == 4;
    file += (c >= '1' && c <= '8') ? c - '0' : 1;
  }
  return false;
}

}  // namespace

// A standard-chess FEN already in the form plugin.h promises: six fields, castling '-' or KQkq
// letters each naming a king and rook on their standard squares (an X-FEN letter for a rook
// elsewhere makes the position Chess960). Such a FEN goes through as it is; anything else is
// rewritten by the reference's writer. The door asks this of every FEN it passes on, so it reads
// as little as it can: the placement's end by memchr, the spaces of the short rest at once, and
// the two back ranks only when castling letters need them (a rook on the a- or h-file is the
// rank's first or last character). 17 ns a FEN with castling rights and 9 ns one without,
// against 41 ns and 15 ns before (a scratch benchmark over two sets of 3,000 FENs that a
// check --engine run sent, with the same verdicts on all of them).
bool already_in_plugin_form(std::string_view fen, bool chess960) {
  if (chess960 || fen.size() < 8 || fen.size() > PluginFormLimit) return false;
  const char* first = static_cast<const char*>(std::memchr(fen.data(), ' ', fen.size()));
  if (!first) return false;
  const std::string_view placement = fen.substr(0, std::size_t(first - fen.data()));
  const std::string_view tail = fen.substr(placement.size());  // from the first space on
  if (tail.size() < 10 || tail.size() > TailLimit) return false;
  std::uint64_t spaces = space_bits(tail);
  if (std::popcount(spaces) != 5) return false;  // six fields; bit 0 is the placement's space
  spaces &= spaces - 1;
  const auto side_end = std::size_t(std::countr_zero(spaces));
  spaces &= spaces - 1;
  const auto castling_end = std::size_t(std::countr_zero(spaces));
  const std::string_view castling = tail.substr(side_end + 1, castling_end - side_end - 1);
  if (castling == "-") return true;
  const std::size_t top = placement.find('/'), bottom = placement.rfind('/');
  if (top == std::string_view::npos) return false;
  const std::string_view rows[2] = {placement.substr(bottom + 1), placement.substr(0, top)};
  std::optional<bool> king_home[2];  // White's, Black's: read once each
  for (char letter : castling) {
    const bool white = letter == 'K' || letter == 'Q';
    if (!white && letter != 'k' && letter != 'q') return false;
    const std::string_view row = rows[white ? 0 : 1];
    const char rook = white ? 'R' : 'r';
    if (row.empty() || ((letter == 'K' || letter == 'k') ? row.back() : row.front()) != rook)
      return false;
    std::optional<bool>& king = king_home[white ? 0 : 1];
    if (!king) king = king_on_e_file(row, white ? 'K' : 'k');
    if (!*king) return false;
  }
  return true;
}

std::string plugin_fen(std::string_view fen, bool chess960, PluginOptions options) {
  if (already_in_plugin_form(fen, chess960)) return std::string(fen);
  Position pos;
  StateInfo st;
  FenOptions fen_options;
  fen_options.chess960 = chess960;
  fen_options.allow_unreachable = true;  // the suite decides what it sends
  if (!pos.set(fen, st, polyglot_scheme(), fen_options).empty()) return std::string(fen);
  return with_chess960_castling(pos.fen(), pos,
                                options.xfen ? CastlingLetters::XFen : CastlingLetters::Shredder);
}

std::string PluginHash::plugin_fen(std::string_view fen, bool chess960) const {
  return zobrist_verify::plugin_fen(fen, chess960, options_);
}

const char* PluginHash::terminated(std::string_view text) {
  if (text.size() < short_.size()) {
    std::memcpy(short_.data(), text.data(), text.size());
    short_[text.size()] = '\0';
    return short_.data();
  }
  sent_.assign(text);
  return sent_.c_str();
}

Expected<Done> PluginHash::send_fen(const char* text) {
  if (!state_) return Error{"plugin '" + name() + "': create() returned NULL"};
  if (library_->api().set_fen(state_, text) != 0)
    return refusal("the FEN '" + std::string(text) + "'");
  return Done{};
}

Expected<Done> PluginHash::set_position(std::string_view fen, bool chess960) {
  if (already_in_plugin_form(fen, chess960)) return send_fen(terminated(fen));
  sent_ = plugin_fen(fen, chess960);
  return send_fen(sent_.c_str());
}

Expected<Done> PluginHash::set_written_position(const std::string& fen, bool chess960) {
  if (chess960 && options_.xfen) return set_position(fen, chess960);
  return send_fen(fen.c_str());
}

Expected<Done> PluginHash::make_move(std::string_view uci) {
  if (!state_) return Error{"plugin '" + name() + "': create() returned NULL"};
  const char* text = terminated(uci);
  if (library_->api().make_move(state_, text) != 0) return refusal("the move " + std::string(text));
  return Done{};
}

Expected<Done> PluginHash::unmake_move() {
  if (!state_ || !library_->api().unmake_move)
    return Error{"plugin '" + name() + "' has no unmake_move"};
  if (library_->api().unmake_move(state_) != 0) return refusal("to unmake the last move");
  return Done{};
}

Expected<Key> PluginHash::key() {
  if (!state_) return Error{"plugin '" + name() + "': create() returned NULL"};
  return library_->api().key(state_);
}

Expected<Key> PluginHash::pawn_key() {
  if (!state_ || !library_->api().pawn_key) return Error{"plugin '" + name() + "' has no pawn key"};
  return library_->api().pawn_key(state_);
}

Expected<Key> PluginHash::material_key() {
  if (!state_ || !library_->api().material_key)
    return Error{"plugin '" + name() + "' has no material key"};
  return library_->api().material_key(state_);
}

Expected<Key> PluginHash::aux_key(std::size_t index) {
  if (!state_) return Error{"plugin '" + name() + "': create() returned NULL"};
  if (index >= library_->aux_keys().size())
    return Error{"plugin '" + name() + "' has no auxiliary key " + std::to_string(index)};
  return plugin_v2(library_->api())->aux_key(state_, std::uint32_t(index));
}

Expected<std::vector<std::string>> PluginHash::legal_moves() const {
  const zv_plugin& api = library_->api();
  if (!state_ || !api.legal_moves) return Error{"plugin '" + name() + "' has no legal_moves"};
  // 218 moves at most in a legal chess position, 6 bytes each; grow on -1 all the same. A guard
  // zone past the capacity given catches a plugin that writes past it, before anything else is hit.
  constexpr std::size_t Guard = 4096;
  constexpr char GuardByte = '\x5a';
  std::size_t capacity = 2048;
  std::vector<char> buffer;
  for (int attempt = 0; attempt < 8; ++attempt, capacity *= 2) {
    buffer.assign(capacity + Guard, GuardByte);
    const int count = api.legal_moves(state_, buffer.data(), capacity);
    if (std::any_of(buffer.begin() + std::ptrdiff_t(capacity), buffer.end(),
                    [](char c) { return c != GuardByte; }))
      return Error{"plugin '" + name() + "': legal_moves wrote past the end of the " +
                       std::to_string(capacity) + "-byte buffer it was given",
                   ErrorKind::AnsweredBadly};
    if (count >= 0) {
      buffer[capacity - 1] = '\0';
      std::vector<std::string> moves;
      std::string word;
      for (const char* c = buffer.data(); *c; ++c) {
        if (*c == ' ') {
          if (!word.empty()) moves.push_back(std::move(word));
          word.clear();
        } else {
          word += *c;
        }
      }
      if (!word.empty()) moves.push_back(std::move(word));
      if (int(moves.size()) != count)
        return Error{"plugin '" + name() + "': legal_moves returned " + std::to_string(count) +
                     " but wrote " + std::to_string(moves.size()) + " moves"};
      return moves;
    }
  }
  return Error{"plugin '" + name() + "': legal_moves wants more than " +
               std::to_string(capacity / 2) + " bytes"};
}

std::unique_ptr<HashUnderTest> make_plugin_hash(std::shared_ptr<const PluginLibrary> library,
                                                PluginOptions options) {
  return std::make_unique<PluginHash>(std::move(library), options);
}

}  // namespace zobrist_verify
