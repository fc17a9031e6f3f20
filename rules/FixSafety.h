//===- FixSafety.h - Whether a fix-it's name holds the right value -*- C++ -*-//
//
// A fix-it that names a variable can compile and still be wrong: the name
// may be another value where it is inserted, or a member not initialised yet
// (issue 39). Rules that name a device variable in a fix ask here first, and
// where no right fix exists keep the finding and its note without one.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_RULES_FIXSAFETY_H
#define TORCHLINT_RULES_FIXSAFETY_H

#include "clang/AST/ASTContext.h"

namespace torchlint {

/// True when Var's name written at Use names Var holding its value: no
/// parameter or local of that name hides it there, and a field has been
/// initialised by then. A constructor's initialisers run in the order of the
/// fields, so neither an initialiser of a field declared before Var (or of
/// Var itself, or of a base) nor a member function such an initialiser
/// calls, directly or through others, may read Var.
bool nameHoldsValueAt(const clang::ValueDecl *Var, const clang::Stmt *Use,
                      clang::ASTContext &Ctx);

} // namespace torchlint

#endif // TORCHLINT_RULES_FIXSAFETY_H
