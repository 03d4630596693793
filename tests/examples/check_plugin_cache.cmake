# examples/ci/check-plugin.sh reuses an installed zobrist-verify whose stamp names the checkout's
# commit, and builds otherwise. Building the whole tool is too slow for a test, so the checkout is
# a stand-in: a git repository holding only ci/setup (which installs nothing here), whose build
# fails at once. The install is the package test's (PREFIX), copied. Arguments: SCRIPT (the
# recipe), SETUP (ci/setup), PREFIX, PLUGIN_SOURCE (examples/plugin), WORK_DIR.
file(REMOVE_RECURSE ${WORK_DIR})
set(source ${WORK_DIR}/zobrist-verify)
file(COPY ${SETUP} DESTINATION ${source}/ci)
function(git)
  execute_process(COMMAND git -C ${source} -c user.name=test -c user.email=test@example.com ${ARGN}
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "git ${ARGN}: ${out}${err}")
  endif()
  string(STRIP "${out}" out)
  set(git_output "${out}" PARENT_SCOPE)
endfunction()
git(init -q)
git(add ci/setup)
git(commit -q -m "a stand-in checkout")
git(rev-parse HEAD)
set(commit ${git_output})

# Runs the recipe in WORK_DIR; `status` and `output` (stdout and stderr) come back.
function(recipe)
  execute_process(COMMAND ${SCRIPT} --prefix ${WORK_DIR}/prefix --movegen-arg --positions
                          --movegen-arg 200 ${source} ${PLUGIN_SOURCE} zv_example_plugin.so
                          --expect polyglot --cases 50
                  WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE result
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(status ${result} PARENT_SCOPE)
  set(output "${out}${err}" PARENT_SCOPE)
endfunction()
function(expect what regex)
  if(NOT output MATCHES "${regex}")
    message(FATAL_ERROR "${what}: expected output matching '${regex}', got (exit ${status}):\n"
                        "${output}")
  endif()
endfunction()

# No install yet: the recipe builds (here it fails, the stand-in having no CMakeLists.txt).
recipe()
expect("an empty prefix" "building zobrist-verify \\(${commit}\\) into")
if(status EQUAL 0)
  message(FATAL_ERROR "the stand-in built:\n${output}")
endif()

# The install stamped with the commit: used twice, built never, and both steps pass.
file(COPY ${PREFIX}/ DESTINATION ${WORK_DIR}/prefix)
file(WRITE ${WORK_DIR}/prefix/zobrist-verify.commit "${commit}\n")
foreach(run first second)
  recipe()
  expect("the ${run} run on a stamped install" "zobrist-verify ${commit} is installed in")
  if(output MATCHES "building zobrist-verify" OR NOT status EQUAL 0)
    message(FATAL_ERROR "the ${run} run on a stamped install (exit ${status}):\n${output}")
  endif()
  expect("the ${run} run" "check-plugin: check: passed.*check-plugin: movegen: passed")
endforeach()
foreach(report report.xml movegen.xml)
  if(NOT EXISTS ${WORK_DIR}/${report})
    message(FATAL_ERROR "no ${report} in ${WORK_DIR}")
  endif()
endforeach()

# A tracked file changed and not committed: built again.
file(APPEND ${source}/ci/setup "# changed\n")
recipe()
expect("a changed checkout" "building zobrist-verify \\(${commit} with local changes\\) into")
message(STATUS "the stamped install was used, and a checkout without it built:\n${output}")
