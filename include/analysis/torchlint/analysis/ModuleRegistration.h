//===- ModuleRegistration.h - What module->to(device) leaves behind -*- C++ -*-//
//
// Module::to(device) moves exactly what was registered: parameters, buffers
// and submodules. A tensor member, a container of tensors or a submodule
// holder that a module builds at construction time but never registers stays
// on the CPU while the rest of the module moves. These queries read a user's
// module class: which members hold such state unregistered, and where the
// class registers state (for units that see only its declaration).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_MODULEREGISTRATION_H
#define TORCHLINT_MODULEREGISTRATION_H

#include "torchlint/core/ProjectFacts.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

#include <vector>

namespace torchlint {

/// What a member holds that module->to(device) would move if registered.
enum class ModuleMemberKind { Tensor, TensorContainer, Submodule };

/// A member of a module class that holds state the module does not
/// register.
struct UnregisteredMember {
  const clang::FieldDecl *Field = nullptr;
  ModuleMemberKind Kind = ModuleMemberKind::Tensor;
  /// The expression that first builds its value at construction time (an
  /// initialiser, an assignment's right side, a container's push_back), and
  /// where: the initialiser, the member initialiser's name, the assignment.
  const clang::Expr *Creation = nullptr;
  clang::SourceLocation CreatedAt;
  /// For a submodule whose class another file constructs, the project fact
  /// that says it holds state (FactKind::RegistersState); empty otherwise.
  ProjectFact Needs;
};

/// The members of RD, a user's torch::nn::Module subclass, that it creates
/// at construction time (a constructor, an in-class initialiser, reset(), or
/// a member function a constructor calls) and never registers, in field
/// order. Left out: members given by the caller, created again after
/// construction (a cache that follows its inputs), placed on a device by
/// hand from a device the module was given, handed out by a module with no
/// forward(); and every member when a constructor or reset() is defined in
/// another file. Empty for a class that is no module.
std::vector<UnregisteredMember>
unregisteredMembers(const clang::CXXRecordDecl *RD);

/// The constructor or reset() of RD, defined in this unit, that registers
/// parameters, buffers or submodules, or null; null for a class template.
/// A unit that sees only RD's declaration learns it from
/// registersStateFact(RD).
const clang::FunctionDecl *stateRegistration(const clang::CXXRecordDecl *RD);

/// The key of RD in FactKind::RegistersState.
ProjectFact registersStateFact(const clang::CXXRecordDecl *RD);

} // namespace torchlint

#endif
