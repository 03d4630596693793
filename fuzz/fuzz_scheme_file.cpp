// fuzz_scheme_file: any bytes as a key scheme file (parse_scheme_text, what load_scheme_file
// reads). A scheme that parses must write out and read back field for field, and the written text
// must be a fixed point; a scheme that fails must say where, as "<source>:<line>: ...".
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace {

// The first field in which two schemes differ, or "" when none does.
std::string first_difference(const zobrist_verify::KeyScheme& a,
                             const zobrist_verify::KeyScheme& b) {
  if (a.name != b.name) return "name";
  if (a.psq != b.psq) return "psq";
  if (a.castling_keying != b.castling_keying) return "castling_keying";
  if (a.castling != b.castling) return "castling";
  if (a.castling_rook != b.castling_rook) return "castling_rook";
  if (a.en_passant != b.en_passant) return "en_passant";
  if (a.en_passant_none != b.en_passant_none) return "en_passant_none";
  if (a.side_white != b.side_white || a.side_black != b.side_black) return "side";
  if (a.no_pawns != b.no_pawns) return "no_pawns";
  if (a.en_passant_rule != b.en_passant_rule) return "en_passant_rule";
  if (a.fold_rule50_into_printed_key != b.fold_rule50_into_printed_key) return "fold_rule50";
  if (a.defines_pawn_key != b.defines_pawn_key) return "pawn_key";
  if (a.defines_material_key != b.defines_material_key) return "material_key";
  return "";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace zobrist_verify;
  constexpr std::string_view Harness = "fuzz_scheme_file";
  // A full scheme is about 800 lines of 25 bytes; 4 KiB holds every keyword many times over.
  constexpr std::size_t MaxInput = 4096;
  if (size > MaxInput) return 0;  // capped: see above

  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto fail = [&](const std::string& what) {
    zv_fuzz::fail(Harness, what, "scheme text: " + zv_fuzz::quoted(text));
  };

  Expected<KeyScheme> scheme = parse_scheme_text(text, "fuzz");
  if (!scheme) {
    if (!scheme.error().starts_with("fuzz:"))
      fail("the error does not start with the source and line: " + scheme.error());
    return 0;
  }
  // Keys of the unused piece codes have no entry in the format.
  for (int pc : {0, 7, 8, 15})
    for (Key key : scheme->psq[pc])
      if (key != 0) fail("unused piece code " + std::to_string(pc) + " has a key");
  // Castling is keyed one way: the other table stays zero, and rook keys sit on ranks 1 and 8.
  const bool by_rook = scheme->castling_keying == CastlingKeying::RookSquare;
  for (Key key : scheme->castling)
    if (by_rook && key != 0) fail("a scheme keyed by rook square has a rights-mask key");
  for (int sq = 0; sq < SquareCount; ++sq) {
    const Key key = scheme->castling_rook[sq];
    if (key != 0 && !by_rook) fail("a scheme keyed by rights mask has a rook-square key");
    if (key != 0 && rank_of(Square(sq)) != Rank1 && rank_of(Square(sq)) != Rank8)
      fail("a castling rook key off ranks 1 and 8, on square " + std::to_string(sq));
  }

  const std::string written = write_scheme_text(*scheme);
  Expected<KeyScheme> again = parse_scheme_text(written, "other");
  if (!again) fail("the written scheme does not read back: " + again.error() + "\n" + written);
  // A scheme without a name line is named after the source; the writer omits an empty name.
  if (scheme->name.empty()) again->name.clear();
  if (const std::string field = first_difference(*scheme, *again); !field.empty())
    fail("the scheme read back differs in " + field + "\n" + written);
  if (write_scheme_text(*again) != written)
    fail("writing the scheme read back gives other text\n" + written);
  return 0;
}
