//===- Paths.h - One spelling of a file's path -----------------*- C++ -*-===//
//
// The project index keys sites and programs by path, and the hosts, the
// engine and the analysis all look them up: every layer spells a path the
// same way, through this header.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CORE_PATHS_H
#define TORCHLINT_CORE_PATHS_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <string>

namespace torchlint {

/// Path made absolute against this process's folder, with "." and ".."
/// removed. Links are kept: the user's spelling of a file is the one the
/// diagnostics show.
inline std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

} // namespace torchlint

#endif
