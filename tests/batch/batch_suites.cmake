# Every test suite of a batched GoogleTest program (cmake/test_programs.cmake) has a ctest entry:
# the program lists its cases (--gtest_list_tests), and each suite it lists must be one that a
# file's entry runs by name. A suite the configure step did not find in its file (a form of TEST
# it does not read) would otherwise never run under ctest, and nothing would say so. And a filter
# that selects no case fails the run (tests/skip_aware_main.cpp), so that an entry whose suites
# were renamed cannot pass by running nothing.
cmake_minimum_required(VERSION 3.25)
# And every case is run by one entry only: the cases the entries' filters select add up to the
# program's cases (a suite's filter that also took another file's cases would run them twice).
# Arguments: PROGRAM, SUITES (the suites the entries run, separated by commas), FILTERS (the
# entries' --gtest_filter values, separated by |).
execute_process(COMMAND ${PROGRAM} --gtest_list_tests RESULT_VARIABLE result
                OUTPUT_VARIABLE listing ERROR_VARIABLE err)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --gtest_list_tests failed (${result}):\n${err}")
endif()
string(REPLACE "," ";" known "${SUITES}")
string(REPLACE "\n" ";" lines "${listing}")
set(listed 0)
foreach(line ${lines})
  # A suite's line starts in the first column: "Suite.", "Prefix/Suite." (value-parameterised) or
  # "Suite/0.  # TypeParam = ..." (typed).
  if(NOT line MATCHES "^([^ ][^ ]*)\\.( .*)?$")
    continue()
  endif()
  set(name ${CMAKE_MATCH_1})
  if(name MATCHES "^(.+)/[0-9]+$")
    set(name ${CMAKE_MATCH_1})
  elseif(name MATCHES "^[^/]+/(.+)$")
    set(name ${CMAKE_MATCH_1})
  endif()
  if(NOT name IN_LIST known)
    message(FATAL_ERROR "${PROGRAM} has the test suite ${name} (listed as '${line}'), which no "
                        "ctest entry runs: cmake/test_programs.cmake did not find it in its file")
  endif()
  math(EXPR listed "${listed} + 1")
endforeach()
if(listed EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} listed no test suite:\n${listing}")
endif()
# The cases: a listing's indented lines.
function(count_cases out)
  execute_process(COMMAND ${PROGRAM} --gtest_list_tests ${ARGN} RESULT_VARIABLE result
                  OUTPUT_VARIABLE listing ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} --gtest_list_tests ${ARGN} failed (${result}):\n${err}")
  endif()
  string(REGEX MATCHALL "\n  [^\n]+" cases "\n${listing}")
  list(LENGTH cases count)
  set(${out} ${count} PARENT_SCOPE)
endfunction()
count_cases(total)
set(selected 0)
string(REPLACE "|" ";" filters "${FILTERS}")
foreach(filter ${filters})
  count_cases(count --gtest_filter=${filter})
  math(EXPR selected "${selected} + ${count}")
endforeach()
if(NOT selected EQUAL total)
  message(FATAL_ERROR "${PROGRAM} holds ${total} cases, and its entries' filters select "
                      "${selected} between them: a case is run by two entries, or by none")
endif()
execute_process(COMMAND ${PROGRAM} --gtest_filter=NoSuiteIsNamedSo.* RESULT_VARIABLE result
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(expected "error: no test case matches the filter 'NoSuiteIsNamedSo\\.\\*'")
if(result EQUAL 0 OR NOT err MATCHES "${expected}")
  message(FATAL_ERROR "${PROGRAM} with a filter that selects no case exited ${result}:\n"
                      "${out}${err}")
endif()
message(STATUS "${listed} suites listed, each run by a file's entry; ${total} cases, each run by "
               "one entry; an empty filter fails")
