//===- DtypeConflicts.cpp - Shared by the dtype rules ---------------------===//

#include "DtypeConflicts.h"
#include "RuleUtils.h"

#include "torchlint/api/Syntax.h"

using namespace clang;

namespace torchlint {

std::optional<FixItHint> conversionFix(const Expr *At, api::ScalarKind K,
                                       const ASTContext &Ctx) {
  if (!At)
    return std::nullopt;
  const Expr *E = api::ignoreWrappers(At);
  // `a + b` would need parentheses; names, members and calls do not.
  bool Postfix = isa<DeclRefExpr, MemberExpr, ParenExpr>(E);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    Postfix = OC->getOperator() == OO_Subscript || OC->getOperator() == OO_Call;
  else if (isa<CallExpr>(E))
    Postfix = true;
  if (!Postfix)
    return std::nullopt;
  return insertFix(E->getEndLoc(), (".to(" + api::scalarFixText(K) + ")").str(),
                   /*After=*/true, Ctx);
}

std::optional<FixItHint> birthFix(const DtypeFact &F, api::ScalarKind K,
                                  const ASTContext &Ctx) {
  const auto *Birth = static_cast<const Expr *>(F.Birth);
  if (!Birth)
    return std::nullopt;
  if (F.FromFactory)
    return conversionFix(Birth, K, Ctx);
  return replaceFix(Birth->getSourceRange(), api::scalarFixText(K), Ctx);
}

} // namespace torchlint
