# The GoogleTest programs of tests/ and properties/: how they are built, and the ctest entries they
# become (a batch of files is one program with a ctest entry a file, below). A label says what an
# entry needs and how long it may run (ci/test runs all but `long`):
#   unit        a file of tests/ (one entry) or a command run on what the build made, needing
#               nothing outside the build; ZV_UNIT_TIMEOUT (60 s) at most, so a hang shows soon
#   properties  a file of properties/ (one entry, RapidCheck suites) or a whole `check` run;
#               300 s at most
#   engine      engine_<name>_test.cpp: one entry a case (gtest_discover_tests), each needing an
#               engine or a book from Debian (ci/setup installs them); 300 s at most
#   npm         engine_npm_<name>_test.cpp (labelled engine too; one entry): engines from npm,
#               installed into the build tree by the fixture zv_npm_engines
#               (tests/engines/install-npm-engines), which shows as Skipped, as does the program,
#               when npm cannot reach its registry; 600 s at most
#   build       builds and installs with a compiler, CMake, make or cargo (the installed package,
#               the example plugins, the Rust crate); 600 s at most
#   fuzz        replays a seed corpus through a harness (fuzz/CMakeLists.txt)
#   long        <name>_long_test.cpp: full-depth runs, 7200 s at most
# A case that cannot run skips (GTEST_SKIP), and only an engine program may hold such cases.
# Every program's main (tests/skip_aware_main.cpp) exits 77 when every case it ran was skipped
# and none failed: SKIP_RETURN_CODE shows that entry as Skipped, never as Passed. It fails a run
# whose filter selects no case.
find_package(GTest REQUIRED)
include(GoogleTest)
# A cache entry so that a build whose programs run slower by design can say so: ci/coverage's
# instrumented build, whose figures should not depend on the load of the machine, gives 300.
set(ZV_UNIT_TIMEOUT 60 CACHE STRING "Seconds a ctest entry labelled unit may run")

add_library(zv_gtest_main STATIC ${PROJECT_SOURCE_DIR}/tests/skip_aware_main.cpp
                                 ${PROJECT_SOURCE_DIR}/tests/text_patterns.cpp)
target_include_directories(zv_gtest_main PUBLIC ${PROJECT_SOURCE_DIR}/tests)
# -O0 as the test programs: std::regex compiles in 3.4 s so, 7.2 s at -O3, and the tests match
# reports of a few kilobytes.
target_compile_options(zv_gtest_main PRIVATE -O0)
target_link_libraries(zv_gtest_main PUBLIC GTest::gtest)

# The test programs' own code (assertions, fixtures, running the command) is compiled at -O0 with
# a precompiled header of GoogleTest and the standard library, shared by the programs of one
# directory: most of a test file's compile time went to code generation for that code and to
# parsing those headers again. The library and the command under test stay as built (-O3).
# (-O0, not -O1: g++ 12 warns falsely of bounds in std::string concatenation at -O1.) The
# standard headers are the library's list (cmake/unity_build.cmake) and those tests use besides.
set(ZV_TEST_PRECOMPILED_HEADERS
    <gtest/gtest.h> ${ZV_STD_PRECOMPILED_HEADERS} <filesystem> <fstream> <random>)

# Only an engine program may skip a case (GTEST_SKIP): its cases are ctest entries of their own.
function(zv_check_no_skips name source)
  file(READ ${source} text)
  if(text MATCHES "GTEST_SKIP" AND NOT name MATCHES "^engine_")
    message(FATAL_ERROR "${source} skips a case (GTEST_SKIP) but is not an engine_<name>_test.cpp: "
                        "move the case to an engine program, whose cases are ctest entries of "
                        "their own, so that its skip shows as Skipped and not as Passed")
  endif()
endfunction()

