//===- Locations.h - Which code belongs to a library ------------*- C++ -*-===//
//
// Findings, matches and summaries are for the user's code; system headers
// and LibTorch's own headers are the library's. Every layer asks the same
// question, so the answer lives at the bottom, with the LibTorch API model.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_LOCATIONS_H
#define TORCHLINT_LOCATIONS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace clang {
class SourceManager;
} // namespace clang

namespace torchlint {

/// True for locations in headers that belong to a library rather than the
/// user: system headers and LibTorch's own headers.
bool isLibraryLocation(const clang::SourceManager &SM, clang::SourceLocation L);

/// True for a path inside LibTorch's installed headers.
bool isLibTorchHeaderPath(llvm::StringRef Path);

} // namespace torchlint

#endif
