//===- Writes.h - What may change a local variable -------------*- C++ -*-===//
//
// Whether a statement may change a variable, for the analyses that trust a
// value only while nothing writes it: a variable's initialiser read as its
// value, the write that reaches a loop's bound, a from_blob view followed
// through the variables that hold it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_ANALYSIS_WRITES_H
#define TORCHLINT_ANALYSIS_WRITES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace torchlint {

/// True for a reference type through which the referee can be changed.
/// Rvalue references are left out: they bind to a variable only through
/// std::move (seen as its own call) or the implicit move of a return, after
/// which the variable is not read.
bool isMutableReference(clang::QualType T);

/// True when E, under parentheses and implicit casts, names VD.
bool namesVar(const clang::Expr *E, const clang::VarDecl *VD);

/// What counts as a write besides assignments, increments, the address
/// taken, a non-const reference bound to the variable, a by-reference
/// lambda capture, and the variable handed to a call by non-const
/// reference (to any argument of a callee that is not resolved).
struct WriteRules {
  /// A non-const method or member operator called on the variable writes
  /// it. Off where such calls do not change what is asked: calling a data
  /// loader does not change how many rows it gives.
  bool MethodsWrite = true;
  /// The variable's own declaration (its initialiser, a range-for binding)
  /// writes it: the question is which statement gives it its value.
  bool DeclarationWrites = false;
};

/// True when the statement S itself, not what it contains, may change VD.
/// std::move and std::forward only cast, and std::get only reads: what
/// consumes or writes through their result is a statement of its own.
bool writesVar(const clang::Stmt *S, const clang::VarDecl *VD,
               WriteRules Rules = {});

/// True when any statement in Body may change VD (writesVar on each, and
/// the init-captures of lambdas).
bool mayBeWritten(const clang::VarDecl *VD, const clang::Stmt *Body,
                  WriteRules Rules = {});

} // namespace torchlint

#endif
