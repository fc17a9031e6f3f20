//===- FromBlobDtypeRule.cpp - torch-from-blob-dtype ----------------------===//
//
// torch::from_blob views memory without copying it and reads it as the dtype
// its options give, Float when they give none. A buffer of doubles read as
// Float does not crash: every double becomes two floats made of its bytes,
// and the program trains on garbage. The pointer's element type says what
// the memory holds; the rule compares it with the dtype the call names.
//
//===----------------------------------------------------------------------===//

#include "FromBlob.h"
#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/OpenCV.h"
#include "torchlint/Syntax.h"
#include "torchlint/TorchApi.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

/// True for element types that may be raw bytes of anything (an image file,
/// cv::Mat::data): their content is unknown, so no dtype is wrong for them.
bool isByteKind(api::ScalarKind K) {
  return K == api::ScalarKind::Byte || K == api::ScalarKind::Char;
}

/// True when Body writes values into the elements of Buffer, a local byte
/// container or array (`frame[i] = v`, `frame.push_back(v)`), and hands it
/// to no other call that could fill it with raw bytes (read, memcpy, a
/// decoder): then its elements are byte values, not another type's bytes.
bool holdsByteValues(const VarDecl *Buffer, const Stmt *Body,
                     const CallExpr *FromBlob) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *Buffer;
    const CallExpr *FromBlob;
    bool ElementWrite = false, Bulk = false;
    bool names(const Expr *E) const {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && DRE->getDecl() == Buffer;
    }
    bool mentions(const Stmt *S) const {
      if (const auto *E = dyn_cast_or_null<Expr>(S); E && names(E))
        return true;
      for (const Stmt *C : S->children())
        if (C && mentions(C))
          return true;
      return false;
    }
    bool isElement(const Expr *E) const {
      E = E->IgnoreParenImpCasts();
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
        return names(ASE->getBase());
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
        return OC->getOperator() == OO_Subscript && names(OC->getArg(0));
      return false;
    }
    bool VisitBinaryOperator(BinaryOperator *BO) {
      if (BO->isAssignmentOp() && isElement(BO->getLHS()))
        ElementWrite = true;
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
      if (OC->isAssignmentOp() && OC->getNumArgs() == 2 &&
          isElement(OC->getArg(0)))
        ElementWrite = true;
      return true;
    }
    bool VisitCallExpr(CallExpr *CE) {
      if (CE == FromBlob || isa<CXXOperatorCallExpr>(CE))
        return true;
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
          MC && names(MC->getImplicitObjectArgument())) {
        if (const CXXMethodDecl *MD = MC->getMethodDecl();
            MD && MD->getIdentifier() &&
            (MD->getName() == "push_back" || MD->getName() == "emplace_back"))
          ElementWrite = true;
        return true; // size(), data() on their own fill nothing
      }
      for (const Expr *A : CE->arguments())
        if (mentions(A))
          Bulk = true;
      return true;
    }
  } F;
  F.Buffer = Buffer;
  F.FromBlob = FromBlob;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.ElementWrite && !F.Bulk;
}

/// Finds a resolved from_blob call written at Loc in a template pattern.
class PatternCallFinder : public RecursiveASTVisitor<PatternCallFinder> {
public:
  explicit PatternCallFinder(SourceLocation Loc) : Loc(Loc) {}
  bool Found = false;
  bool VisitCallExpr(CallExpr *CE) {
    if (CE->getBeginLoc() == Loc && matchFromBlob(CE))
      Found = true;
    return !Found;
  }

private:
  SourceLocation Loc;
};

/// Where the message takes the element type from.
struct ElementSource {
  /// The variable whose declaration spells the element type, or null:
  /// 'p' (double *p), 'buf' (double buf[4]), 'values' (std::vector<double>).
  const ValueDecl *Owner = nullptr;
  /// True when Owner is a pointer (else an array or a container).
  bool IsPointer = false;
  /// The element type as the user spells it: int64_t, not long.
  std::string Name;
};

