# Per generator (cmake/Packaging.cmake): the .deb gets the components "main"
# (the plugin) and "deb" (bin/torchlint-N, its docs) and Debian's LLVM
# packages provide the rest; the tarball gets "main", "cli" (bin/torchlint,
# its docs) and "bundle", the shared libraries and Clang's builtin headers,
# and installs relative to its own folder.
if(CPACK_GENERATOR STREQUAL "DEB")
  set(CPACK_INSTALL_CMAKE_PROJECTS
    "${CPACK_TORCHLINT_BINARY_DIR};torchlint;main;/"
    "${CPACK_TORCHLINT_BINARY_DIR};torchlint;deb;/")
else()
  set(CPACK_PACKAGING_INSTALL_PREFIX "")
  set(CPACK_INSTALL_CMAKE_PROJECTS
    "${CPACK_TORCHLINT_BINARY_DIR};torchlint;main;/"
    "${CPACK_TORCHLINT_BINARY_DIR};torchlint;cli;/"
    "${CPACK_TORCHLINT_BINARY_DIR};torchlint;bundle;/")
endif()
