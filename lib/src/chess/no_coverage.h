// ZV_NO_COVERAGE: keeps a function out of the fuzzer's coverage instrumentation (clang only).
#pragma once

// Writing a message decides nothing about the input, so it is left out of the fuzzer's coverage
// instrumentation: its edges (text cut or not, characters escaped or not) would make the fuzzer
// keep inputs only for writing other messages, and instrumented it cost more than parsing.
#if defined(__clang__)
#define ZV_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define ZV_NO_COVERAGE
#endif