/// The element type written in D's declared type: the pointee, the array
/// element, or the first template argument of a container.
QualType writtenElementType(const ValueDecl *D) {
  QualType T = D->getType().getNonReferenceType();
  QualType Written;
  if (const auto *PT = T->getAs<PointerType>())
    Written = PT->getPointeeType();
  else if (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    Written = AT->getElementType();
  else if (const auto *TST = T->getAs<TemplateSpecializationType>();
           TST && !TST->template_arguments().empty() &&
           TST->template_arguments()[0].getKind() == TemplateArgument::Type)
    Written = TST->template_arguments()[0].getAsType();
  while (!Written.isNull() && Written->isArrayType())
    Written = Written->getAsArrayTypeUnsafe()->getElementType();
  return Written;
}

/// Names the element type of Source ('values.data()', 'p', '&buf[0]'),
/// which holds Holds. The variable it comes from is named only when its
/// declaration spells that same element type; otherwise Clang's canonical
/// spelling is used, free of the library's typedefs (value_type).
ElementSource describeElement(const Expr *Source, QualType Element,
                              api::ScalarKind Holds, const ASTContext &Ctx) {
  const PrintingPolicy &Policy = Ctx.getPrintingPolicy();
  ElementSource Out;
  Out.Name =
      Element.getCanonicalType().getUnqualifiedType().getAsString(Policy);
  const Expr *E = Source->IgnoreParenImpCasts();
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = MCE->getMethodDecl();
    const auto *Callee = dyn_cast<MemberExpr>(MCE->getCallee());
    if (!MD || !MD->getIdentifier() || MD->getName() != "data" || !Callee ||
        Callee->isArrow())
      return Out;
    E = MCE->getImplicitObjectArgument()->IgnoreParenImpCasts();
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_AddrOf) {
    const Expr *Sub = UO->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Sub))
      E = ASE->getBase()->IgnoreParenImpCasts();
    else if (const auto *OCE = dyn_cast<CXXOperatorCallExpr>(Sub);
             OCE && OCE->getOperator() == OO_Subscript)
      E = OCE->getArg(0)->IgnoreParenImpCasts();
    else
      return Out;
  }
  const ValueDecl *D = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    D = dyn_cast<VarDecl>(DRE->getDecl());
  else if (const auto *ME = dyn_cast<MemberExpr>(E))
    D = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!D || !D->getIdentifier())
    return Out;
  QualType Written = writtenElementType(D);
  if (Written.isNull() || api::elementKindOf(Written) != Holds)
    return Out;
  Out.Owner = D;
  Out.IsPointer = D->getType().getNonReferenceType()->isPointerType();
  Out.Name = Written.getUnqualifiedType().getAsString(Policy);
  return Out;
}

class FromBlobDtypeRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(fromBlobCallMatcher(), this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    std::optional<FromBlobCall> FB =
        matchFromBlob(Result.Nodes.getNodeAs<CallExpr>("call"));
    if (!FB)
      return;
    const CallExpr *Call = FB->Call;

    // In a template, a call whose arguments do not depend on the template
    // is reported once, in the pattern. A dependent one is only resolved in
    // the instantiations: report the first that disagrees, without a fix
    // (the other instantiations need other dtypes).
    const FunctionDecl *Instance = instantiationOf(Call, Ctx);
    if (Instance && patternHasResolvedCall(Instance, Call->getBeginLoc()))
      return;

    const Expr *Source = dataBeforeVoidCast(FB->Data);
    QualType Element = pointeeElementType(Source->getType());
    // A cv::Mat's pixels hold what OpenCV's calls made them, whatever
    // pointer type `data` or `ptr<T>()` gives.
    std::optional<api::MatElements> Mat;
    if (const Expr *M = api::matOfPixels(Source))
      Mat = api::matElementsAt(M, Call, Ctx);
    if (Mat && !Mat->Kind)
      Mat.reset();
    // Assigned in two steps: GCC 12 cannot see that the Mat branch only
    // reads an engaged optional (-Wmaybe-uninitialized).
    std::optional<api::ScalarKind> Holds = api::elementKindOf(Element);
    if (Mat)
      Holds = *Mat->Kind;
    if (!Holds)
      return;
    // A byte buffer may hold another type's bytes (a file read, cv::Mat's
    // data), unless the function writes byte values into it.
    if (!Mat && isByteKind(*Holds)) {
      ElementSource Owner = describeElement(Source, Element, *Holds, Ctx);
      const auto *Buffer = dyn_cast_or_null<VarDecl>(Owner.Owner);
      const FunctionDecl *Fn = enclosingFunction(Call, Ctx);
      if (!Buffer || Owner.IsPointer || !Buffer->isLocalVarDecl() || !Fn ||
          !Fn->getBody() || !holdsByteValues(Buffer, Fn->getBody(), Call))
        return;
    }

    OptionsDtype Given;
    Given.State = OptionsDtype::Default;
    if (FB->Options)
      Given = optionsDtype(FB->Options, Ctx);
    if (Given.State == OptionsDtype::Unknown)
      return;
    api::ScalarKind Reads = Given.State == OptionsDtype::Known
                                ? Given.Kind
                                : api::ScalarKind::Float;
    if (Reads == *Holds)
      return;
    if (!Reported.insert(Call->getBeginLoc().getRawEncoding()).second)
      return;

    std::string Callee = calleeText(*FB, Ctx);
    std::string Data = writtenText(Source, Ctx);
    std::string Shown = Data.empty() ? "the data" : "'" + Data + "'";
    ElementSource Described =
        Mat ? ElementSource() : describeElement(Source, Element, *Holds, Ctx);
    const std::string &ElementName = Mat ? Mat->Depth : Described.Name;
    std::string Fix = fixSpelling(*Holds, FB->Callee);
    std::string Message = "'" + Callee + "' reads " + Shown + " (" +
                          ElementName + " elements) as " +
                          api::scalarName(Reads).str();
    if (!FB->Options)
      Message += ", the default dtype";
    Message += "; pass " + Fix + " so the tensor holds the values";
    Finding &F = report(Call->getBeginLoc(), std::move(Message));

    if (FB->Options) {
      const Expr *Where = Given.Where ? Given.Where : FB->Options;
      F.Notes.push_back(
          {Where->getBeginLoc(),
           Given.State == OptionsDtype::Known
               ? "the dtype " + api::scalarName(Reads).str() + " is given here"
               : std::string("these options name no dtype, so the tensor is "
                             "Float")});
    }
    if (Mat && Mat->Where)
      F.Notes.push_back({Mat->Where->getBeginLoc(),
                         "'" + writtenText(api::matOfPixels(Source), Ctx) +
                             "' holds " + Mat->Depth + " elements from here"});
    // In an instantiation the declaration spells the template parameter.
    if (Described.Owner && !Instance)
      F.Notes.push_back({Described.Owner->getLocation(),
                         "'" + Described.Owner->getNameAsString() + "' " +
                             (Described.IsPointer ? "points to " : "holds ") +
                             ElementName + " elements"});
    if (Instance) {
      SourceLocation Point = Instance->getPointOfInstantiation();
      if (Point.isValid())
        F.Notes.push_back({Point, "in '" + instanceName(Instance, Ctx) +
                                      "', instantiated here"});
      return;
    }
    if (auto Hint = fixFor(*FB, Given, Fix, Ctx))
      F.Fixes.push_back(*Hint);
  }

