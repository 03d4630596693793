# Runs COMMAND (its words separated by '|') and requires its exit status to be EXIT and its
# output, stdout and stderr together, to match every regular expression of MATCH ('|'-separated
# is not possible in a regex, so MATCH is a CMake list: -DMATCH=a;b).
string(REPLACE "|" ";" command "${COMMAND}")
execute_process(COMMAND ${command} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT "${result}" STREQUAL "${EXIT}")
  message(FATAL_ERROR "exit status ${result}, expected ${EXIT}: ${COMMAND}\n${out}\n${err}")
endif()
foreach(expression IN LISTS MATCH)
  if(NOT "${out}${err}" MATCHES "${expression}")
    message(FATAL_ERROR "no match for '${expression}' in the output of ${COMMAND}:\n${out}\n${err}")
  endif()
endforeach()
message(STATUS "as expected:\n${out}${err}")
