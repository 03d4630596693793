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