private:
  /// The template instantiation holding S, or null outside instantiations.
  static const FunctionDecl *instantiationOf(const Stmt *S, ASTContext &Ctx) {
    const FunctionDecl *Fn = enclosingFunction(S, Ctx);
    // A lambda belongs to the function it is written in.
    while (Fn) {
      const auto *Closure = dyn_cast<CXXRecordDecl>(Fn->getDeclContext());
      if (!Closure || !Closure->isLambda())
        break;
      Fn = dyn_cast_or_null<FunctionDecl>(Closure->getDeclContext());
    }
    return Fn && Fn->getTemplateInstantiationPattern() ? Fn : nullptr;
  }

  /// True when the pattern of Instance resolves the from_blob call at Loc:
  /// its arguments do not depend on the template parameters.
  static bool patternHasResolvedCall(const FunctionDecl *Instance,
                                     SourceLocation Loc) {
    const FunctionDecl *Pattern = Instance->getTemplateInstantiationPattern();
    if (!Pattern || !Pattern->hasBody())
      return false;
    PatternCallFinder Finder(Loc);
    Finder.TraverseStmt(Pattern->getBody());
    return Finder.Found;
  }

  /// "loadColumn<double>", as the instantiation is named.
  static std::string instanceName(const FunctionDecl *FD, ASTContext &Ctx) {
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
    return OS.str();
  }

  /// The constant for K, spelled in the namespace of the callee the user
  /// called, which is in scope wherever the call compiles.
  static std::string fixSpelling(api::ScalarKind K,
                                 const FunctionDecl *Callee) {
    llvm::StringRef Text = api::scalarFixText(K);
    if (api::hasQualifiedName(Callee, "at::from_blob") &&
        Text.consume_front("torch::"))
      return ("at::" + Text).str();
    return Text.str();
  }

  /// Adds the dtype when none is given; replaces a bare ScalarType constant.
  /// Options built any other way are left to the user.
  static std::optional<FixItHint> fixFor(const FromBlobCall &FB,
                                         const OptionsDtype &Given,
                                         llvm::StringRef Fix,
                                         const ASTContext &Ctx) {
    if (!FB.Options) {
      unsigned Written = api::writtenArgCount(FB.Call);
      if (Written == 0)
        return std::nullopt;
      return insertFix(FB.Call->getArg(Written - 1)->getEndLoc(),
                       (", " + Fix).str(), /*After=*/true, Ctx);
    }
    const Expr *Written = api::ignoreWrappers(FB.Options);
    const auto *DRE = dyn_cast<DeclRefExpr>(Written);
    if (Given.State != OptionsDtype::Known || !DRE ||
        !api::isScalarTypeType(DRE->getType()) ||
        !api::isInTorchNamespace(DRE->getDecl()))
      return std::nullopt;
    return replaceFix(DRE->getSourceRange(), Fix, Ctx);
  }

  /// Call locations already reported (templates instantiated many times).
  std::set<unsigned> Reported;
};

} // namespace

std::unique_ptr<Rule> createFromBlobDtypeRule(const RuleInfo &Info,
                                              RuleEnvironment &Env) {
  return std::make_unique<FromBlobDtypeRule>(Info, Env);
}

} // namespace torchlint
