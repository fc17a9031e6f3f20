# Packages (issue 40): `cpack` in a build folder makes, for the LLVM major
# version N it was configured with,
#  - torchlint-llvm<N>_<version>_amd64.deb, the Debian package
#    torchlint-llvm<N>: /usr/bin/torchlint-<N> and the clang-tidy plugin
#    /usr/lib/libtorchlint-tidy-<N>.so, depending on Debian's packages of that
#    LLVM's runtime libraries (found by dpkg-shlibdeps), Clang's builtin
#    headers (libclang-common-N-dev) and the C++ library's headers that every
#    parse needs. The packages of different N share no file, so 16, 19 and 22
#    install side by side; /usr/bin/torchlint is an alternative
#    (update-alternatives, priority N: the newest installed wins unless the
#    admin sets one) that each package adds in postinst and removes in prerm.
#    Each Provides: torchlint.
#  - torchlint-<version>-llvm<N>-Linux.tar.gz: bin/torchlint, the plugin, and
#    every shared library torchlint needs beyond glibc and libstdc++
#    (libclang-cpp, libLLVM and theirs) in lib/, and Clang's builtin headers
#    in lib/torchlint/clang/<N>; bin/torchlint finds both relative to itself
#    (RPATH $ORIGIN/../lib, defaultResourceDir), so the folder runs wherever
#    it is unpacked.
# They differ by install component: "main" (the plugin) in both; "cli"
# (bin/torchlint, share/doc/torchlint) and "bundle" in the tarball; "deb"
# (bin/torchlint-N, share/doc/torchlint-llvmN) in the .deb
# (CPackOptions.cmake picks per generator). A plain `cmake --install`
# installs "main" and "cli" only: the other two are EXCLUDE_FROM_ALL.
# scripts/package-test.sh installs each into a bare Debian 12 root.

# Where the bundled libraries go, and how each finds its own dependencies:
# Debian's libLLVM and libclang-cpp carry RUNPATH $ORIGIN/../lib, the only
# path the loader searches for their dependencies (libedit, libffi, libz3,
# libxml2, ...; a RUNPATH hides every RPATH). $ORIGIN/../lib is their own
# folder when that folder is called lib, so the bundle is lib/, not a
# subfolder (lib/torchlint left libLLVM unable to find libedit on a bare
# root). Libraries without a RUNPATH (libxml2 needing libicuuc) search the
# executable's RPATH, which a RUNPATH would not give them: hence
# --disable-new-dtags, an old-style DT_RPATH on bin/torchlint. The .deb's
# /usr/bin/torchlint gets the same RPATH, /usr/lib, which holds nothing of
# ours and changes nothing there. tests/package/relocatable.sh checks where
# the loader finds each library.
set_target_properties(torchlint PROPERTIES INSTALL_RPATH "$ORIGIN/../lib")
target_link_options(torchlint PRIVATE LINKER:--disable-new-dtags)

# Clang's builtin headers; Debian's folder is a link into /usr/include/clang.
file(REAL_PATH "${TORCHLINT_CLANG_RESOURCE_DIR}/include"
  TORCHLINT_RESOURCE_INCLUDE)
install(DIRECTORY "${TORCHLINT_RESOURCE_INCLUDE}/"
  DESTINATION lib/torchlint/clang/${LLVM_VERSION_MAJOR}/include
  COMPONENT bundle EXCLUDE_FROM_ALL)

# The shared libraries, found at install time from the installed binary.
# glibc's and the C++ runtime's stay the system's: a copy of libc cannot
# be loaded beside the system's loader, and libstdc++ is backward
# compatible, so Debian 12's is the oldest the tarball needs.
install(CODE [[
  file(GET_RUNTIME_DEPENDENCIES
    EXECUTABLES "${CMAKE_INSTALL_PREFIX}/bin/torchlint"
    RESOLVED_DEPENDENCIES_VAR Libs
    UNRESOLVED_DEPENDENCIES_VAR Missing
    PRE_EXCLUDE_REGEXES
      "^ld-linux" "^libc\\.so" "^libm\\.so" "^libdl\\.so" "^libpthread\\.so"
      "^librt\\.so" "^libstdc\\+\\+\\.so" "^libgcc_s\\.so" "^linux-vdso")
  if(Missing)
    message(FATAL_ERROR "torchlint needs libraries not found: ${Missing}")
  endif()
  foreach(Lib IN LISTS Libs)
    file(INSTALL "${Lib}" DESTINATION "${CMAKE_INSTALL_PREFIX}/lib"
      FOLLOW_SYMLINK_CHAIN)
  endforeach()
]] COMPONENT bundle EXCLUDE_FROM_ALL)

# The .deb's own files: the command line as bin/torchlint-N (installed as
# bin/torchlint, with its RPATH set, then renamed), the docs under the
# package's name, and the maintainer scripts that manage the alternative.
set(TORCHLINT_DEB_PACKAGE torchlint-llvm${LLVM_VERSION_MAJOR})
install(TARGETS torchlint RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  COMPONENT deb EXCLUDE_FROM_ALL)
install(CODE "
  set(Bin \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}\")
  file(RENAME \"\${Bin}/torchlint\" \"\${Bin}/torchlint-${LLVM_VERSION_MAJOR}\")
" COMPONENT deb EXCLUDE_FROM_ALL)
install(DIRECTORY docs/
  DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${TORCHLINT_DEB_PACKAGE}
  COMPONENT deb EXCLUDE_FROM_ALL)
foreach(Script postinst prerm)
  configure_file(cmake/deb/${Script}.in deb/${Script} @ONLY
    FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
    GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endforeach()

set(CPACK_PACKAGE_NAME torchlint)
set(CPACK_PACKAGE_VENDOR "torchlint")
set(CPACK_PACKAGE_CONTACT "torchlint maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Static analyzer for LibTorch device and dtype bugs")
set(CPACK_PACKAGE_FILE_NAME
  "torchlint-${PROJECT_VERSION}-llvm${LLVM_VERSION_MAJOR}-Linux")
set(CPACK_GENERATOR DEB TGZ)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_PACKAGE_NAME ${TORCHLINT_DEB_PACKAGE})
set(CPACK_DEBIAN_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PROVIDES torchlint)
# Parsing needs Clang's builtin headers and the C++ library's headers; the
# plugin needs the clang-tidy of the same version, which it does not need
# to be installed for the CLI. update-alternatives is dpkg's (essential).
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libclang-common-${LLVM_VERSION_MAJOR}-dev, libstdc++-12-dev | libstdc++-dev, libc6-dev")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tidy-${LLVM_VERSION_MAJOR}, libtorch-dev")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
  "${CMAKE_BINARY_DIR}/deb/postinst;${CMAKE_BINARY_DIR}/deb/prerm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION TRUE)
set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_CURRENT_LIST_DIR}/CPackOptions.cmake)
# Read by CPackOptions.cmake at cpack time.
set(CPACK_TORCHLINT_BINARY_DIR ${CMAKE_BINARY_DIR})
include(CPack)
