//===- HardcodedDeviceRule.cpp - torch-hardcoded-device -------------------===//
//
// Finds CUDA devices named where nothing proves CUDA is there: the program
// then works on the author's GPU machine and throws on every CPU-only one
// ("Torch not compiled with CUDA enabled" or "no CUDA GPUs are available").
//
//===----------------------------------------------------------------------===//

#include "FixSafety.h"
#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/DeviceGuards.h"
#include "torchlint/Syntax.h"
#include "torchlint/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

constexpr llvm::StringLiteral GuardHint = "torch::cuda::is_available()";

/// A reference to the device kind Kind: `torch::kCUDA` (c10::kCUDA) or
/// `c10::DeviceType::CUDA` for "CUDA".
auto deviceKindRef(llvm::StringRef Kind) {
  return declRefExpr(to(decl(
      anyOf(varDecl(hasName(("::c10::k" + Kind).str())),
            enumConstantDecl(hasName(("::c10::DeviceType::" + Kind).str()))))));
}

class HardcodedDeviceRule : public Rule {
public:
  HardcodedDeviceRule(const RuleInfo &Info, RuleEnvironment &Env)
      : Rule(Info, Env),
        Cuda(requirement(Env.Options.get(Info.Id, "RequiresCuda", "auto"))) {}

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(deviceKindRef("CUDA").bind("kind"), this);
    Finder.addMatcher(
        cxxConstructExpr(hasDeclaration(cxxConstructorDecl(ofClass(hasAnyName(
                             "::c10::Device", "::c10::TensorOptions")))))
            .bind("device"),
        this);
    Finder.addMatcher(
        cxxMemberCallExpr(
            callee(cxxMethodDecl(
                hasName("cuda"),
                ofClass(hasAnyName("::at::Tensor", "::at::TensorBase")))))
            .bind("cuda-call"),
        this);
    Finder.addMatcher(
        callExpr(callee(functionDecl(matchesName("^::(torch|at|c10)::cuda::"))))
            .bind("cuda-only"),
        this);
    if (Cuda != CudaRequirement::Auto)
      return;
    // What shows that the project runs without CUDA too.
    Finder.addMatcher(
        callExpr(callee(functionDecl(hasAnyName(
                     "::torch::cuda::is_available",
                     "::torch::cuda::cudnn_is_available",
                     "::torch::cuda::device_count", "::c10::cuda::device_count",
                     "::at::hasCUDA", "::at::getNumGPUs"))))
            .bind("query"),
        this);
    Finder.addMatcher(deviceKindRef("CPU").bind("cpu-kind"), this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    if (Cuda == CudaRequirement::Required)
      return;
    ASTContext &Ctx = *Result.Context;
    // A build that declares CUDA shows the project needs it.
    if (Cuda == CudaRequirement::Auto && !BuildChecked) {
      BuildChecked = true;
      const SourceManager &SM = Ctx.getSourceManager();
      if (OptionalFileEntryRef Main =
              SM.getFileEntryRefForID(SM.getMainFileID());
          Main &&
          buildDeclaresCuda(Main->getFileEntry().tryGetRealPathName().empty()
                                ? Main->getName()
                                : Main->getFileEntry().tryGetRealPathName()))
        showsFact(facts::RequiresCuda,
                  SM.getLocForStartOfFile(SM.getMainFileID()), "");
    }
    if (const auto *Query = Result.Nodes.getNodeAs<CallExpr>("query")) {
      // `if (!torch::cuda::is_available()) throw ...;` says the opposite:
      // the project needs CUDA.
      if (!rejectsMissingCuda(Query, Ctx))
        showsFact(facts::RunsWithoutCuda, Query->getBeginLoc(), "");
      else
        showsFact(facts::RequiresCuda, Query->getBeginLoc(), "");
    }
    else if (const auto *Cpu =
                 Result.Nodes.getNodeAs<DeclRefExpr>("cpu-kind")) {
      if (choosesCpuDevice(Cpu, Ctx))
        showsFact(facts::RunsWithoutCuda, Cpu->getBeginLoc(), "");
    } else if (const auto *Ref = Result.Nodes.getNodeAs<DeclRefExpr>("kind"))
      checkKindRef(Ref, Ctx);
    else if (const auto *CE =
                 Result.Nodes.getNodeAs<CXXConstructExpr>("device"))
      checkDeviceString(CE, Ctx);
    else if (const auto *MC =
                 Result.Nodes.getNodeAs<CXXMemberCallExpr>("cuda-call"))
      checkCudaCall(MC, Ctx);
    else if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("cuda-only"))
      checkCudaOnlyCall(Call, Ctx);
  }

