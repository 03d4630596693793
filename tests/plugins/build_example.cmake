# Configures and builds examples/plugin as a project of its own, the way a plugin author does
# (examples/plugin/README.md). Run by ctest as the fixture example_plugin_builds:
#   cmake -DSOURCE=DIR -DBINARY=DIR -DGENERATOR=G -DC_COMPILER=CC -DINCLUDE_DIR=DIR -DWERROR=ON|OFF
#         -P build_example.cmake
foreach(variable SOURCE BINARY GENERATOR C_COMPILER INCLUDE_DIR WERROR)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "build_example.cmake: -D${variable}=... is missing")
  endif()
endforeach()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -G ${GENERATOR}
          -DCMAKE_C_COMPILER=${C_COMPILER} -DZOBRIST_VERIFY_INCLUDE_DIR=${INCLUDE_DIR}
          -DCMAKE_COMPILE_WARNING_AS_ERROR=${WERROR}
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "configuring ${SOURCE} into ${BINARY} failed (${status})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "building ${BINARY} failed (${status})")
endif()
