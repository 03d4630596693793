// The report of `zobrist-verify movegen`: text, JSON and JUnit, from one MovegenResult. Under each
// divergence and the fault it prints the command that asks that one position again, exactly as
// it was sent (`movegen --fen FEN --moves ... --depth D` with this run's door and options), and
// the reference's perft divide of it.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "zobrist_verify/core/file_io.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/movegen_fuzz.h"

namespace zobrist_verify::cli {

// What the report needs besides the result: this program's path, the words of this run's
// `movegen` command that a position's command keeps (the door and its options, --chess960,
// --timeout, --allow-unreachable...; not --fen, --moves, --depth or what chooses positions), and
// whether positions no legal game reaches were sent (the reference's perft command says so too).
struct MovegenRerun {
  std::string program;
  std::vector<std::string> movegen_words;  // {program, "movegen", "--engine", "CMD", ...}
  bool allow_unreachable = false;
};

// The command that asks `route` (as it was sent) alone at `depth`, every word quoted for a shell.
std::string ask_again_command(const MovegenRerun& rerun, const Route& route, int depth);

void print_movegen_text(std::ostream& out, const properties::MovegenResult& r,
                        const MovegenRerun& rerun);
void print_movegen_json(std::ostream& out, const properties::MovegenResult& r,
                        const MovegenRerun& rerun);
[[nodiscard]] Expected<Done> write_movegen_junit(OutputFile& junit,
                                                 const properties::MovegenResult& r,
                                                 const MovegenRerun& rerun);

}  // namespace zobrist_verify::cli
