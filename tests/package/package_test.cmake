# The installed package, as an engine project would use it: install this build into a fresh
# prefix, compile every installed header on its own against that prefix (none may include what
# is not installed), configure and build examples/consumer with find_package, run it, and run the
# installed command. Arguments: BUILD_DIR, SOURCE_DIR, WORK_DIR, CXX, GENERATOR.
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
foreach(header ${headers})
  if(header MATCHES "plugin_export.h$")
    continue()  # defines zv_state and inline functions for a plugin's one translation unit; below
  endif()
  file(WRITE ${WORK_DIR}/alone.cpp "#include \"${header}\"\nint main() { return 0; }\n")
  run(${CXX} -std=c++20 -fsyntax-only -I${prefix}/include ${WORK_DIR}/alone.cpp)
endforeach()
file(WRITE ${WORK_DIR}/export.cpp
     "#include \"zobrist_verify/doors/plugin_export.h\"\nint main() { return 0; }\n")
run(${CXX} -std=c++20 -fsyntax-only -I${prefix}/include ${WORK_DIR}/export.cpp)

run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/consumer -B ${WORK_DIR}/consumer -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
run(${WORK_DIR}/consumer/toy_engine_check)
if(NOT last_output MATCHES "check: 8 passed, 0 failed, 3 skipped")
  message(FATAL_ERROR "the consumer's check did not pass as expected:\n${last_output}")
endif()
run(${prefix}/bin/zobrist-verify --version)
message(STATUS "installed, headers stand alone, consumer passes: ${last_output}")
