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

# pkg-config files for Makefile projects (docs/package.md): zobrist-verify.pc, the libraries with
# what they need, and zobrist-verify-plugin.pc, the plugin header alone. Both find the prefix from
# their own place (${pcfiledir}), so `cmake --install --prefix ANYWHERE` gives working files.
set(ZV_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH ZV_PC_PREFIX_FROM_PCFILEDIR /prefix/${ZV_PC_DIR} /prefix)
string(REGEX REPLACE "/$" "" ZV_PC_PREFIX_FROM_PCFILEDIR "${ZV_PC_PREFIX_FROM_PCFILEDIR}")
set(ZV_PC_CFLAGS "")
if(ZV_USE_PEXT)
  set(ZV_PC_CFLAGS " -DZV_USE_PEXT -mbmi2 -mpopcnt")  # as zobrist_verify::core's interface
endif()
# lib's areas, top first (ZV_LIB_AREAS, from cmake/areas.txt), as a linker reads them.
set(ZV_PC_AREA_LIBS "")
foreach(library ${ZV_LIB_AREAS})
  string(APPEND ZV_PC_AREA_LIBS " -l${library}")
endforeach()
set(ZV_PC_LIBS "")
# RE2's own link flags (pkg-config --libs re2, as the top CMakeLists.txt found them; not a -L of
# the compiler's own library directories), then dlopen's.
foreach(flag ${RE2_LDFLAGS})
  if(flag MATCHES "^-L(.*)$" AND CMAKE_MATCH_1 IN_LIST CMAKE_CXX_IMPLICIT_LINK_DIRECTORIES)
    continue()
  endif()
  string(APPEND ZV_PC_LIBS " ${flag}")
endforeach()
foreach(library ${CMAKE_DL_LIBS})
  string(APPEND ZV_PC_LIBS " -l${library}")
endforeach()
foreach(pc zobrist-verify zobrist-verify-plugin)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${ZV_PC_DIR})
endforeach()
