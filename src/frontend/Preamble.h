//===- Preamble.h - Shared precompiled LibTorch preambles -------*- C++ -*-===//

#ifndef TORCHLINT_SRC_FRONTEND_PREAMBLE_H
#define TORCHLINT_SRC_FRONTEND_PREAMBLE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// The LibTorch #include lines at the head of a source file, in order; the
/// scan stops at the first line that is neither an include, a pragma, a
/// comment nor blank.
std::vector<std::string> leadingTorchIncludes(llvm::StringRef Source);

/// Returns a precompiled header holding Includes, compiled with Args (a
/// syntax-only command line whose last element is the source file), from the
/// cache in CacheDir, building it first when it is missing or stale. Builds
/// write a temporary file and rename it, so concurrent torchlint processes
/// never see a partial preamble. None when it cannot be built; the caller then
/// parses without it.
std::optional<std::string>
obtainPreamble(const std::vector<std::string> &Args,
               const std::vector<std::string> &Includes,
               llvm::StringRef CacheDir, bool SkipBodies, bool Verbose);

} // namespace torchlint

#endif
