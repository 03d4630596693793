# Fails unless README contains SOURCE verbatim: the documented example is the one that builds.
file(READ "${README}" readme)
file(READ "${SOURCE}" source)
string(FIND "${readme}" "${source}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${README} does not show ${SOURCE} as it is; paste the file into it again")
endif()
