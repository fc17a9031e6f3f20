//===- Git.h - The few git queries the CLI makes ----------------*- C++ -*-===//

#ifndef TORCHLINT_SRC_CLI_GIT_H
#define TORCHLINT_SRC_CLI_GIT_H

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// Runs a program and returns its standard output, or an error carrying its
/// standard error when it fails.
llvm::Expected<std::string> captureOutput(const std::vector<std::string> &Args,
                                          llvm::StringRef WorkDir = "");

/// The top level of the git work tree holding Dir, if any.
std::optional<std::string> gitTopLevel(llvm::StringRef Dir);

/// `git diff -U0 <Ref>` in the work tree at Root: changes from Ref to the
/// working copy.
llvm::Expected<std::string> gitDiff(llvm::StringRef Root, llvm::StringRef Ref);

} // namespace torchlint

#endif
