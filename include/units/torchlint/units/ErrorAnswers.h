//===- ErrorAnswers.h - Runtime errors answered unit by unit ----*- C++ -*-===//
//
// The host-neutral core of --from-error, shared by the command line
// (src/cli/FromError.cpp) and the language server's torchlint.explainError
// command: analyse one unit, rank its findings and calls against the errors
// of a log (src/explain) while its AST is alive, and keep each answer as a
// plain record with the text clang printed for it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_ERRORANSWERS_H
#define TORCHLINT_ERRORANSWERS_H

#include "torchlint/explain/Explain.h"
#include "torchlint/frontend/Frontend.h"
#include "torchlint/report/Report.h"

#include <string>
#include <vector>

namespace torchlint {

/// One answer to one runtime error, detached from its unit.
struct ErrorAnswer {
  FindingRecord Record;
  std::string Text; ///< As clang printed it (warning, notes, fix-it).
  size_t Error = 0; ///< Index into the errors.
  Explanation::TierTy Tier = Explanation::RuleFinding;
  bool InFrame = false;
  unsigned Rank = 0;
  size_t Order = 0; ///< Input order, for ties.
  /// Reported because of the error alone, not a finding of the analysis.
  bool fromError() const { return Tier == Explanation::KernelCall; }
};

/// Analyses File with Command and appends its answers to each of Errors to
/// Answers. NOLINT comments and baselines do not apply: the error happened,
/// and a silenced finding may be its cause. DiagText receives the unit's
/// compiler diagnostics.
UnitOutcome explainUnit(llvm::StringRef File,
                        const std::vector<std::string> &Command,
                        Engine &TheEngine, const ParseOptions &Parse,
                        const std::vector<RuntimeError> &Errors, bool Color,
                        std::vector<ErrorAnswer> &Answers,
                        std::string &DiagText);

/// The answers to error Error, best first: only those inside the functions
/// its backtrace names when any answer is there, then by tier and rank,
/// then input order.
std::vector<const ErrorAnswer *>
answersTo(size_t Error, const std::vector<ErrorAnswer> &All);

} // namespace torchlint

#endif
