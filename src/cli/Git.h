//===- Git.h - The few git queries the CLI makes ----------------*- C++ -*-===//

#ifndef TORCHLINT_SRC_CLI_GIT_H
#define TORCHLINT_SRC_CLI_GIT_H

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// Runs a program and returns its standard output, or an error carrying its
/// standard error when it fails or its output cannot be captured.
llvm::Expected<std::string> captureOutput(const std::vector<std::string> &Args,
                                          llvm::StringRef WorkDir = "");

/// The top level of the git work tree holding Dir, or why there is none
/// (git's message, or git could not be run).
llvm::Expected<std::string> gitWorkTreeTop(llvm::StringRef Dir);

/// The top level of the git work tree holding Dir, if any.
std::optional<std::string> gitTopLevel(llvm::StringRef Dir);

/// `git diff -U0 <Ref>` in the work tree at Root: changes from Ref to the
/// working copy. Ref is always read as a revision, never as an option.
llvm::Expected<std::string> gitDiff(llvm::StringRef Root, llvm::StringRef Ref);

/// Files in the work tree at Root that git does not track and does not
/// ignore, relative to Root: `git diff` does not show them.
llvm::Expected<std::vector<std::string>>
gitUntrackedFiles(llvm::StringRef Root);

} // namespace torchlint

#endif
