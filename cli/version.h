// The program's version, shown by --version and in the verify report's header.
#pragma once

// The build may pass the project version; otherwise this must match project(VERSION) in the
// top-level CMakeLists.txt.
#ifndef ZV_VERSION
#define ZV_VERSION "0.1.0"
#endif

namespace zobrist_verify::cli {

constexpr const char* Version = ZV_VERSION;

}  // namespace zobrist_verify::cli