private:
  /// Whether the project needs CUDA (CheckOption RequiresCuda).
  enum class CudaRequirement {
    /// Decided from the project: a CUDA device named unguarded is reported
    /// unless the project is shown to need CUDA (facts::RequiresCuda: code
    /// that stops without CUDA, a build that declares CUDA) and nothing in
    /// it falls back to the CPU (facts::RunsWithoutCuda). Nothing showing
    /// either way, it is reported: a file linted alone says what it does on
    /// a machine without a GPU.
    Auto,
    Required,    ///< CUDA-only by design: naming a CUDA device is no bug.
    NotRequired, ///< Every unguarded CUDA device is reported.
  };
  static CudaRequirement requirement(llvm::StringRef Value) {
    if (Value.equals_insensitive("true"))
      return CudaRequirement::Required;
    if (Value.equals_insensitive("false"))
      return CudaRequirement::NotRequired;
    return CudaRequirement::Auto;
  }
  const CudaRequirement Cuda;
  /// Whether the unit's build files were read for CUDA (once per unit).
  bool BuildChecked = false;

  /// Reports a CUDA use; under RequiresCuda=auto, evidence that the
  /// project needs CUDA withdraws it.
  Finding &reportCuda(SourceLocation Loc, std::string Message) {
    Finding &F = report(Loc, std::move(Message));
    if (Cuda == CudaRequirement::Auto)
      F.Needs = {facts::unless(facts::RequiresCuda, facts::RunsWithoutCuda)};
    return F;
  }

  /// True when Cpu, the CPU device kind or a device built from a string that
  /// may name the CPU, is chosen as a device: an arm of a conditional
  /// expression (`use_gpu ? kCUDA : kCPU`), or what a device variable, field
  /// or function returning a device starts with or falls back to
  /// (`torch::Device device(torch::kCPU)`, `device = torch::kCPU`). Copying
  /// results to the CPU (`x.to(torch::kCPU)`) chooses nothing.
  static bool choosesCpuDevice(const Expr *Cpu, ASTContext &Ctx) {
    auto IsDevice = [](QualType T) {
      return api::isDeviceType(T) || api::isDeviceKindType(T);
    };
    DynTypedNode Child;
    DynTypedNode P = parentThrough(
        Cpu, Ctx,
        [](const Expr *E) {
          return isa<ImplicitCastExpr, CXXConstructExpr,
                     MaterializeTemporaryExpr, CXXBindTemporaryExpr,
                     ExprWithCleanups, ParenExpr, CXXFunctionalCastExpr,
                     ParenListExpr, InitListExpr>(E);
        },
        8, &Child);
    if (const auto *CO = P.get<ConditionalOperator>())
      return Child.get<Expr>() != CO->getCond();
    if (const auto *VD = P.get<VarDecl>())
      return IsDevice(VD->getType());
    if (const auto *FD = P.get<FieldDecl>())
      return IsDevice(FD->getType());
    if (const auto *Init = P.get<CXXCtorInitializer>())
      return Init->getMember() && IsDevice(Init->getMember()->getType());
    if (const auto *BO = P.get<BinaryOperator>())
      return BO->getOpcode() == BO_Assign && IsDevice(BO->getLHS()->getType());
    if (const auto *OC = P.get<CXXOperatorCallExpr>())
      return OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
             IsDevice(OC->getArg(0)->getType());
    if (P.get<ReturnStmt>()) // What a device-choosing function returns.
      return IsDevice(Child.get<Expr>()->getType());
    return false;
  }

  /// True when E is compared with something or labels a case: it asks which
  /// device there is rather than choosing one.
  static bool isInspection(const Expr *E, ASTContext &Ctx) {
    DynTypedNode P = parentThrough(
        E, Ctx,
        [](const Expr *W) {
          return isa<ImplicitCastExpr, ParenExpr, ConstantExpr>(W);
        },
        6);
    if (const auto *BO = P.get<BinaryOperator>())
      return BO->isEqualityOp();
    if (const auto *OC = P.get<CXXOperatorCallExpr>())
      return OC->getOperator() == OO_EqualEqual ||
             OC->getOperator() == OO_ExclaimEqual;
    return P.get<CaseStmt>();
  }

  /// True when E holds the value of its only operand: a cast, a temporary,
  /// parentheses, a construction from that one value (`Device(kCUDA, 1)`
  /// adds an index). With Written, also what a variable's initialiser may
  /// add around it: `T(x)`, `T{x}`, `= {x}`.
  static bool keepsValue(const Expr *E, bool Written) {
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E))
      return api::writtenArgCount(CE) == 1;
    if (isa<ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr,
            ParenExpr>(E))
      return true;
    return Written && isa<ExprWithCleanups, CXXFunctionalCastExpr,
                          ParenListExpr, InitListExpr>(E);
  }

  /// When Use is the whole initialiser of a device variable, the durable fix
  /// is to make that variable a run-time choice.
  static const VarDecl *initialisedVariable(const Expr *Use, ASTContext &Ctx) {
    const auto *VD =
        parentThrough(
            Use, Ctx, [](const Expr *E) { return keepsValue(E, true); }, 8)
            .get<VarDecl>();
    return VD && (api::isDeviceType(VD->getType()) ||
                  api::isDeviceKindType(VD->getType()))
               ? VD
               : nullptr;
  }

  /// The argument of Tensor::to that Use is, when it is one.
  static bool isToArgument(const Expr *Use, ASTContext &Ctx) {
    const auto *MC =
        parentThrough(
            Use, Ctx, [](const Expr *E) { return keepsValue(E, false); }, 8)
            .get<CXXMemberCallExpr>();
    return MC && api::isTensorMethod(MC->getMethodDecl(), "to");
  }

  /// The parameter whose default argument contains Use, if any.
  static const ParmVarDecl *defaultArgumentOf(const Expr *Use,
                                              ASTContext &Ctx) {
    return parentThrough(
               Use, Ctx, [](const Expr *) { return true; }, 16)
        .get<ParmVarDecl>();
  }

  /// True when some call in the unit takes P's default argument. A CUDA
  /// default that every caller overrides (`sample(x, device)`) is never
  /// used; one that a call takes is, and is reported.
  bool defaultIsUsed(const ParmVarDecl *P, ASTContext &Ctx) {
    const auto *FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
    if (!FD)
      return true;
    FD = FD->getCanonicalDecl();
    auto It = DefaultUsed.find(FD);
    if (It != DefaultUsed.end())
      return It->second.count(P->getFunctionScopeIndex());
    struct Calls : RecursiveASTVisitor<Calls> {
      const FunctionDecl *FD;
      std::set<unsigned> Used;
      void take(const FunctionDecl *Callee, llvm::ArrayRef<const Expr *> Args) {
        if (!Callee || Callee->getCanonicalDecl() != FD)
          return;
        for (unsigned I = 0; I < Args.size(); ++I)
          if (isa<CXXDefaultArgExpr>(Args[I]))
            Used.insert(I);
      }
      bool VisitCallExpr(CallExpr *CE) {
        llvm::ArrayRef<const Expr *> Args(CE->getArgs(), CE->getNumArgs());
        // A member operator call passes the object as its first argument.
        if (isa<CXXOperatorCallExpr>(CE) &&
            isa_and_nonnull<CXXMethodDecl>(CE->getDirectCallee()))
          Args = Args.drop_front();
        take(CE->getDirectCallee(), Args);
        return true;
      }
      bool VisitCXXConstructExpr(CXXConstructExpr *CE) {
        take(CE->getConstructor(),
             llvm::ArrayRef<const Expr *>(CE->getArgs(), CE->getNumArgs()));
        return true;
      }
    } V;
    V.FD = FD;
    V.TraverseAST(Ctx);
    auto &Used = DefaultUsed[FD] = std::move(V.Used);
    return Used.count(P->getFunctionScopeIndex());
  }
  llvm::DenseMap<const FunctionDecl *, std::set<unsigned>> DefaultUsed;

  void reportUse(const Expr *Use, std::string Spelled, llvm::StringRef Kind,
                 std::optional<std::string> ChoiceText, ASTContext &Ctx) {
    if (const ParmVarDecl *P = defaultArgumentOf(Use, Ctx);
        P && !defaultIsUsed(P, Ctx))
      return;
    Finding &F = reportCuda(
        Use->getBeginLoc(),
        (Kind + " " + Spelled + " is used without a " + GuardHint + " guard")
            .str());
    if (const VarDecl *VD = initialisedVariable(Use, Ctx); VD && ChoiceText) {
      if (auto Fix = replaceFix(Use->getSourceRange(), *ChoiceText, Ctx))
        F.Fixes.push_back(*Fix);
      return;
    }
    if (isToArgument(Use, Ctx))
      if (const ValueDecl *Var = findDeviceVariable(Use, Ctx);
          Var && nameHoldsValueAt(Var, Use, Ctx)) {
        if (auto Fix = replaceFix(Use->getSourceRange(), Var->getName(), Ctx)) {
          F.Fixes.push_back(*Fix);
          F.Notes.push_back(
              {Var->getLocation(),
               ("use the device chosen here, '" + Var->getName() + "'").str()});
        }
      }
  }

  /// True when Ref is the kind of `torch::Device(torch::kCUDA, index)` whose
  /// index is a run-time value (a --gpu option, a loop over the devices):
  /// the user asked for that device by number, it is no hard-coded choice.
  static bool hasRuntimeIndex(const DeclRefExpr *Ref, ASTContext &Ctx) {
    DynTypedNode P = parentThrough(
        Ref, Ctx,
        [](const Expr *E) { return isa<ImplicitCastExpr, ParenExpr>(E); }, 4);
    // A construction clang could not type (its index calls into a header
    // that was not found, say `opts["gpu"].get<int>()` of a missing JSON
    // library): the index is still a run-time value, and what the analysis
    // does not know, it does not report.
    if (const auto *UC = P.get<CXXUnresolvedConstructExpr>())
      return api::isDeviceType(UC->getTypeAsWritten()) &&
             UC->getNumArgs() >= 2 && UC->getArg(1)->containsErrors();
    if (const auto *CE = P.get<CXXConstructExpr>()) {
      if (!api::isDeviceType(CE->getType()) || api::writtenArgCount(CE) < 2)
        return false;
      const Expr *Index = CE->getArg(1);
      if (Index->containsErrors())
        return true;
      return !Index->isValueDependent() && !Index->isEvaluatable(Ctx);
    }
    return false;
  }

  void checkKindRef(const DeclRefExpr *Ref, ASTContext &Ctx) {
    if (isInspection(Ref, Ctx) || hasRuntimeIndex(Ref, Ctx) ||
        isCudaGuarded(Ref, Ctx))
      return;
    std::string Spelled = api::sourceText(Ref, Ctx);
    if (Spelled.empty())
      Spelled = "torch::kCUDA";
    reportUse(Ref, "'" + Spelled + "'", "CUDA device",
              "torch::cuda::is_available() ? " + Spelled + " : torch::kCPU",
              Ctx);
  }

  void checkDeviceString(const CXXConstructExpr *CE, ASTContext &Ctx) {
    if (CE->getNumArgs() < 1)
      return;
    std::optional<std::string> Name = api::cudaStringLiteral(CE->getArg(0));
    if (!Name) {
      // `torch::Device device("cpu")`, or a device named by the user
      // (`torch::Device device(argv[1])`), which may be the CPU.
      const auto *Literal =
          dyn_cast<StringLiteral>(api::ignoreWrappers(CE->getArg(0)));
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      const auto *Param = Ctor->getNumParams() == 1 ? Ctor->getParamDecl(0)
                                                          ->getType()
                                                          .getNonReferenceType()
                                                          ->getAsCXXRecordDecl()
                                                    : nullptr;
      bool String = api::isDeviceType(CE->getType()) && Param &&
                    Param->getName() == "basic_string";
      if (Cuda == CudaRequirement::Auto && String &&
          (!Literal || Literal->getString() == "cpu") &&
          choosesCpuDevice(CE, Ctx))
        showsFact(facts::RunsWithoutCuda, CE->getBeginLoc(), "");
      return;
    }
    const Expr *Literal = api::ignoreWrappers(CE->getArg(0));
    if (isCudaGuarded(Literal, Ctx))
      return;
    std::optional<std::string> Choice;
    if (*Name == "cuda")
      Choice = "torch::cuda::is_available() ? \"cuda\" : \"cpu\"";
    reportUse(Literal, "\"" + *Name + "\"", "CUDA device", Choice, Ctx);
  }

  void checkCudaCall(const CXXMemberCallExpr *MC, ASTContext &Ctx) {
    if (isCudaGuarded(MC, Ctx))
      return;
    const Expr *Object = MC->getImplicitObjectArgument();
    std::string ObjectText = api::sourceText(Object, Ctx);
    std::string Shown = ObjectText.empty() ? "cuda()" : ObjectText + ".cuda()";
    Finding &F = reportCuda(MC->getExprLoc(),
                            ("'" + Shown +
                             "' moves the tensor to a CUDA device without a " +
                             GuardHint + " guard")
                                .str());
    if (const ValueDecl *Var = findDeviceVariable(MC, Ctx);
        Var && nameHoldsValueAt(Var, MC, Ctx)) {
      SourceRange CallRange(MC->getExprLoc(), MC->getEndLoc());
      if (auto Fix = replaceFix(CallRange, ("to(" + Var->getName() + ")").str(),
                                Ctx)) {
        F.Fixes.push_back(*Fix);
        F.Notes.push_back(
            {Var->getLocation(),
             ("use the device chosen here, '" + Var->getName() + "'").str()});
      }
    }
  }

  void checkCudaOnlyCall(const CallExpr *Call, ASTContext &Ctx) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!api::isCudaOnlyFunction(FD) || isCudaGuarded(Call, Ctx))
      return;
    reportCuda(Call->getBeginLoc(),
               ("CUDA-only call '" + FD->getQualifiedNameAsString() +
                "' is made without a " + GuardHint + " guard")
                   .str());
  }
};

} // namespace

std::unique_ptr<Rule> createHardcodedDeviceRule(const RuleInfo &Info,
                                                RuleEnvironment &Env) {
  return std::make_unique<HardcodedDeviceRule>(Info, Env);
}

} // namespace torchlint
