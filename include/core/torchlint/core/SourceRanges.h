//===- SourceRanges.h - Whether a location lies in a range -----*- C++ -*-===//
//
// Findings carry file locations; a host that asks which function or call a
// finding sits in compares them with the ranges of the AST, which may begin
// or end in a macro. Both sides are mapped to the file first.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CORE_SOURCERANGES_H
#define TORCHLINT_CORE_SOURCERANGES_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

namespace torchlint {

/// True when the file location of L lies in the file range of R, all in
/// one file.
inline bool inFileRange(const clang::SourceManager &SM, clang::SourceRange R,
                        clang::SourceLocation L) {
  clang::SourceLocation B = SM.getFileLoc(R.getBegin());
  clang::SourceLocation E = SM.getFileLoc(R.getEnd());
  L = SM.getFileLoc(L);
  if (B.isInvalid() || E.isInvalid() || L.isInvalid() ||
      SM.getFileID(B) != SM.getFileID(L) || SM.getFileID(E) != SM.getFileID(L))
    return false;
  return !SM.isBeforeInTranslationUnit(L, B) &&
         !SM.isBeforeInTranslationUnit(E, L);
}

} // namespace torchlint

#endif
