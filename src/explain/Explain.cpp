//===- Explain.cpp - From a runtime error to the call sites behind it -----===//

#include "torchlint/explain/Explain.h"

#include "torchlint/api/TorchApi.h"
#include "torchlint/core/SourceRanges.h"
#include "torchlint/engine/Engine.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace torchlint {

namespace {

/// Every call in user code and every user function with a body, with file
/// ranges, to place findings and calls in their functions.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  explicit CallCollector(const SourceManager &SM) : SM(SM) {}

  bool VisitCallExpr(CallExpr *CE) {
    if (!isLibraryLocation(SM, CE->getBeginLoc()))
      Calls.push_back(CE);
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasBody() && FD->doesThisDeclarationHaveABody() &&
        !isLibraryLocation(SM, FD->getLocation()))
      Functions.push_back(FD);
    return true;
  }

  std::vector<const CallExpr *> Calls;
  std::vector<const FunctionDecl *> Functions;

private:
  const SourceManager &SM;
};

unsigned rangeSize(const SourceManager &SM, SourceRange R) {
  return SM.getFileOffset(SM.getFileLoc(R.getEnd())) -
         SM.getFileOffset(SM.getFileLoc(R.getBegin()));
}

/// The innermost user function around L.
const FunctionDecl *
enclosingFunction(const SourceManager &SM,
                  const std::vector<const FunctionDecl *> &Functions,
                  SourceLocation L) {
  const FunctionDecl *Best = nullptr;
  for (const FunctionDecl *FD : Functions)
    if (inFileRange(SM, FD->getSourceRange(), L) &&
        (!Best || rangeSize(SM, FD->getSourceRange()) <
                      rangeSize(SM, Best->getSourceRange())))
      Best = FD;
  return Best;
}

/// The source text of E, for messages ("labels", "batch.target").
std::string textOf(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "";
  CharSourceRange R = CharSourceRange::getTokenRange(
      Ctx.getSourceManager().getFileLoc(E->getBeginLoc()),
      Ctx.getSourceManager().getFileLoc(E->getEndLoc()));
  return Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

/// How the callee of a call reads in a message ("torch::nll_loss",
/// "loss_fn", "fc1").
std::string calleeText(const CallExpr *CE, const ASTContext &Ctx) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE))
    return textOf(Op->getArg(0), Ctx);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    return textOf(MC->getCallee(), Ctx);
  if (const FunctionDecl *FD = CE->getDirectCallee())
    return FD->getQualifiedNameAsString();
  return textOf(CE->getCallee(), Ctx);
}

/// True when Message names the error's odd device or dtype.
bool namesFound(const RuntimeError &E, llvm::StringRef Message) {
  if (E.Found.empty())
    return false;
  if (E.Found == "cpu")
    return Message.contains("the CPU");
  return Message.contains_insensitive(E.Found);
}

} // namespace

std::string describeError(const RuntimeError &E) {
  std::string Out;
  if (!E.Argument.empty())
    Out += "argument '" + E.Argument + "'";
  if (!E.Op.empty())
    Out += (Out.empty() ? "'" : " of '") + E.Op + "'";
  if (!E.Expected.empty() && !E.Found.empty())
    Out += (Out.empty() ? "" : ", ") + E.Expected + " and " + E.Found;
  return Out.empty() ? E.Message : Out;
}

