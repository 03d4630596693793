# Fails unless the example plugin's key table (KEYS_C, 0x...ULL literals in index order) holds
# exactly the 781 keys of the corpus file (CORPUS, one hex key a line): the copy keeps its
# provenance.
#   cmake -DKEYS_C=examples/plugin/polyglot_keys.c -DCORPUS=corpus/keys/polyglot-random64.txt
#         -P same_keys.cmake
file(READ "${KEYS_C}" source)
string(REGEX MATCHALL "0x[0-9A-Fa-f]+ULL" literals "${source}")
file(STRINGS "${CORPUS}" corpus_keys)
list(LENGTH literals copied)
list(LENGTH corpus_keys expected)
if(NOT copied EQUAL expected)
  message(FATAL_ERROR "${KEYS_C} has ${copied} keys, ${CORPUS} has ${expected}")
endif()
set(index 0)
foreach(literal IN LISTS literals)
  list(GET corpus_keys ${index} corpus_key)
  string(REGEX REPLACE "^0x([0-9A-Fa-f]+)ULL$" "\\1" copied_key "${literal}")
  string(TOLOWER "${copied_key}" copied_key)
  string(TOLOWER "${corpus_key}" corpus_key)
  if(NOT copied_key STREQUAL corpus_key)
    message(FATAL_ERROR "${KEYS_C}: key ${index} is ${copied_key}, ${CORPUS} says ${corpus_key}")
  endif()
  math(EXPR index "${index} + 1")
endforeach()