# zv_add_gtest_batch(TARGET LABEL TIMEOUT SOURCES source... [HEADERS header...]
#                    [LIBRARIES library...])
# One program TARGET of many test files, compiled in unity batches of eight (one file's helpers
# may not share a name with another's), and one ctest entry a file, named after it: the program
# run with a filter of the test suites that file defines (TEST, TEST_F, TEST_P, TYPED_TEST,
# RC_GTEST_PROP, RC_GTEST_FIXTURE_PROP). A suite belongs to one file. 96 programs of one file each
# took 146 s of compile and 44 s of links; the main fails an entry whose filter runs no case.
function(zv_add_gtest_batch target label timeout)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "" "SOURCES;HEADERS;LIBRARIES")
  add_executable(${target} ${arg_SOURCES})
  target_link_libraries(${target} PRIVATE zv_gtest_main GTest::gtest)
  target_compile_options(${target} PRIVATE -O0)
  target_precompile_headers(${target} PRIVATE ${ZV_TEST_PRECOMPILED_HEADERS} ${arg_HEADERS})
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  # The linker keeps the first copy of an inline function it meets, and the test files' objects
  # (-O0) come before the libraries (-O3): with many files in one program, the library's own calls
  # went to the test files' unoptimised copies (third_party_test's cases: 10% more CPU than linked
  # alone). The libraries' archives are read whole ahead of the objects, so their copies are met
  # first. LIBRARIES names them (a caller's targets), in link order.
  if(arg_LIBRARIES)
    list(TRANSFORM arg_LIBRARIES REPLACE "(.+)" "$<TARGET_FILE:\\1>" OUTPUT_VARIABLE archives)
    # One group: target_link_options drops a repeated option, which would end it early.
    target_link_options(${target} PRIVATE
      "LINKER:--whole-archive" ${archives} "LINKER:--no-whole-archive")
  endif()
  set(all_suites)
  set(all_filters)
  foreach(source ${arg_SOURCES})
    get_filename_component(name ${source} NAME_WE)
    zv_check_no_skips(${name} ${source})
    file(READ ${source} text)
    set(macros "TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P|RC_GTEST_PROP|RC_GTEST_FIXTURE_PROP")
    string(REGEX MATCHALL "[^A-Za-z0-9_](${macros})\\([ \t\r\n]*[A-Za-z_][A-Za-z0-9_]*[ \t\r\n]*,"
           hits "${text}")
    set(suites)
    set(typed)
    foreach(hit ${hits})
      string(REGEX REPLACE "^.*\\([ \t\r\n]*([A-Za-z0-9_]+).*$" "\\1" suite "${hit}")
      list(APPEND suites ${suite})
      if(hit MATCHES "TYPED_TEST")
        list(APPEND typed ${suite})
      endif()
    endforeach()
    list(REMOVE_DUPLICATES suites)
    if(NOT suites)
      message(FATAL_ERROR "${source} defines no test suite that ${target} could run")
    endif()
    set(filter)
    foreach(suite ${suites})
      if(DEFINED owner_${suite})
        message(FATAL_ERROR "the test suite ${suite} is defined in ${owner_${suite}} and in "
                            "${source}: both are in the program ${target}, whose ctest entries "
                            "run a file's suites by name; rename one")
      endif()
      set(owner_${suite} ${source})
      list(APPEND all_suites ${suite})
      # Plain and fixture cases, value-parameterised instances (Prefix/Suite.Case/N) and, for a
      # typed suite only, typed cases (Suite/N.Case): "Suite/*" would also run another file's
      # instances whose prefix is this suite's name (BuiltinSchemes/RandomGames.* for
      # BuiltinSchemes).
      list(APPEND filter "${suite}.*" "*/${suite}.*")
      if(suite IN_LIST typed)
        list(APPEND filter "${suite}/*")
      endif()
    endforeach()
    list(JOIN filter ":" filter)
    list(APPEND all_filters ${filter})
    add_test(NAME ${name} COMMAND ${target} --gtest_filter=${filter})
    set_tests_properties(${name} PROPERTIES LABELS ${label} TIMEOUT ${timeout}
      SKIP_RETURN_CODE 77)
  endforeach()
  # Every suite the program holds is one an entry runs (a TEST form the regex above does not read
  # would leave its cases unrun), every case is run by one entry only, and a filter that selects
  # no case fails.
  list(JOIN all_suites "," all_suites)
  list(JOIN all_filters "|" all_filters)
  add_test(NAME ${target}_entries_run_every_suite
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${target}> -DSUITES=${all_suites}
            -DFILTERS=${all_filters} -P ${PROJECT_SOURCE_DIR}/tests/batch/batch_suites.cmake)
  set_tests_properties(${target}_entries_run_every_suite PROPERTIES LABELS unit TIMEOUT 60)
endfunction()

# zv_add_gtest_program(NAME SOURCE LABEL TIMEOUT [PCH_FROM PROGRAM] [HEADERS header...])
# Builds the program NAME from SOURCE and adds its ctest entries: LABEL and TIMEOUT for a
# one-entry program, or as the file's name says (engine_*, *_long_test, above). Its precompiled
# header is that of PCH_FROM, or its own of the shared list plus HEADERS.
function(zv_add_gtest_program name source label timeout)
  cmake_parse_arguments(PARSE_ARGV 4 arg "" "PCH_FROM" "HEADERS")
  zv_check_no_skips(${name} ${source})
  add_executable(${name} ${source})
  target_link_libraries(${name} PRIVATE zv_gtest_main GTest::gtest)
  target_compile_options(${name} PRIVATE -O0)
  if(arg_PCH_FROM)
    target_precompile_headers(${name} REUSE_FROM ${arg_PCH_FROM})
  else()
    target_precompile_headers(${name} PRIVATE ${ZV_TEST_PRECOMPILED_HEADERS} ${arg_HEADERS})
  endif()
  if(name MATCHES "_long_test$")
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES LABELS long TIMEOUT 7200 SKIP_RETURN_CODE 77)
  elseif(name MATCHES "^engine_npm_")
    # One entry (gtest_discover_tests cannot give its entries two labels): its cases all need
    # the same install, and skip together.
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES LABELS "engine;npm" TIMEOUT 600 SKIP_RETURN_CODE 77
      FIXTURES_REQUIRED zv_npm_engines)
  elseif(name MATCHES "^engine_")
    # One entry a case, listed when ctest starts; the skip regex gtest_discover_tests sets is
    # cleared: the exit code alone says skipped, so a case that failed and then skipped fails.
    # NO_PRETTY_VALUES: a parameterised case's entry is named by its name generator alone, not
    # with its parameter's bytes appended (pointers, different in every build), so that
    # ci/ctest-costs.txt can name it and ctest starts the long ones first.
    gtest_discover_tests(${name} TEST_PREFIX "${name}." DISCOVERY_MODE PRE_TEST NO_PRETTY_VALUES
      PROPERTIES LABELS engine TIMEOUT 300 SKIP_RETURN_CODE 77 SKIP_REGULAR_EXPRESSION "")
  else()
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES LABELS ${label} TIMEOUT ${timeout}
      SKIP_RETURN_CODE 77)
  endif()
endfunction()
