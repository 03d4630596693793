// The outputs a command line names (--junit, --svg, --transcript, and standard output), checked
// together before the command runs and before any of them is opened, so that no output replaces
// one of the run's inputs, another output, or what the run prints on standard output.
#pragma once

#include <span>
#include <string>

#include "zobrist_verify/core/result.h"

namespace zobrist_verify::cli {

// Refuses (the error, for exit 2) an output option that names
//  - one of the run's inputs (declare_inputs, before this), symlinks and hard links followed;
//  - the same file as another output option, or one that does not exist yet at the same path;
//  - standard output, under --json (whose document is standard output): two documents in one
//    stream; or standard output's file by another name ("--junit out.xml > out.xml"), which
//    would replace the file the report is being printed to.
// The null device takes any number of outputs.
[[nodiscard]] Expected<Done> check_output_paths(std::span<const std::string> words);

}  // namespace zobrist_verify::cli
