//===- Explain.h - From a runtime error to the call sites behind it -*- C++ -*-===//
//
// Given a unit's AST, the findings the engine reported on it and the runtime
// errors read from a log (RuntimeError.h), ranks what may explain each
// error: findings of the error's rules at calls that reach its kernel
// (TORCH_KERNEL rows of the API model), then the error's rules' other
// findings, then calls that reach the kernel where the analysis shows no
// mismatch (suggestions the error alone makes). Knows nothing of hosts.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_EXPLAIN_H
#define TORCHLINT_EXPLAIN_H

#include "torchlint/core/Finding.h"
#include "torchlint/explain/RuntimeError.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace torchlint {

/// One answer to one runtime error, while the unit's AST is alive.
struct Explanation {
  enum TierTy {
    /// A finding of the error's rules at a call that reaches its kernel.
    AtKernelCall = 0,
    /// A finding of the error's rules elsewhere (the error names no kernel,
    /// or the finding is at a user function that reaches it).
    RuleFinding = 1,
    /// A call that reaches the kernel where the analysis shows no mismatch:
    /// reported from the error alone, as a lower-ranked suggestion.
    KernelCall = 2,
  };
  Finding F; ///< With a note saying how it relates to the error.
  size_t Error = 0; ///< Index into the errors.
  TierTy Tier = RuleFinding;
  /// Inside a function the error's backtrace names.
  bool InFrame = false;
  /// Within a tier, lower first: the rule's rank among the error's rules,
  /// then whether the message names the error's odd device or dtype.
  unsigned Rank = 0;
  /// Reported only because of the error (not a finding of the analysis).
  bool FromError() const { return Tier == KernelCall; }
};

/// The answers in Ctx (whose traversal scope is the user's declarations)
/// to each of Errors, given the unit's Findings. Sorted by error, then
/// tier, frame, rank and location.
std::vector<Explanation> explainErrors(clang::ASTContext &Ctx,
                                       const std::vector<Finding> &Findings,
                                       const std::vector<RuntimeError> &Errors);

/// How an error reads in notes: "'target' of 'nll_loss_forward', cuda:0
/// and cpu" or "Float and Double".
std::string describeError(const RuntimeError &E);

} // namespace torchlint

#endif
