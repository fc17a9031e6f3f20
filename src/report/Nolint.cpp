//===- Nolint.cpp - NOLINT comments, read by clang-tidy's own handler -----===//

#include "torchlint/report/Nolint.h"

#include "torchlint/report/Report.h"

#include "clang-tidy/NoLintDirectiveHandler.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace torchlint {

/// The handler judges a clang::Diagnostic, as clang-tidy builds them while a
/// check reports. This consumer receives one built at the finding's location
/// and hands it over.
class NolintFilter::Query : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    Suppressed =
        Handler.shouldSuppress(Level, Info, RuleId, Errors, /*AllowIO=*/true,
                               /*EnableNoLintBlocks=*/true);
  }

  clang::tidy::NoLintDirectiveHandler Handler;
  llvm::StringRef RuleId;
  bool Suppressed = false;
  llvm::SmallVector<clang::tooling::Diagnostic, 2> Errors;
};

NolintFilter::NolintFilter(clang::SourceManager &SM)
    : Consumer(std::make_unique<Query>()) {
  Diags = std::make_unique<clang::DiagnosticsEngine>(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(),
      compat::diagOpts(*DiagOpts), Consumer.get(),
      /*ShouldOwnClient=*/false);
  Diags->setSourceManager(&SM);
}

NolintFilter::~NolintFilter() = default;

bool NolintFilter::suppresses(clang::SourceLocation Loc, llvm::StringRef RuleId,
                              Severity Level,
                              std::vector<NolintProblem> &Problems) {
  Consumer->RuleId = RuleId;
  Consumer->Suppressed = false;
  Consumer->Errors.clear();
  unsigned ID = Diags->getCustomDiagID(diagnosticLevel(Level), "%0");
  Diags->Report(Loc, ID) << RuleId;
  // An error-level query must not make the next one look like a follow-up
  // of a fatal error.
  Diags->Reset();
  // clang-tidy lists unmatched ENDs before BEGINs; in file order they read
  // as the file does.
  llvm::sort(Consumer->Errors, [](const clang::tooling::Diagnostic &A,
                                  const clang::tooling::Diagnostic &B) {
    return A.Message.FileOffset < B.Message.FileOffset;
  });
  for (const clang::tooling::Diagnostic &E : Consumer->Errors)
    Problems.push_back(
        {E.Message.FilePath, E.Message.FileOffset, E.Message.Message});
  return Consumer->Suppressed;
}

} // namespace torchlint
