# Compiles includes (the preprocessing step) with exactly the include
# folders and definitions one layer's target compiles with
# (tests/layering/CMakeLists.txt writes them from the target's
# INCLUDE_DIRECTORIES and COMPILE_DEFINITIONS, its linked layers' usage
# requirements included), as cmake -P:
#
#   -DCXX=<compiler> -DINCLUDES=<file> -DDEFINES=<file> -DWORK=<folder>
#   -DSOURCE_DIR=<source root> -DTARGET=<name, for messages>
#   -DSEES=<header>,...      each must compile (the control)
#   -DREFUSES=<header>,...   each must fail, because it is not found
#
# The control shows that the flags are the target's and that its own and
# lower layers' headers compile with them; a refused header must fail with
# the compiler's "file not found" for that very header, and must exist in
# the tree, so that the test fails for the right reason (a header renamed
# away would otherwise be "refused" forever).
foreach(var CXX INCLUDES DEFINES WORK SOURCE_DIR TARGET SEES REFUSES)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compile_include.cmake: -D${var}=... missing")
  endif()
endforeach()

file(STRINGS "${INCLUDES}" includes)
file(STRINGS "${DEFINES}" defines)
# Preprocessing is the step of compiling that resolves includes, and the
# build compiles every header with these flags anyway: -E checks what a
# layer can include in a fraction of a second where -fsyntax-only takes
# seconds per layer (Clang's headers).
set(flags -std=c++17 -E -o "${WORK}/out.i")
foreach(dir IN LISTS includes)
  if(dir)
    list(APPEND flags "-I${dir}")
  endif()
endforeach()
# LLVM_DEFINITIONS comes as one string, "_GNU_SOURCE -D__STDC_..."; the
# build's command line splits it, and so does this.
foreach(def IN LISTS defines)
  string(REPLACE " -D" ";" defs "${def}")
  foreach(d IN LISTS defs)
    if(d)
      list(APPEND flags "-D${d}")
    endif()
  endforeach()
endforeach()
file(MAKE_DIRECTORY "${WORK}")

# compile(<out-var rc> <out-var output> <file> <header>...)
function(compile rc_var out_var file)
  set(text "")
  foreach(h IN LISTS ARGN)
    string(APPEND text "#include \"${h}\"\n")
  endforeach()
  file(WRITE "${file}" "${text}")
  execute_process(COMMAND "${CXX}" ${flags} "${file}"
    WORKING_DIRECTORY "${WORK}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

string(REPLACE "," ";" sees "${SEES}")
string(REPLACE "," ";" refuses "${REFUSES}")

compile(rc out "${WORK}/sees.cpp" ${sees})
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${TARGET}: the control does not compile: its own "
    "and lower layers' headers (${sees}) with its flags:\n${out}")
endif()
message(STATUS "${TARGET} sees ${sees}")

set(failed 0)
set(n 0)
foreach(h IN LISTS refuses)
  math(EXPR n "${n} + 1")
  file(GLOB found "${SOURCE_DIR}/include/*/${h}" "${SOURCE_DIR}/src/${h}"
    "${SOURCE_DIR}/src/*/${h}" "${SOURCE_DIR}/rules/${h}" "${SOURCE_DIR}/${h}")
  if(NOT found)
    message(SEND_ERROR "${TARGET}: \"${h}\" names no header of the tree; "
      "refusing it proves nothing")
    math(EXPR failed "${failed} + 1")
    continue()
  endif()
  compile(rc out "${WORK}/refuses-${n}.cpp" ${h})
  string(REGEX REPLACE "([.+])" "\\\\\\1" pattern "${h}")
  if(rc EQUAL 0)
    message(SEND_ERROR "${TARGET} compiles #include \"${h}\" (${found}): "
      "a header above, beside or private to another layer is visible")
    math(EXPR failed "${failed} + 1")
  elseif(NOT out MATCHES
         "error: ('${pattern}' file not found|${pattern}: No such file or directory)")
    message(SEND_ERROR "${TARGET}: #include \"${h}\" fails, but not "
      "because it is not found:\n${out}")
    math(EXPR failed "${failed} + 1")
  else()
    message(STATUS "${TARGET} refuses ${h}")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "${TARGET}: ${failed} of ${n} includes misjudged")
endif()
