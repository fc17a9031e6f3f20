//===- RuleUtils.h - Helpers shared by several rules ------------*- C++ -*-===//

#ifndef TORCHLINT_RULES_RULEUTILS_H
#define TORCHLINT_RULES_RULEUTILS_H

#include "torchlint/api/Syntax.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/Diagnostic.h"

#include <optional>
#include <string>

namespace torchlint {

/// The function, method or lambda body that contains S (the API layer's).
using api::enclosingFunction;

/// A torch::Device variable visible at Use that was chosen at run time
/// (isRuntimeDevice): a local declared earlier, a parameter, a member of the
/// enclosing class. The nearest one wins.
const clang::ValueDecl *findDeviceVariable(const clang::Stmt *Use,
                                           clang::ASTContext &Ctx);

/// A fix-it replacing the tokens of Range with Text, or nothing when the
/// range cannot be edited safely (it starts or ends inside a macro body).
std::optional<clang::FixItHint> replaceFix(clang::SourceRange Range,
                                           llvm::StringRef Text,
                                           const clang::ASTContext &Ctx);

/// A fix-it inserting Text before the token at Loc (or after it when After).
std::optional<clang::FixItHint> insertFix(clang::SourceLocation Loc,
                                          llvm::StringRef Text, bool After,
                                          const clang::ASTContext &Ctx);

} // namespace torchlint

#endif
