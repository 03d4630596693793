# examples/cpp-plugin, included from its CMakeLists.txt in zobrist-verify's own build: the
# plugin's keys pass `check --expect polyglot`, its own legal moves pass `movegen` two plies deep,
# and a variant whose generator forgets under-promotions is caught by `movegen`.
cpp_example_plugin(zv_cpp_example_plugin_queen_promotions_only EXAMPLE_ENGINE_QUEEN_PROMOTIONS_ONLY)

add_test(NAME cpp_plugin_example_check_passes
  COMMAND zobrist-verify check --plugin $<TARGET_FILE:zv_cpp_example_plugin> --expect polyglot
          --cases 200)
set_tests_properties(cpp_plugin_example_check_passes PROPERTIES LABELS properties TIMEOUT 300
  PASS_REGULAR_EXPRESSION "check: [1-9][0-9]* passed, 0 failed")
add_test(NAME cpp_plugin_example_movegen_passes
  COMMAND zobrist-verify movegen --plugin $<TARGET_FILE:zv_cpp_example_plugin> --depth 2)
set_tests_properties(cpp_plugin_example_movegen_passes PROPERTIES LABELS properties TIMEOUT 300)
add_test(NAME cpp_plugin_example_movegen_catches_a_planted_bug
  COMMAND ${CMAKE_COMMAND}
          "-DCOMMAND=$<TARGET_FILE:zobrist-verify>;movegen;--plugin;$<TARGET_FILE:zv_cpp_example_plugin_queen_promotions_only>;--positions;300"
          -DEXIT=1 "-DEXPECT=missing: +[a-h][27][a-h][18][nbr]"
          -P ${CMAKE_SOURCE_DIR}/tests/examples/expect_exit.cmake)
set_tests_properties(cpp_plugin_example_movegen_catches_a_planted_bug PROPERTIES LABELS properties
  TIMEOUT 300)

# A long run stopped by SIGINT (as `timeout -s INT` or Ctrl-C stops it) prints what it compared
# until then, marked INTERRUPTED, and ends by the signal (timeout's own status is then 124).
find_program(ZV_TIMEOUT NAMES timeout)
if(ZV_TIMEOUT)
  add_test(NAME cpp_plugin_example_movegen_interrupted_leaves_its_report
    COMMAND ${CMAKE_COMMAND}
            "-DCOMMAND=${ZV_TIMEOUT};-s;INT;5;$<TARGET_FILE:zobrist-verify>;movegen;--plugin;$<TARGET_FILE:zv_cpp_example_plugin>;--positions;1000000;--depth;3"
            -DEXIT=124
            "-DEXPECT=positions \\.+ +[0-9]+ compared in .*divergences \\.+ 0\nmovegen: INTERRUPTED by SIGINT: "
            -P ${CMAKE_SOURCE_DIR}/tests/examples/expect_exit.cmake)
  set_tests_properties(cpp_plugin_example_movegen_interrupted_leaves_its_report PROPERTIES
    LABELS properties TIMEOUT 60)
endif()
