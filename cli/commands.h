// The sub-commands of zobrist-verify. Each takes the words after its name and returns the exit
// code (see ExitCode in args.h); main.cpp's table of commands names them.
#pragma once

#include <span>
#include <string>

namespace zobrist_verify::cli {

int run_key(std::span<const std::string> args);
int run_perft(std::span<const std::string> args);
int run_verify(std::span<const std::string> args);
int run_check(std::span<const std::string> args);
// 0 when every mutant is killed, 1 when one survives.
int run_mutants(std::span<const std::string> args);
int run_replay(std::span<const std::string> args);
int run_book(std::span<const std::string> args);
int run_go(std::span<const std::string> args);
int run_uttt(std::span<const std::string> args);
int run_movegen(std::span<const std::string> args);
int run_keys(std::span<const std::string> args);
int run_collisions(std::span<const std::string> args);

}  // namespace zobrist_verify::cli
