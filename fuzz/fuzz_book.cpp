// fuzz_book: any bytes as a Polyglot book (parse_polyglot_book, the bytes behind
// read_polyglot_book's mapping), then the whole book check (order, decoding, the walk and its
// diagnosis) under the Polyglot scheme. Entries must read back as their big-endian fields, and the
// report's counts must agree with each other and with a plain scan of the entries.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/doors/polyglot_book.h"

namespace {

std::uint64_t big_endian(const std::uint8_t* at, int size) {
  std::uint64_t value = 0;
  for (int i = 0; i < size; ++i) value = (value << 8) | at[i];
  return value;
}

// The square names and promotion letter of a raw move, written independently of the library.
std::string move_text(std::uint16_t raw) {
  std::string text;
  text += char('a' + ((raw >> 6) & 7));
  text += char('1' + ((raw >> 9) & 7));
  text += char('a' + (raw & 7));
  text += char('1' + ((raw >> 3) & 7));
  const int promotion = (raw >> 12) & 7;
  if (promotion != 0) text += promotion <= 4 ? "nbrq"[promotion - 1] : '?';
  return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace zobrist_verify;
  constexpr std::string_view Harness = "fuzz_book";
  // 64 entries and a partial one: enough for a start position, its children and grandchildren
  // in one opening; the walk over larger books only repeats the same paths more slowly.
  constexpr std::size_t MaxInput = 64 * PolyglotEntrySize + PolyglotEntrySize - 1;
  if (size > MaxInput) return 0;  // capped: see above

  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto fail = [&](const std::string& what) {
    zv_fuzz::fail(Harness, what, "book bytes: " + zv_fuzz::quoted(bytes));
  };

  Expected<PolyglotBook> book = parse_polyglot_book(bytes, "fuzz");
  if (!book) {
    // Only a book shorter than one entry is refused, and the error names the source.
    if (size >= PolyglotEntrySize)
      fail("a book of " + std::to_string(size) + " bytes is refused: " + book.error());
    if (book.error().find("book fuzz") == std::string::npos)
      fail("the error does not name the book: " + book.error());
    return 0;
  }
  if (size < PolyglotEntrySize) fail("a book of " + std::to_string(size) + " bytes is accepted");
  if (book->size() != size / PolyglotEntrySize || book->trailing_bytes != size % PolyglotEntrySize)
    fail("book of " + std::to_string(size) + " bytes has " + std::to_string(book->size()) +
         " entries and " + std::to_string(book->trailing_bytes) + " trailing bytes");

  bool sorted = true;
  std::size_t first_unsorted = 0, undecodable = 0;
  for (std::size_t i = 0; i < book->size(); ++i) {
    const std::uint8_t* at = data + i * PolyglotEntrySize;
    const PolyglotEntry entry = book->entry(i);
    if (entry.key != big_endian(at, 8) || entry.move != big_endian(at + 8, 2) ||
        entry.weight != big_endian(at + 10, 2) || entry.learn != big_endian(at + 12, 4))
      fail("entry " + std::to_string(i) + " does not read back as its big-endian fields");
    if (sorted && i > 0 && entry.key < book->entry(i - 1).key) {
      sorted = false;
      first_unsorted = i;
    }
    const std::string text = polyglot_move_text(entry.move);
    if (text != move_text(entry.move))
      fail("move " + std::to_string(entry.move) + " is written '" + text + "', expected '" +
           move_text(entry.move) + "'");
    const Expected<BookMove> decoded = decode_polyglot_move(entry.move);
    if (!decoded) {
      ++undecodable;
      continue;
    }
    // A decoded move has the squares (and promotion) its text names, and bit 15 clear.
    if (entry.move & 0x8000) fail("move " + text + " with bit 15 set decodes");
    if (decoded->from == decoded->to) fail("move " + text + " decodes with from == to");
    if (square_name(decoded->from) + square_name(decoded->to) != text.substr(0, 4))
      fail("move " + text + " decodes to " + square_name(decoded->from) + square_name(decoded->to));
  }

  const BookReport report = check_polyglot_book(*book, polyglot_scheme());
  if (report.entries != book->size() || report.trailing_bytes != book->trailing_bytes)
    fail("the report counts " + std::to_string(report.entries) + " entries, " +
         std::to_string(report.trailing_bytes) + " trailing bytes");
  if (report.sorted != sorted || (!sorted && report.first_unsorted_entry != first_unsorted))
    fail("the report says sorted=" + std::to_string(report.sorted) + " at entry " +
         std::to_string(report.first_unsorted_entry) + ", a scan says sorted=" +
         std::to_string(sorted) + " at entry " + std::to_string(first_unsorted));
  if (report.undecodable_moves != undecodable)
    fail("the report counts " + std::to_string(report.undecodable_moves) +
         " undecodable moves, a scan " + std::to_string(undecodable));
  if (report.distinct_keys == 0 || report.distinct_keys > report.entries ||
      report.reached_keys + report.unreached_keys != report.distinct_keys)
    fail("key counts disagree: distinct " + std::to_string(report.distinct_keys) + ", reached " +
         std::to_string(report.reached_keys) + ", unreached " +
         std::to_string(report.unreached_keys) + ", entries " + std::to_string(report.entries));
  if (report.illegal_moves > report.entries) fail("more illegal moves than entries");
  if (report.first_findings.size() > BookWalkOptions{}.max_findings)
    fail("more findings kept than max_findings");
  // A book the walk never entered has no depth; one it entered is judged on its keys.
  if (report.reached_keys == 0 && report.max_depth != 0) fail("depth without reached keys");
  for (const BookFinding& finding : report.first_findings)
    if (finding.why.empty() || finding.move.empty()) fail("a finding without a move or reason");
  return 0;
}
