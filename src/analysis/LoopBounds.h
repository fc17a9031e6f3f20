//===- LoopBounds.h - Loops that run at most once -------------*- C++ -*-===//
//
// A per-iteration device access costs one synchronisation per iteration;
// a loop that runs once costs one either way, so hoisting gains nothing. The
// common shape is a loop over the rows of a batch whose loader is built
// with a batch size of one (a validation loader), in another statement or
// another scope than the loop: `for (i = 0; i < image.size(0); ++i)` with
// `image` taken from what `loader(batch)` or `for (auto &b : *loader)`
// fills, and the loader constructed with 1.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_ANALYSIS_LOOPBOUNDS_H
#define TORCHLINT_ANALYSIS_LOOPBOUNDS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

namespace torchlint {

/// True when Loop is `for (i = 0; i < N; ++i)` and N is shown to be at most
/// one: a constant, a local every write of which is, or `t.size(0)` of a
/// tensor taken from a batch of a data loader built with a batch size of
/// at most one. False when unknown.
bool runsAtMostOnce(const clang::Stmt *Loop, clang::ASTContext &Ctx);

} // namespace torchlint

#endif // TORCHLINT_ANALYSIS_LOOPBOUNDS_H
