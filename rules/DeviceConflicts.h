//===- DeviceConflicts.h - Shared by the device flow rules ------*- C++ -*-===//

#ifndef TORCHLINT_RULES_DEVICECONFLICTS_H
#define TORCHLINT_RULES_DEVICECONFLICTS_H

#include "FlowRule.h"

namespace torchlint {

/// A rule that reports some kinds of device conflict.
class DeviceConflictRule : public FlowRule {
public:
  using FlowRule::FlowRule;

protected:
  /// A device conflict of a function of the user's code.
  virtual void onConflict(const DeviceConflict &C, clang::ASTContext &Ctx) = 0;

  /// What a conflict needs of the project: the facts its operands' values
  /// hold under (a CPU tensor a function of another unit returns, a
  /// configuration's device another unit sets), the caller the conflict
  /// with a parameter needs, and, when nothing else, for a device an input
  /// only may have (a module's forward()), a program that leaves the CPU.
  static std::vector<Need> neededFor(const DeviceConflict &C);

private:
  void onFunction(const clang::FunctionDecl *FD, clang::ASTContext &Ctx) final {
    for (const DeviceConflict &C : Env.Provenance->conflicts(FD))
      onConflict(C, Ctx);
  }
};

/// True when the device variable of D may be named at Loc: a parameter of
/// the function around Loc, or a local declared before Loc in it.
bool deviceNameableAt(const Device &D, clang::SourceLocation Loc,
                      const clang::Expr *At, clang::ASTContext &Ctx);

} // namespace torchlint

#endif
