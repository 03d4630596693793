# Every path of this repository that PAGE names (examples/..., docs/..., bindings/..., lib/...,
# ci/...) exists under SOURCE_DIR, so that the page does not send a reader to a file that moved.
file(READ ${PAGE} text)
string(REGEX MATCHALL "(examples|docs|bindings|lib|ci)/[A-Za-z0-9_./-]*[A-Za-z0-9_]" paths
       "${text}")
list(REMOVE_DUPLICATES paths)
list(LENGTH paths count)
if(count LESS 10)
  message(FATAL_ERROR "only ${count} paths found in ${PAGE}: ${paths}")
endif()
foreach(path ${paths})
  if(NOT EXISTS ${SOURCE_DIR}/${path})
    message(FATAL_ERROR "${PAGE} names ${path}, which is not in ${SOURCE_DIR}")
  endif()
endforeach()
message(STATUS "${count} paths, all present: ${paths}")
