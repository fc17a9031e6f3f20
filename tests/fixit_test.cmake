# Applies torchlint's fix-its to a copy of INPUT and checks the result.
# Variables: TORCHLINT, INPUT, EXPECTED, WORK, CACHE.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
get_filename_component(name ${INPUT} NAME)
set(copy ${WORK}/${name})
configure_file(${INPUT} ${copy} COPYONLY)

execute_process(COMMAND ${TORCHLINT} --quiet --fix --cache-dir ${CACHE} ${copy}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
# Every finding of a golden has its fix-it: nothing is left, status 0.
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "torchlint --fix exited ${rc}, expected 0 (every finding fixed)\n${out}${err}")
endif()

file(READ ${copy} actual)
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
  execute_process(COMMAND diff -u ${EXPECTED} ${copy} OUTPUT_VARIABLE delta)
  message(FATAL_ERROR "fixed file differs from ${EXPECTED}:\n${delta}")
endif()

# The fixed file compiles and is clean: exit 0 means no finding and no error.
execute_process(COMMAND ${TORCHLINT} --quiet --cache-dir ${CACHE} ${copy}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fixed file is not clean (exit ${rc}):\n${out}${err}")
endif()

# Fixing again changes nothing.
execute_process(COMMAND ${TORCHLINT} --quiet --fix --cache-dir ${CACHE} ${copy}
  RESULT_VARIABLE rc)
file(READ ${copy} again)
if(NOT again STREQUAL expected)
  message(FATAL_ERROR "a second --fix changed the file")
endif()
file(GLOB leftovers ${WORK}/*.torchlint-*)
if(leftovers)
  message(FATAL_ERROR "temporary files left behind: ${leftovers}")
endif()
