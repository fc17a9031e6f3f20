//===- LoadWithoutDeviceRule.cpp - torch-load-without-device --------------===//
//
// torch::jit::load and torch::load put each tensor back on the device it was
// saved from unless told otherwise (the C++ spelling of map_location). A
// checkpoint written on a GPU machine then fails to load on a CPU-only one,
// and one written on cuda:1 lands on cuda:1 wherever it is read.
//
//===----------------------------------------------------------------------===//

#include "FixSafety.h"
#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/DeviceGuards.h"
#include "torchlint/Locations.h"
#include "torchlint/Syntax.h"
#include "torchlint/TorchApi.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TemplateBase.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

/// True for torch::Device, DeviceType and an optional of either, however
/// the release spells optional (c10::optional in 1.13, std::optional in 2.x).
bool isDeviceArgumentType(QualType T) {
  return api::isDeviceOrOptionalDeviceType(T);
}

class LoadWithoutDeviceRule : public Rule {
public:
  LoadWithoutDeviceRule(const RuleInfo &Info, RuleEnvironment &Env)
      : Rule(Info, Env),
        Strict(llvm::StringRef(Env.Options.get(Info.Id, "Strict", "false"))
                   .equals_insensitive("true")) {}

  void registerMatchers(MatchFinder &Finder) override {
    auto LoadName = hasAnyName("::torch::jit::load", "::torch::load");
    Finder.addMatcher(callExpr(callee(functionDecl(LoadName))).bind("load"),
                      this);
    // In a template's own body (a class template whose members no unit
    // instantiates) a load on a dependent model is still this load.
    Finder.addMatcher(
        callExpr(
            callee(unresolvedLookupExpr(hasAnyDeclaration(namedDecl(anyOf(
                functionTemplateDecl(LoadName), functionDecl(LoadName)))))))
            .bind("load"),
        this);
    // Where the project moves models and tensors: `x.to(device)` and
    // `model->to(device)` with a device chosen at run time.
    auto ToRuntimeDevice = hasArgument(0, expr().bind("device"));
    Finder.addMatcher(
        cxxMemberCallExpr(callee(cxxMethodDecl(hasName("to"))), ToRuntimeDevice)
            .bind("move"),
        this);
    Finder.addMatcher(
        callExpr(callee(cxxDependentScopeMemberExpr(hasMemberName("to"))),
                 ToRuntimeDevice)
            .bind("move"),
        this);
    // Where the project chooses a device at run time into a field that other
    // files read (`cfg.device = ...` in main.cpp, for a trainer's
    // `x.to(cfg_.device)`).
    // The class's own writes to its fields are its own device choices
    // (isRuntimeDevice), shown where it moves something there.
    Finder.addMatcher(
        fieldAssignment("field-write", "field",
                        unless(hasObjectExpression(cxxThisExpr()))),
        this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    if (const auto *Move = Result.Nodes.getNodeAs<CallExpr>("move"))
      return recordMove(Move, Result.Nodes.getNodeAs<Expr>("device"), Ctx);
    if (const auto *Write =
            Result.Nodes.getNodeAs<CXXOperatorCallExpr>("field-write"))
      return recordFieldWrite(Write, Result.Nodes.getNodeAs<FieldDecl>("field"),
                              Ctx);
    const auto *Call = Result.Nodes.getNodeAs<CallExpr>("load");
    // A device written by the user, even c10::nullopt, is a decision; in a
    // template, any argument after the model and the path may be one.
    unsigned Written = api::writtenArgCount(Call);
    bool Dependent = Call->isTypeDependent();
    for (unsigned I = 0; I < Written; ++I) {
      const Expr *Arg = Call->getArg(I);
      if (isDeviceArgumentType(Arg->getType()) ||
          (Dependent && I > 0 && Arg->isTypeDependent()))
        return;
    }
    if (Written == 0 || (Dependent && Written > 2))
      return;
    // Precision: only device-aware code is reported. Where a run-time device
    // is in scope, the load gets it. Elsewhere the load is reported only in
    // a project that moves models or tensors to a device chosen at run
    // time (a GPU-saved checkpoint may then reach a CPU-only machine): a
    // project that never leaves the CPU reads only its own CPU checkpoints.
    // The Strict option reports every load without a device, with no
    // fix-it where no device is in scope to name.
    const ValueDecl *Var = findDeviceVariable(Call, Ctx);
    // Tensors read from a file are data (a dataset's prepared images), not
    // a model the project trained: with no device in scope, what the project
    // does elsewhere says nothing of where they were saved.
    const Expr *First = Call->getArg(0);
    bool LoadsData = !First->isTypeDependent() &&
                     (api::isTensorType(First->getType()) ||
                      api::isTensorContainerType(First->getType()));
    if (!Var && LoadsData && !Strict)
      return;
    // Where CUDA is known to be there (inside `if (is_available())`), the
    // checkpoint comes back on the GPU it was saved from or on the CPU, and
    // the code around moves it; the CPU branch is the one that needs the
    // device. A checkpoint this function saved itself, at the same path,
    // comes back where the model was.
    if (!Strict && (isCudaGuarded(Call, Ctx) || savedEarlier(Call, Ctx) ||
                    movedRightAfter(Call, Ctx)))
      return;
    Finding &F = report(Call->getBeginLoc(),
                        "checkpoint loaded by '" + calleeName(Call) +
                            "' without a device comes back on the device "
                            "it was saved from");
    if (!Var) {
      if (!Strict)
        F.Needs = {facts::RuntimeDevice};
      return;
    }
    // The device goes after the last written argument.
    const Expr *Last = Call->getArg(Written - 1);
    std::string Device = Var->getNameAsString();
    // A fix that compiles can still be wrong: the name may be another value
    // there, or a field not yet initialised; the note stays either way.
    if (nameHoldsValueAt(Var, Call, Ctx))
      if (auto Fix =
              insertFix(Last->getEndLoc(), ", " + Device, /*After=*/true, Ctx))
        F.Fixes.push_back(*Fix);
    F.Notes.push_back(
        {Var->getLocation(),
         "load onto the device chosen here, '" + Var->getNameAsString() + "'"});
  }

private:
  /// `torch::load` or `torch::jit::load`, resolved or still a lookup.
  static std::string calleeName(const CallExpr *Call) {
    if (const FunctionDecl *FD = Call->getDirectCallee())
      return FD->getQualifiedNameAsString();
    const auto *ULE = dyn_cast<UnresolvedLookupExpr>(
        Call->getCallee()->IgnoreParenImpCasts());
    if (!ULE || ULE->decls_begin() == ULE->decls_end())
      return "torch::load";
    return (*ULE->decls_begin())->getQualifiedNameAsString();
  }

  /// Records `x.to(device)` with a device chosen at run time as the unit's
  /// sign that the project leaves the CPU.
  void recordMove(const CallExpr *Move, const Expr *Device, ASTContext &Ctx) {
    const ValueDecl *D = nullptr;
    Device = api::ignoreWrappers(Device);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Device))
      D = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(Device))
      D = ME->getMemberDecl();
    if (!D || !D->getIdentifier() ||
        !(api::isDeviceType(D->getType()) ||
          api::isDeviceKindType(D->getType())) ||
        !isRuntimeDevice(D))
      return;
    const Expr *Object = nullptr;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Move))
      Object = MC->getImplicitObjectArgument();
    else if (const auto *DM = dyn_cast<CXXDependentScopeMemberExpr>(
                 Move->getCallee()->IgnoreImplicit()))
      Object = DM->isImplicitAccess() ? nullptr : DM->getBase();
    // `model->to(d)` on a module holder: the holder, not its operator->.
    if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(
            Object ? Object->IgnoreImplicit() : nullptr))
      if (OC->getOperator() == OO_Arrow)
        Object = OC->getArg(0);
    std::string What = Object ? api::sourceText(Object, Ctx) : "";
    showsFact(facts::RuntimeDevice, Move->getBeginLoc(),
              "the project moves " +
                  (What.empty() ? std::string("a model") : "'" + What + "'") +
                  " to '" + D->getNameAsString() +
                  "', a device chosen at run time, here");
  }

  /// Records `cfg.device = <a run-time choice>` as the unit's sign that the
  /// project leaves the CPU: the configuration is what other files move
  /// their models and tensors to.
  void recordFieldWrite(const CXXOperatorCallExpr *Write,
                        const FieldDecl *Field, ASTContext &Ctx) {
    if (!Field || !api::isDeviceType(Field->getType()) ||
        !writesRuntimeDevice(Field, Write->getArg(1)) ||
        isLibraryLocation(Ctx.getSourceManager(), Write->getExprLoc()))
      return;
    showsFact(facts::RuntimeDevice, Write->getBeginLoc(),
              "the project chooses '" + api::sourceText(Write->getArg(0), Ctx) +
                  "' at run time here");
  }

  /// The variable, or field of `this`, that E names.
  static const ValueDecl *namedValue(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return DRE->getDecl();
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        return ME->getMemberDecl();
    return nullptr;
  }

  /// True when S reads or writes Var anywhere.
  static bool mentions(const Stmt *S, const ValueDecl *Var) {
    if (!S)
      return false;
    if (const auto *E = dyn_cast<Expr>(S))
      if (namedValue(E) == Var)
        return true;
    return llvm::any_of(S->children(),
                        [&](const Stmt *C) { return mentions(C, Var); });
  }

  /// True when S is `Var.to(device)`.
  static bool movesToDevice(const Stmt *S, const ValueDecl *Var) {
    const auto *Next = dyn_cast<Expr>(S);
    const auto *MC =
        Next ? dyn_cast<CXXMemberCallExpr>(api::ignoreWrappers(Next)) : nullptr;
    return MC && MC->getMethodDecl() && MC->getMethodDecl()->getIdentifier() &&
           MC->getMethodDecl()->getName() == "to" && MC->getNumArgs() >= 1 &&
           isDeviceArgumentType(MC->getArg(0)->getType()) &&
           namedValue(MC->getImplicitObjectArgument()) == Var;
  }

  /// True when Call is a torch::jit::load whose module is moved to a device
  /// before anything else uses it: `auto m = torch::jit::load(p);
  /// m.to(device);`, also when the load sits at the end of a try block and
  /// the move follows the try, or when statements that do not touch the
  /// module stand between. That is how C++ code uses a TorchScript file
  /// exported for it from Python, traced on the CPU so that it loads
  /// anywhere; the move says the author placed it on purpose. (A checkpoint
  /// the project saves itself, read by torch::load, gets no such pass.)
  static bool movedRightAfter(const CallExpr *Call, ASTContext &Ctx) {
    if (calleeName(Call) != "torch::jit::load")
      return false;
    // The variable the module goes to, and the statement that puts it there.
    const ValueDecl *Var = nullptr;
    DynTypedNode Node = DynTypedNode::create(*Call);
    for (unsigned Steps = 0; Steps < 8 && !Var; ++Steps) {
      DynTypedNodeList Parents = Ctx.getParents(Node);
      if (Parents.empty())
        return false;
      const DynTypedNode &P = Parents[0];
      if (const auto *VD = P.get<VarDecl>()) {
        Var = VD;
        Node = Ctx.getParents(P).empty() ? P : Ctx.getParents(P)[0];
        break;
      }
      if (const auto *OC = P.get<CXXOperatorCallExpr>()) {
        if (OC->getOperator() != OO_Equal || OC->getNumArgs() != 2)
          return false;
        Var = namedValue(OC->getArg(0));
      } else if (const auto *BO = P.get<BinaryOperator>()) {
        if (BO->getOpcode() != BO_Assign)
          return false;
        Var = namedValue(BO->getLHS());
      } else if (!P.get<ImplicitCastExpr>() && !P.get<CXXConstructExpr>() &&
                 !P.get<MaterializeTemporaryExpr>() &&
                 !P.get<CXXBindTemporaryExpr>() && !P.get<ExprWithCleanups>()) {
        return false;
      }
      Node = P;
    }
    if (!Var)
      return false;
    // Up to the statement that sits in a block.
    const Stmt *Statement = nullptr;
    const CompoundStmt *Block = nullptr;
    for (unsigned Steps = 0; Steps < 4 && !Block; ++Steps) {
      Statement = Node.get<Stmt>();
      DynTypedNodeList Parents = Ctx.getParents(Node);
      if (!Statement || Parents.empty())
        return false;
      Block = Parents[0].get<CompoundStmt>();
      Node = Parents[0];
    }
    // The statements after it, and after the try block that ends with it.
    while (Block) {
      const auto *It = llvm::find(Block->body(), Statement);
      if (It == Block->body_end())
        return false;
      for (++It; It != Block->body_end(); ++It) {
        if (movesToDevice(*It, Var))
          return true;
        if (mentions(*It, Var))
          return false;
      }
      DynTypedNodeList Parents = Ctx.getParents(*Block);
      const auto *Try = Parents.empty() ? nullptr : Parents[0].get<CXXTryStmt>();
      if (!Try)
        return false;
      DynTypedNodeList Outer = Ctx.getParents(*Try);
      Statement = Try;
      Block = Outer.empty() ? nullptr : Outer[0].get<CompoundStmt>();
    }
    return false;
  }

  /// The argument of a save or load call that names the file: the first
  /// string or path argument.
  static const Expr *pathArgument(const CallExpr *Call) {
    for (const Expr *A : Call->arguments()) {
      QualType T = A->getType().getNonReferenceType().getCanonicalType();
      if (isa<CXXDefaultArgExpr>(A))
        break;
      if (T->isPointerType() ||
          (T->getAsCXXRecordDecl() &&
           T->getAsCXXRecordDecl()->getIdentifier() &&
           T->getAsCXXRecordDecl()->getName().ends_with("basic_string")))
        return A;
    }
    return nullptr;
  }

  /// True when the function around Call saved to the same path (as
  /// written) before it: `torch::save(model, p); ... torch::load(model, p);`.
  static bool savedEarlier(const CallExpr *Call, ASTContext &Ctx) {
    const FunctionDecl *FD = enclosingFunction(Call, Ctx);
    const Expr *Path = pathArgument(Call);
    std::string Text = Path ? api::sourceText(Path, Ctx) : "";
    if (!FD || !FD->getBody() || Text.empty())
      return false;
    struct Finder : RecursiveASTVisitor<Finder> {
      const CallExpr *Load;
      const std::string &Text;
      ASTContext &Ctx;
      bool Found = false;
      Finder(const CallExpr *L, const std::string &T, ASTContext &C)
          : Load(L), Text(T), Ctx(C) {}
      bool VisitCallExpr(CallExpr *CE) {
        const FunctionDecl *Callee = CE->getDirectCallee();
        if (!Callee || !api::hasQualifiedName(Callee, "torch::save") ||
            !Ctx.getSourceManager().isBeforeInTranslationUnit(
                CE->getBeginLoc(), Load->getBeginLoc()))
          return true;
        const Expr *P = pathArgument(CE);
        Found |= P && api::sourceText(P, Ctx) == Text;
        return !Found;
      }
    } F(Call, Text, Ctx);
    F.TraverseStmt(FD->getBody());
    return F.Found;
  }

  const bool Strict;
};

} // namespace

std::unique_ptr<Rule> createLoadWithoutDeviceRule(const RuleInfo &Info,
                                                  RuleEnvironment &Env) {
  return std::make_unique<LoadWithoutDeviceRule>(Info, Env);
}

} // namespace torchlint
