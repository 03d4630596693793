# `cmake --install` exports a CMake package: find_package(zobrist_verify CONFIG REQUIRED) gives
# zobrist_verify::lib (the reference, the doors, plugin.h), zobrist_verify::properties (the
# property suite: HashUnderTest adapters call run_suite) and zobrist_verify::cli (the command,
# installed in bin/). docs/package.md says how to use it.
include(CMakePackageConfigHelpers)
set(ZV_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/zobrist_verify)

install(TARGETS ${ZV_LIB_AREAS} zobrist_verify zv_properties zv_rapidcheck zobrist-verify
        EXPORT zobrist_verifyTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/include/zobrist_verify
                  ${PROJECT_SOURCE_DIR}/properties/include/zobrist_verify
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT zobrist_verifyTargets NAMESPACE zobrist_verify:: DESTINATION ${ZV_PACKAGE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/zobrist_verifyConfig.cmake.in
  ${PROJECT_BINARY_DIR}/zobrist_verifyConfig.cmake INSTALL_DESTINATION ${ZV_PACKAGE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/zobrist_verifyConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/zobrist_verifyConfig.cmake
              ${PROJECT_BINARY_DIR}/zobrist_verifyConfigVersion.cmake
        DESTINATION ${ZV_PACKAGE_DIR})
