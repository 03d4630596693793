# Unity builds of the library, the properties and the command: their sources compiled eight to a
# translation unit, so that the standard library, RapidCheck and the project's own headers are
# parsed and their inline code optimised once a batch instead of once a file (lib/src/doors: 97 s
# of CPU file by file, 41 s in batches). ZV_UNITY_BUILD=OFF compiles file by file.
option(ZV_UNITY_BUILD "Compile lib, properties and the command in batches of sources" ON)

# Files compiled on their own: in a batch, one names what another file's anonymous namespace also
# names, or g++ takes a .cpp's own type in a class member for a header's (-Wsubobject-linkage).
set(ZV_UNITY_ALONE
    lib/src/core/file_io.cpp                     # OutputFile::State holds an anonymous type
    lib/src/chess/position_check.cpp             # PositionAudit holds an anonymous type
    lib/src/doors/key_pattern.cpp                # KeyPattern::Compiled holds an anonymous type
    lib/src/keys/key_scheme_file.cpp             # parse_square, as a file in fuzz's batch
    lib/src/analysis/dependency_search.cpp       # SampleChunks, as position_sample.h
    properties/chess/zero_keys_property.cpp      # Reading, as xfen_probe.cpp
    cli/command_verify.cpp                       # format_seconds, as command_mutants.cpp
    cli/command_keys.cpp                         # decimal, as a file before it
    cli/doors.cpp)                               # PluginOptions, as a file before it
list(TRANSFORM ZV_UNITY_ALONE PREPEND ${PROJECT_SOURCE_DIR}/)

# zv_unity_build(TARGET): TARGET's sources in batches, but for ZV_UNITY_ALONE.
function(zv_unity_build target)
  if(NOT ZV_UNITY_BUILD)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  get_target_property(sources ${target} SOURCES)
  foreach(source ${sources})
    if(source IN_LIST ZV_UNITY_ALONE)
      set_source_files_properties(${source} TARGET_DIRECTORY ${target}
                                  PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
    endif()
  endforeach()
endfunction()

# Precompiled standard headers for the same targets, with clang: a batch still parses the
# standard library (and RapidCheck, in the properties) once, 1.5 to 2.8 s of a unity file's 10 to
# 30 s. The library's areas share one (zv_core's), but for doors, which RE2's -pthread sets
# apart. Not with g++ 12: from a precompiled header, the standard headers' inlined code draws its
# false -Wstringop-overflow warnings (the same family as GCC bug 105329, below -Wno-restrict).
# ZV_PRECOMPILED_HEADERS=OFF compiles without them.
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  set(ZV_PRECOMPILED_HEADERS_DEFAULT ON)
else()
  set(ZV_PRECOMPILED_HEADERS_DEFAULT OFF)
endif()
option(ZV_PRECOMPILED_HEADERS "Precompile the standard headers of lib, properties and the command"
       ${ZV_PRECOMPILED_HEADERS_DEFAULT})
set(ZV_STD_PRECOMPILED_HEADERS
    <algorithm> <array> <atomic> <charconv> <chrono> <cstdint> <cstdio> <cstdlib> <cstring>
    <deque> <functional> <map> <memory> <mutex> <optional> <set> <sstream> <string>
    <string_view> <thread> <utility> <vector>)

# zv_precompiled_headers(TARGET [REUSE_FROM DONOR] [HEADERS header...]): TARGET's precompiled
# header, DONOR's (the same compile options) or its own of the list above plus HEADERS.
function(zv_precompiled_headers target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "REUSE_FROM" "HEADERS")
  if(NOT ZV_PRECOMPILED_HEADERS)
    return()
  endif()
  if(arg_REUSE_FROM)
    target_precompile_headers(${target} REUSE_FROM ${arg_REUSE_FROM})
  else()
    target_precompile_headers(${target} PRIVATE ${ZV_STD_PRECOMPILED_HEADERS} ${arg_HEADERS})
  endif()
endfunction()
