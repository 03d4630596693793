// Perft and perft-suite reading.
#include "zobrist_verify/chess/perft.h"

#include <charconv>

#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  const MoveList moves = legal_moves(pos);
  std::uint64_t nodes = 0;
  StateInfo st;
  for (Move m : moves) {
    pos.make_move(m, st);
    nodes += perft(pos, depth - 1);
    pos.unmake_move(m);
  }
  return nodes;
}

std::uint64_t perft_full(Position& pos, int depth) {
  if (depth <= 0) return 1;
  std::uint64_t nodes = 0;
  StateInfo st;
  for (Move m : legal_moves(pos)) {
    pos.make_move(m, st);
    nodes += depth == 1 ? 1 : perft_full(pos, depth - 1);
    pos.unmake_move(m);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  StateInfo st;
  for (Move m : legal_moves(pos)) {
    pos.make_move(m, st);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.unmake_move(m);
  }
  return out;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

bool parse_number(std::string_view s, std::uint64_t& out) {
  s = trim(s);
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size() && !s.empty();
}

Error line_error(int line, const std::string& why) {
  return Error{"perft suite line " + std::to_string(line) + ": " + why};
}

}  // namespace

Expected<std::vector<PerftCase>> parse_perft_suite(std::string_view text) {
  std::vector<PerftCase> cases;
  int line_no = 0;
  bool in_block = false;  // inside an id/epd/perft block
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    const std::string_view raw = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++line_no;
    const std::string_view line = trim(raw);
    if (line.empty()) {
      in_block = false;
      continue;
    }
    if (line.front() == '#') continue;

    if (line.starts_with("id ")) {
      cases.push_back({});
      cases.back().id = std::string(trim(line.substr(3)));
      cases.back().line = line_no;
      in_block = true;
    } else if (line.starts_with("epd ")) {
      if (!in_block) {
        cases.push_back({});
        cases.back().line = line_no;
        in_block = true;
      }
      cases.back().fen = std::string(trim(line.substr(4)));
    } else if (line.starts_with("perft ")) {
      if (!in_block || cases.back().fen.empty())
        return line_error(line_no, "'perft' line outside an id/epd block");
      const std::string_view rest = trim(line.substr(6));
      const std::size_t sp = rest.find(' ');
      std::uint64_t depth = 0, nodes = 0;
      if (sp == std::string_view::npos || !parse_number(rest.substr(0, sp), depth) ||
          !parse_number(rest.substr(sp + 1), nodes) || depth == 0 || depth > 64)
        return line_error(line_no, "expected 'perft <depth> <nodes>'");
      cases.back().depths.emplace_back(int(depth), nodes);
    } else {
      // EPD form: FEN ;D1 n ;D2 n ...
      const std::size_t semi = line.find(';');
      if (semi == std::string_view::npos)
        return line_error(line_no, "expected 'FEN ;D1 n ;D2 n ...' or an id/epd/perft block");
      PerftCase c;
      c.fen = std::string(trim(line.substr(0, semi)));
      c.line = line_no;
      std::string_view rest = line.substr(semi + 1);
      while (!rest.empty()) {
        const std::size_t next = rest.find(';');
        const std::string_view item = trim(rest.substr(0, next));
        rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 1);
        std::uint64_t depth = 0, nodes = 0;
        const std::size_t sp = item.find(' ');
        const std::string shown = quoted_input(item);
        if (item.size() < 2 || item[0] != 'D' || sp == std::string_view::npos ||
            !parse_number(item.substr(1, sp - 1), depth) ||
            !parse_number(item.substr(sp + 1), nodes))
          return line_error(line_no, shown + " is not of the form 'D<depth> <nodes>'");
        if (depth == 0 || depth > 64)
          return line_error(line_no, shown + ": the depth " + std::to_string(depth) +
                                         " is out of range (1 to 64)");
        c.depths.emplace_back(int(depth), nodes);
      }
      cases.push_back(std::move(c));
      in_block = false;
    }
  }
  for (const auto& c : cases)
    if (c.fen.empty()) return line_error(c.line, "block '" + c.id + "' has no 'epd' line");
  return cases;
}

}  // namespace zobrist_verify
