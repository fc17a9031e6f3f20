# Checks that `PROGRAM --list` names exactly the cases in EXPECTED (a CMake
# list), so that a case added to dtype_groundtruth.cpp cannot go untested.
# Usage: cmake -DPROGRAM=<dtype_groundtruth> -DEXPECTED=<a;b;c> -P <this file>
execute_process(COMMAND ${PROGRAM} --list
  OUTPUT_VARIABLE listed RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --list failed: ${status}")
endif()
string(STRIP "${listed}" listed)
string(REPLACE "\n" ";" listed "${listed}")
list(SORT listed)
set(expected ${EXPECTED})
list(SORT expected)
if(NOT listed STREQUAL expected)
  set(untested ${listed})
  list(REMOVE_ITEM untested ${expected})
  set(missing ${expected})
  list(REMOVE_ITEM missing ${listed})
  message(FATAL_ERROR "cases without a test: ${untested}\n"
                      "tests without a case: ${missing}")
endif()
