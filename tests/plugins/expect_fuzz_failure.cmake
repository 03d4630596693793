# Runs a fuzz harness (PROGRAM: fuzz_movegen or fuzz_moves) on CORPUS with ZV_PLUGIN=PLUGIN and
# requires it to fail with a message matching EXPECT: the harness aborts on a finding, which ctest
# would count as a crash.
# With ALLOW_UNREACHABLE the plugin is also given starts no legal game reaches.
set(ENV{ZV_PLUGIN} "${PLUGIN}")
if(ALLOW_UNREACHABLE)
  set(ENV{ZV_ALLOW_UNREACHABLE} 1)
endif()
execute_process(COMMAND "${PROGRAM}" "${CORPUS}" RESULT_VARIABLE result
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(result EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} found nothing in ${PLUGIN}; expected: ${EXPECT}")
endif()
if(NOT err MATCHES "${EXPECT}")
  message(FATAL_ERROR "${PROGRAM} failed, but not as expected (${EXPECT}):\n${err}")
endif()
message(STATUS "found, as expected:\n${err}")
