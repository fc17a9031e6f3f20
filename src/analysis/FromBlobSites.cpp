//===- FromBlobSites.cpp - What from_blob reads its memory as -------------===//

#include "torchlint/analysis/FromBlobSites.h"
#include "torchlint/api/OpenCV.h"
#include "torchlint/api/Syntax.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

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

/// The template instantiation holding S, or null outside instantiations.
const FunctionDecl *instantiationOf(const Stmt *S, ASTContext &Ctx) {
  const FunctionDecl *Fn = api::enclosingFunction(S, Ctx);
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
bool patternHasResolvedCall(const FunctionDecl *Instance, SourceLocation Loc) {
  const FunctionDecl *Pattern = Instance->getTemplateInstantiationPattern();
  if (!Pattern || !Pattern->hasBody())
    return false;
  PatternCallFinder Finder(Loc);
  Finder.TraverseStmt(Pattern->getBody());
  return Finder.Found;
}

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

/// The element type of Source ('values.data()', 'p', '&buf[0]'), which
/// holds Holds, and the variable it comes from. The variable is named only
/// when its declaration spells that same element type; otherwise Clang's
/// canonical spelling is used, free of the library's typedefs (value_type).
FromBlobElements describeElement(const Expr *Source, QualType Element,
                                 api::ScalarKind Holds, const ASTContext &Ctx) {
  const PrintingPolicy &Policy = Ctx.getPrintingPolicy();
  FromBlobElements Out;
  Out.Holds = Holds;
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
  Out.OwnerIsPointer = D->getType().getNonReferenceType()->isPointerType();
  Out.Name = Written.getUnqualifiedType().getAsString(Policy);
  return Out;
}

} // namespace

std::optional<FromBlobDtypeMismatch>
fromBlobDtypeMismatch(const CallExpr *Call, ASTContext &Ctx) {
  std::optional<FromBlobCall> FB = matchFromBlob(Call);
  if (!FB)
    return std::nullopt;
  FromBlobDtypeMismatch Out;
  Out.Call = *FB;
  // In a template, a call whose arguments do not depend on the template is
  // answered once, in the pattern. A dependent one is only resolved in the
  // instantiations.
  Out.Instance = instantiationOf(Call, Ctx);
  if (Out.Instance && patternHasResolvedCall(Out.Instance, Call->getBeginLoc()))
    return std::nullopt;

  const Expr *Source = dataBeforeVoidCast(FB->Data);
  Out.Data = Source;
  QualType Element = pointeeElementType(Source->getType());
  // A cv::Mat's pixels hold what OpenCV's calls made them, whatever pointer
  // type `data` or `ptr<T>()` gives.
  std::optional<api::MatElements> Mat;
  const Expr *MatExpr = api::matOfPixels(Source);
  if (MatExpr)
    Mat = api::matElementsAt(MatExpr, Call, Ctx);
  if (Mat && !Mat->Kind)
    Mat.reset();
  // Assigned in two steps: GCC 12 cannot see that the Mat branch only reads
  // an engaged optional (-Wmaybe-uninitialized).
  std::optional<api::ScalarKind> Holds = api::elementKindOf(Element);
  if (Mat)
    Holds = *Mat->Kind;
  if (!Holds)
    return std::nullopt;
  if (Mat) {
    Out.Elements.Holds = *Holds;
    Out.Elements.Name = Mat->Depth;
    Out.Elements.Mat = MatExpr;
    Out.Elements.MatSetAt = Mat->Where;
  } else {
    Out.Elements = describeElement(Source, Element, *Holds, Ctx);
    // A byte buffer may hold another type's bytes (a file read, cv::Mat's
    // data), unless the function writes byte values into it.
    if (isByteKind(*Holds)) {
      const auto *Buffer = dyn_cast_or_null<VarDecl>(Out.Elements.Owner);
      const FunctionDecl *Fn = api::enclosingFunction(Call, Ctx);
      if (!Buffer || Out.Elements.OwnerIsPointer ||
          !Buffer->isLocalVarDecl() || !Fn || !Fn->getBody() ||
          !holdsByteValues(Buffer, Fn->getBody(), Call))
        return std::nullopt;
    }
  }

  Out.Given.State = OptionsDtype::Default;
  if (FB->Options)
    Out.Given = optionsDtype(FB->Options, Ctx);
  if (Out.Given.State == OptionsDtype::Unknown)
    return std::nullopt;
  Out.Reads = Out.Given.State == OptionsDtype::Known ? Out.Given.Kind
                                                     : api::ScalarKind::Float;
  if (Out.Reads == *Holds)
    return std::nullopt;
  return Out;
}

} // namespace torchlint
