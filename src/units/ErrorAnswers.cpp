//===- ErrorAnswers.cpp - Runtime errors answered unit by unit ------------===//

#include "torchlint/units/ErrorAnswers.h"
#include "torchlint/core/LLVMCompat.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace clang;

namespace torchlint {

namespace {

/// Ranks a unit's findings against the errors and renders the answers
/// through clang's diagnostics, as any run prints findings.
class ExplainingSink : public FindingSink {
public:
  ExplainingSink(const std::vector<RuntimeError> &Errors, bool Color,
                 std::vector<ErrorAnswer> &Answers)
      : Errors(Errors), Answers(Answers) {
    DiagOpts->ShowColors = Color;
  }

  void consume(const std::vector<Finding> &Findings,
               CompilerInstance &CI) override {
    std::string Rendered;
    llvm::raw_string_ostream OS(Rendered);
    TextDiagnosticPrinter Printer(OS, compat::diagOpts(DiagOpts));
    Printer.BeginSourceFile(CI.getLangOpts(), &CI.getPreprocessor());
    DiagnosticsEngine Diags(CI.getDiagnostics().getDiagnosticIDs(),
                            compat::diagOpts(DiagOpts), &Printer,
                            /*ShouldOwnClient=*/false);
    Diags.setSourceManager(&CI.getSourceManager());
    for (Explanation &X :
         explainErrors(CI.getASTContext(), Findings, Errors)) {
      OS.flush();
      size_t Begin = Rendered.size();
      emitDiagnostic(X.F, Severity::Warning, Diags);
      OS.flush();
      ErrorAnswer A;
      A.Record = toRecord(X.F, Severity::Warning, CI.getSourceManager(),
                          CI.getLangOpts());
      A.Text = Rendered.substr(Begin);
      A.Error = X.Error;
      A.Tier = X.Tier;
      A.InFrame = X.InFrame;
      A.Rank = X.Rank;
      A.Order = Answers.size();
      Answers.push_back(std::move(A));
    }
    Printer.EndSourceFile();
  }

private:
  const std::vector<RuntimeError> &Errors;
  std::vector<ErrorAnswer> &Answers;
  compat::DiagOptsOwner DiagOpts = compat::makeDiagOpts();
};

} // namespace

UnitOutcome explainUnit(llvm::StringRef File,
                        const std::vector<std::string> &Command,
                        Engine &TheEngine, const ParseOptions &Parse,
                        const std::vector<RuntimeError> &Errors, bool Color,
                        std::vector<ErrorAnswer> &Answers,
                        std::string &DiagText) {
  llvm::raw_string_ostream DiagOS(DiagText);
  auto DiagOpts = compat::makeDiagOpts();
  TextDiagnosticPrinter Printer(DiagOS, compat::diagOpts(DiagOpts));
  ExplainingSink Sink(Errors, Color, Answers);
  size_t Before = Answers.size();
  UnitOutcome Out =
      analyzeUnit(File, Command, TheEngine, Parse, Sink, Printer);
  DiagOS.flush();
  if (!Out.RefusedReads.empty()) {
    // A unit that reached outside the folders a parse may read is not
    // analysed, and nothing of its parse is answered (docs/ci.md).
    Answers.resize(Before);
    DiagText.clear();
  }
  return Out;
}

std::vector<const ErrorAnswer *>
answersTo(size_t Error, const std::vector<ErrorAnswer> &All) {
  std::vector<const ErrorAnswer *> Out;
  bool AnyInFrame = false;
  for (const ErrorAnswer &A : All)
    if (A.Error == Error) {
      Out.push_back(&A);
      AnyInFrame |= A.InFrame;
    }
  if (AnyInFrame)
    llvm::erase_if(Out, [](const ErrorAnswer *A) { return !A->InFrame; });
  std::stable_sort(Out.begin(), Out.end(),
                   [](const ErrorAnswer *A, const ErrorAnswer *B) {
                     if (A->Tier != B->Tier)
                       return A->Tier < B->Tier;
                     if (A->Rank != B->Rank)
                       return A->Rank < B->Rank;
                     return A->Order < B->Order;
                   });
  return Out;
}

} // namespace torchlint