std::vector<Explanation>
explainErrors(ASTContext &Ctx, const std::vector<Finding> &Findings,
              const std::vector<RuntimeError> &Errors) {
  const SourceManager &SM = Ctx.getSourceManager();
  CallCollector Collector(SM);
  Collector.TraverseAST(Ctx);

  auto InFrame = [&](const RuntimeError &E, SourceLocation L) {
    if (E.Frames.empty())
      return false;
    const FunctionDecl *FD = enclosingFunction(SM, Collector.Functions, L);
    return FD && FD->getIdentifier() &&
           llvm::is_contained(E.Frames, FD->getName().str());
  };

  std::vector<Explanation> Out;
  for (size_t I = 0; I < Errors.size(); ++I) {
    const RuntimeError &E = Errors[I];
    std::string Where = "on line " + std::to_string(E.Line) + " of the log (" +
                        describeError(E) + ")";
    // The calls that reach the error's kernel, and the argument the kernel
    // checked.
    struct Site {
      const CallExpr *Call;
      const Expr *Arg;
      bool Explained = false;
    };
    std::vector<Site> Sites;
    std::vector<api::KernelCaller> Callers;
    if (!E.Op.empty() && !E.InTorchScript)
      Callers = api::kernelCallers(E.Op, E.Argument);
    for (const CallExpr *CE : Collector.Calls) {
      // The kernel ran in scripted code: the program reaches it only by
      // running a TorchScript module, never through its own nn calls.
      if (E.InTorchScript) {
        if (api::scriptModuleCall(CE))
          Sites.push_back({CE, nullptr});
        continue;
      }
      for (const api::KernelCaller &C : Callers) {
        const Expr *Arg = nullptr;
        if (api::callReaches(CE, C, Arg)) {
          Sites.push_back({CE, Arg});
          break;
        }
      }
    }

    for (const Finding &F : Findings) {
      auto Rule = llvm::find(E.Rules, F.Rule->Id.str());
      if (Rule == E.Rules.end())
        continue;
      Explanation X;
      X.Error = I;
      X.F = F;
      // The innermost call reaching the kernel that holds the finding, or
      // whose checked argument is a variable the finding's expression
      // initialises (`labels = torch::zeros(...)` flagged, then passed as
      // the target): the finding is about what the kernel checked there.
      Site *At = nullptr;
      for (Site &S : Sites)
        if (inFileRange(SM, S.Call->getSourceRange(), F.Loc) &&
            (!At || rangeSize(SM, S.Call->getSourceRange()) <
                        rangeSize(SM, At->Call->getSourceRange())))
          At = &S;
      for (Site &S : Sites) {
        if (At)
          break;
        const auto *Ref = S.Arg ? dyn_cast<DeclRefExpr>(
                                      S.Arg->IgnoreParenImpCasts())
                                : nullptr;
        const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
        if (Var && Var->getInit() &&
            inFileRange(SM, Var->getInit()->getSourceRange(), F.Loc))
          At = &S;
      }
      if (At)
        At->Explained = true;
      // An error that names no kernel (TensorIterator operations, typed
      // kernels) is met by any finding of its rules.
      X.Tier = At || E.Op.empty() ? Explanation::AtKernelCall
                                  : Explanation::RuleFinding;
      X.InFrame = InFrame(E, F.Loc);
      X.Rank = 2 * (Rule - E.Rules.begin()) + !namesFound(E, F.Message);
      // A load is far from the kernel it breaks: the note says how.
      std::string How =
          F.Rule->Id == "torch-load-without-device" &&
                  E.Rules.front() != F.Rule->Id
              ? ": a module loaded without a device keeps the devices it was "
                "saved on, and its parameters then meet inputs on another one"
              : "";
      X.F.Notes.insert(
          X.F.Notes.begin(),
          {F.Loc, std::string("found by the analysis; ") +
                      (X.Tier == Explanation::AtKernelCall ? "matches"
                                                           : "may explain") +
                      " the runtime error " + Where + How});
      Out.push_back(std::move(X));
    }

    // Calls that reach the kernel with no finding: the error says a
    // mismatch happened at one of them.
    const RuleInfo *Rule = E.Rules.empty() ? nullptr : findRule(E.Rules[0]);
    for (const Site &S : Sites) {
      if (S.Explained || !Rule)
        continue;
      Explanation X;
      X.Error = I;
      X.Tier = Explanation::KernelCall;
      X.InFrame = InFrame(E, S.Call->getBeginLoc());
      X.F.Rule = Rule;
      X.F.Loc = S.Call->getBeginLoc();
      std::string Callee = calleeText(S.Call, Ctx);
      std::string Property =
          E.Family == RuntimeError::Device ? "device" : "dtype";
      std::string Arg =
          S.Arg ? " '" + textOf(S.Arg->IgnoreImplicit(), Ctx) + "'" : "";
      if (E.InTorchScript)
        X.F.Message = "'" + Callee + "' runs the TorchScript code that " +
                      "raised the runtime error; the analysis shows no " +
                      Property + " mismatch of its inputs and the module " +
                      "here (a suggestion from the error, not a finding)";
      else
        X.F.Message = "'" + Callee + "' can reach '" + E.Op +
                      "' of the runtime error; the analysis shows no " +
                      Property + " mismatch of" +
                      (Arg.empty() ? " its tensors" : Arg) +
                      " here (a suggestion from the error, not a finding)";
      X.F.Notes.push_back({X.F.Loc, "reported from the runtime error " + Where +
                                        ", not by the analysis"});
      Out.push_back(std::move(X));
    }
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [&](const Explanation &A, const Explanation &B) {
                     if (A.Error != B.Error)
                       return A.Error < B.Error;
                     if (A.Tier != B.Tier)
                       return A.Tier < B.Tier;
                     if (A.InFrame != B.InFrame)
                       return A.InFrame;
                     if (A.Rank != B.Rank)
                       return A.Rank < B.Rank;
                     return SM.isBeforeInTranslationUnit(
                         SM.getFileLoc(A.F.Loc), SM.getFileLoc(B.F.Loc));
                   });
  return Out;
}

} // namespace torchlint
