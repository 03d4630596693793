# The installed package, as an engine project would use it: install this build into a fresh
# prefix, compile every installed header on its own against that prefix (none may include what
# is not installed), configure and build examples/consumer with find_package, run it, and run the
# installed command. Then the pkg-config files, as a Makefile project uses them: the consumer built
# again from `pkg-config --cflags --libs zobrist-verify` alone, and a C plugin compiled with
# `pkg-config --cflags zobrist-verify-plugin` alone (the header, no library, no C++).
# Arguments: BUILD_DIR, SOURCE_DIR, WORK_DIR, CXX, CC, PKG_CONFIG, GENERATOR.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "failed (${result}): ${command}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# Each header alone, with the definitions and options the exported target carries.
file(GLOB_RECURSE headers RELATIVE ${prefix}/include ${prefix}/include/zobrist_verify/*.h)
list(LENGTH headers count)
if(count LESS 10)
  message(FATAL_ERROR "only ${count} headers installed under ${prefix}/include")
endif()
# Directly in zobrist_verify/: the property suite's public headers and the plugin ABI, nothing else
# (lib's other headers are in their areas' folders, docs/package.md).
file(GLOB top RELATIVE ${prefix}/include/zobrist_verify ${prefix}/include/zobrist_verify/*.h)
file(GLOB expected_top RELATIVE ${SOURCE_DIR}/properties/include/zobrist_verify
     ${SOURCE_DIR}/properties/include/zobrist_verify/*.h)
list(APPEND expected_top plugin.h)
list(SORT top)
list(SORT expected_top)
if(NOT top STREQUAL expected_top)
  message(FATAL_ERROR "installed directly in ${prefix}/include/zobrist_verify: ${top}; expected "
                      "only the property suite's headers and plugin.h: ${expected_top}")
endif()
# A core's worth of headers at a time: one execute_process runs its COMMANDs side by side (as a
# pipeline, but a syntax check reads no input and writes no output).
function(compile_alone headers)
  set(commands)
  foreach(header ${headers})
    string(MAKE_C_IDENTIFIER ${header} name)
    file(WRITE ${WORK_DIR}/alone/${name}.cpp "#include \"${header}\"\nint main() { return 0; }\n")
    list(APPEND commands COMMAND ${CXX} -std=c++20 -fsyntax-only -I${prefix}/include
                                 ${WORK_DIR}/alone/${name}.cpp)
  endforeach()
  execute_process(${commands} RESULTS_VARIABLE results ERROR_VARIABLE err)
  foreach(header result IN ZIP_LISTS headers results)
    if(NOT result EQUAL 0)
      message(FATAL_ERROR "the installed ${header} does not compile alone (${result}):\n${err}")
    endif()
  endforeach()
endfunction()
cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
set(batch)
foreach(header ${headers})
  if(header MATCHES "plugin_export.h$")
    continue()  # defines zv_state and inline functions for a plugin's one translation unit; below
  endif()
  list(APPEND batch ${header})
  list(LENGTH batch size)
  if(size EQUAL cores)
    compile_alone("${batch}")
    set(batch)
  endif()
endforeach()
if(batch)
  compile_alone("${batch}")
endif()
file(WRITE ${WORK_DIR}/export.cpp
     "#include \"zobrist_verify/doors/plugin_export.h\"\nint main() { return 0; }\n")
run(${CXX} -std=c++20 -fsyntax-only -I${prefix}/include ${WORK_DIR}/export.cpp)

run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/consumer -B ${WORK_DIR}/consumer -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
run(${WORK_DIR}/consumer/toy_engine_check)
if(NOT last_output MATCHES "check: [1-9][0-9]* passed, 0 failed, [0-9]+ skipped")
  message(FATAL_ERROR "the consumer's check did not pass as expected:\n${last_output}")
endif()
run(${prefix}/bin/zobrist-verify --version)
set(consumer_output "${last_output}")

# pkg-config: both files installed beside the libraries, found through PKG_CONFIG_PATH only.
file(GLOB_RECURSE pc_files ${prefix}/*.pc)
list(LENGTH pc_files count)
if(NOT count EQUAL 2)
  message(FATAL_ERROR "expected zobrist-verify.pc and zobrist-verify-plugin.pc, found: ${pc_files}")
endif()
list(GET pc_files 0 pc_file)
get_filename_component(pc_dir ${pc_file} DIRECTORY)
function(pkg_config)
  run(${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} PKG_CONFIG_LIBDIR=${pc_dir}
      ${PKG_CONFIG} ${ARGN})
  string(STRIP "${last_output}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  set(flags ${flags} PARENT_SCOPE)
endfunction()
pkg_config(--cflags --libs zobrist-verify)
set(library_flags ${flags})
run(${CXX} ${SOURCE_DIR}/examples/consumer/toy_engine_check.cpp ${library_flags}
    -o ${WORK_DIR}/toy_engine_check_pkg_config)
run(${WORK_DIR}/toy_engine_check_pkg_config)
if(NOT last_output MATCHES "check: [1-9][0-9]* passed, 0 failed, [0-9]+ skipped")
  message(FATAL_ERROR "the consumer built with pkg-config did not pass:\n${last_output}")
endif()

pkg_config(--cflags --libs zobrist-verify-plugin)
set(plugin_flags ${flags})
list(FILTER flags EXCLUDE REGEX "^-I")
if(NOT plugin_flags OR flags)
  message(FATAL_ERROR "zobrist-verify-plugin.pc must give the include directory and nothing "
                      "else, gave: ${plugin_flags}")
endif()
# The plugin header's permanent path, and the doors area's path that includes it (docs/package.md).
foreach(header plugin doors/plugin)
  string(MAKE_C_IDENTIFIER ${header} name)
  file(WRITE ${WORK_DIR}/${name}.c "#include \"zobrist_verify/${header}.h\"\n" [=[
static const zv_plugin table = {ZV_PLUGIN_ABI_VERSION, "empty", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
__attribute__((visibility("default"))) const zv_plugin* zv_plugin_entry(void) { return &table; }
]=])
  run(${CC} -std=c11 -Wall -Wextra -Werror -fPIC -shared ${plugin_flags} ${WORK_DIR}/${name}.c
      -o ${WORK_DIR}/${name}.so)
endforeach()
message(STATUS "installed, headers stand alone, consumer passes (find_package and pkg-config), "
               "a C plugin compiles from zobrist-verify-plugin.pc: ${consumer_output}")
