# Runs COMMAND (a ;-list) and requires its exit status to be EXIT and its standard output to match
# EXPECT: for a command that must fail in a named way, which ctest alone cannot require at once.
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result STREQUAL "${EXIT}")
  message(FATAL_ERROR "exit ${result}, expected ${EXIT}:\n${out}\n${err}")
endif()
if(NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "the output does not match '${EXPECT}':\n${out}\n${err}")
endif()
message(STATUS "exit ${result}, as expected:\n${out}")
