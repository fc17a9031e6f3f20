# Per generator (cmake/Packaging.cmake): the .deb gets the "main" install
# component, and Debian's LLVM packages provide the rest; the tarball also
# gets "bundle", the shared libraries and Clang's builtin headers, and
# installs relative to its own folder.
if(CPACK_GENERATOR STREQUAL "DEB")
  set(CPACK_INSTALL_CMAKE_PROJECTS
    "${CPACK_TORCHLINT_BINARY_DIR};torchlint;main;/")
else()
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
  set(CPACK_INSTALL_CMAKE_PROJECTS
    "${CPACK_TORCHLINT_BINARY_DIR};torchlint;main;/"
    "${CPACK_TORCHLINT_BINARY_DIR};torchlint;bundle;/")
endif()
