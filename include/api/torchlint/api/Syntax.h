//===- Syntax.h - Reading expressions as the user wrote them ----*- C++ -*-===//
//
// Small AST helpers that every layer above Clang needs: the expression under
// implicit conversions and temporaries, its source text, how many arguments
// were written, and whether a value is thrown away.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SYNTAX_H
#define TORCHLINT_SYNTAX_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace torchlint {
namespace api {

/// The number of arguments the user wrote (default arguments excluded).
unsigned writtenArgCount(const clang::CallExpr *CE);
unsigned writtenArgCount(const clang::CXXConstructExpr *CE);

/// Strips parentheses, implicit conversions, temporaries and copies, leaving
/// the expression the user wrote.
const clang::Expr *ignoreWrappers(const clang::Expr *E);

/// The source text of E as written, or an empty string inside macros.
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx);
/// The source text of a token range as written, or an empty string.
std::string sourceText(clang::SourceRange Tokens, const clang::ASTContext &Ctx);

/// True when the value of E is thrown away: E is a statement of its own, the
/// body of a branch or loop, or the left side of a comma.
bool isDiscardedValue(const clang::Expr *E, clang::ASTContext &Ctx);

/// True for a declaration (other than the translation unit) written in a
/// system header, LibTorch's included: traversals of the user's code skip
/// them when the host has set no traversal scope.
bool isSystemHeaderDecl(const clang::Decl *D);

/// The name by which every unit of a project knows FD, a function with
/// external linkage that is no template: "Trainer::makeLabels(long) const",
/// its qualified name with canonical parameter types. Empty for the others
/// (templates, lambdas, internal linkage, virtual functions, whose callee
/// another unit cannot tell).
std::string projectKey(const clang::FunctionDecl *FD);

/// The function, method or lambda body that contains S, or null.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S,
                                             clang::ASTContext &Ctx);

/// The body of the function or lambda around S, or null.
inline const clang::Stmt *enclosingBody(const clang::Stmt *S,
                                        clang::ASTContext &Ctx) {
  const clang::FunctionDecl *FD = enclosingFunction(S, Ctx);
  return FD ? FD->getBody() : nullptr;
}

/// The innermost loop (for, range-based for, while, do) whose body or
/// condition holds S, inside the function around S; null when none.
const clang::Stmt *enclosingLoop(const clang::Stmt *S, clang::ASTContext &Ctx);

/// True when Loop may write VD, a variable or a field of `this`: VD is
/// declared in it, or it assigns, increments or (Writes saying so of a
/// member call on VD) changes it.
bool writtenIn(const clang::ValueDecl *VD, const clang::Stmt *Loop,
               llvm::function_ref<bool(const clang::CXXMemberCallExpr *)>
                   Writes = nullptr);

/// True when E's value may change from one iteration of Loop to the next:
/// it names a variable that Loop writes (writtenIn).
bool variesIn(const clang::Expr *E, const clang::Stmt *Loop);

} // namespace api
} // namespace torchlint

#endif
