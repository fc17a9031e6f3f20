//===- TestUtil.h - Temporary directories for unit tests --------*- C++ -*-===//

#ifndef TORCHLINT_TESTS_UNIT_TESTUTIL_H
#define TORCHLINT_TESTS_UNIT_TESTUTIL_H

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

/// A temporary directory removed with its contents at the end of a test.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<128> P;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("torchlint-test", P));
    llvm::SmallString<128> Real;
    llvm::sys::fs::real_path(P, Real);
    Root = std::string(Real);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Root); }

  /// The absolute path of Rel inside the directory.
  std::string path(llvm::StringRef Rel) const {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Rel);
    return std::string(P);
  }

  /// Writes Text to Rel, creating parent directories.
  std::string write(llvm::StringRef Rel, llvm::StringRef Text) const {
    std::string P = path(Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << P;
    OS << Text;
    return P;
  }

  std::string Root;
};

#endif
