# examples/gate as an engine's repository uses it: configured against the installed package
# (PREFIX), built, and its ctest run: the example plugin passes the three tests, each writing its
# JUnit report. Then the same gate on BUG_PLUGIN (a plugin whose generator forgets
# under-promotions): the movegen test must fail. Arguments: SOURCE_DIR, PREFIX, WORK_DIR, CXX, CC,
# GENERATOR, CTEST, BUG_PLUGIN.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(status ${result} PARENT_SCOPE)
  set(output "${out}${err}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(build ${WORK_DIR}/build)
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/gate -B ${build} -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_C_COMPILER=${CC} -DCMAKE_PREFIX_PATH=${PREFIX}
    -DGATE_CASES=100 -DGATE_POSITIONS=300)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the gate does not configure:\n${output}")
endif()
run(${CMAKE_COMMAND} --build ${build})
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the gate does not build:\n${output}")
endif()
run(${CTEST} --test-dir ${build} --output-on-failure)
if(NOT status EQUAL 0 OR NOT output MATCHES "100% tests passed, 0 tests failed out of 3")
  message(FATAL_ERROR "the gate did not pass the example plugin (exit ${status}):\n${output}")
endif()
foreach(report zv-check.xml zv-check-polyglot.xml zv-movegen.xml)
  file(READ ${build}/${report} junit)
  if(NOT junit MATCHES "<testsuite")
    message(FATAL_ERROR "${build}/${report} is not a JUnit report:\n${junit}")
  endif()
endforeach()
set(passed "${output}")

run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/gate -B ${build} -DGATE_PLUGIN=${BUG_PLUGIN})
run(${CTEST} --test-dir ${build} -R movegen --output-on-failure)
if(status EQUAL 0 OR NOT output MATCHES "missing: +[a-h][27][a-h][18][nbr]")
  message(FATAL_ERROR "the gate did not catch the planted bug (exit ${status}):\n${output}")
endif()
message(STATUS "the gate passed the example plugin and caught the planted bug:\n${passed}")
