# ci/check-layers must pass on the tree and fail on each kind of wrong include, and on a folder of
# sources that is no area of cmake/areas.txt: a copy of the tree's lib/, properties/, cli/ and
# areas list with one bad file planted at a time.
function(expect_layers root should_pass what)
  execute_process(COMMAND python3 ${SOURCE_DIR}/ci/check-layers ${root}
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(should_pass AND NOT result EQUAL 0)
    message(FATAL_ERROR "check-layers fails on ${what}:\n${err}")
  elseif(NOT should_pass AND result EQUAL 0)
    message(FATAL_ERROR "check-layers passes ${what}, which it must refuse")
  endif()
endfunction()

expect_layers(${SOURCE_DIR} TRUE "the tree")
set(plant ${WORK_DIR}/plant)
foreach(case
    "lib/src/chess/planted.cpp|#include \"zobrist_verify/doors/hash_under_test.h\"|chess including doors"
    "lib/include/zobrist_verify/go/planted.h|#include \"zobrist_verify/chess/position.h\"|go including chess"
    "lib/src/doors/planted.cpp|#include \"../chess/check_history.h\"|another area's private header"
    "lib/src/keys/planted.cpp|#include \"zobrist_verify/properties.h\"|lib including properties"
    "properties/planted.cpp|#include \"../cli/args.h\"|properties including cli"
    "properties/chess/planted_bench.cpp|#include \"../../cli/args.h\"|a benchmark including cli"
    "lib/src/chess/planted.cpp|#include \"zobrist_verify/position.h\"|an include naming no area"
    "lib/src/chess/planted.cpp|#include \"zobrist_verify/plugin.h\"|chess including the plugin ABI"
    "lib/include/zobrist_verify/position.h|#include \"zobrist_verify/chess/position.h\"|outside the areas"
    "lib/src/chess960/planted.cpp|int planted = 0;|a lib folder that is no area of cmake/areas.txt"
    "properties/shogi/planted.cpp|int planted = 0;|a properties folder that is no area")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 file)
  list(GET parts 1 line)
  list(GET parts 2 what)
  file(REMOVE_RECURSE ${plant})
  foreach(dir lib properties cli)
    file(COPY ${SOURCE_DIR}/${dir} DESTINATION ${plant})
  endforeach()
  file(COPY ${SOURCE_DIR}/cmake/areas.txt DESTINATION ${plant}/cmake)
  file(WRITE ${plant}/${file} "${line}\n")
  expect_layers(${plant} FALSE "${what}")
endforeach()
file(REMOVE_RECURSE ${plant})
message(STATUS "check-layers passes the tree and refuses every planted wrong include")
