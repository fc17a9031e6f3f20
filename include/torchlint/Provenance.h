//===- Provenance.h - Device provenance of a translation unit ---*- C++ -*-===//
//
// A flow-sensitive pass over each function's clang::CFG that tracks where
// every tensor and module lives, and the operations where tensors from
// different devices meet. The rules torch-device-mismatch and
// torch-factory-missing-device read its conflicts; they never walk the code
// themselves.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_PROVENANCE_H
#define TORCHLINT_PROVENANCE_H

#include "torchlint/DeviceLattice.h"
#include "torchlint/Options.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>
#include <vector>

namespace torchlint {

/// One tensor (or module) taking part in an operation.
struct ConflictOperand {
  const clang::Expr *E = nullptr;
  std::string Text;  ///< As written ("labels", "out").
  std::string Param; ///< The callee's parameter name, when known.
  DeviceFact Fact;
  bool IsModule = false; ///< The module's parameters, not a tensor.
};

/// An operation where tensors on different devices meet.
struct DeviceConflict {
  enum KindTy {
    Mismatch,             ///< torch-device-mismatch
    FactoryMissingDevice, ///< torch-factory-missing-device
  };
  KindTy Kind = Mismatch;
  const clang::Expr *Site = nullptr;
  std::string Callee;    ///< "loss_fn", "torch::cat", "operator+".
  ConflictOperand Stray; ///< The operand to move (usually the CPU one).
  ConflictOperand Other; ///< The operand it should join.
  bool OnePath = false;  ///< The stray device is only one of several paths.
};

/// Summary of what a function returns, for callers in the same unit.
struct ReturnSummary {
  enum KindTy { Unknown, Fixed, FollowsArg, FollowsDeviceArg } Kind = Unknown;
  DeviceFact Fact;    ///< For Fixed.
  unsigned Index = 0; ///< For FollowsArg / FollowsDeviceArg.
};

/// Per translation unit: analyses each function once, on demand, and keeps
/// its conflicts and return summary.
class ProvenanceCache {
public:
  ProvenanceCache(clang::ASTContext &Ctx, const RuleOptions &Options);
  ~ProvenanceCache();

  /// Conflicts found in FD's body (a definition that is not a template
  /// pattern); empty when the analysis gave up.
  const std::vector<DeviceConflict> &conflicts(const clang::FunctionDecl *FD);

  /// What FD returns, computed bottom-up through calls.
  const ReturnSummary &summary(const clang::FunctionDecl *FD);

  clang::ASTContext &context() const { return Ctx; }
  const RuleOptions &options() const { return Options; }

  struct Result;
  struct ClassState;

  /// What the member functions of RD (an ordinary class, not a module) may
  /// assume about its fields on entry, computed once from its constructors.
  const ClassState &classState(const clang::CXXRecordDecl *RD);

private:
  Result &analyse(const clang::FunctionDecl *FD);

  clang::ASTContext &Ctx;
  const RuleOptions &Options;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<Result>> Results;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 8> InProgress;
  llvm::DenseMap<const clang::CXXRecordDecl *, std::unique_ptr<ClassState>>
      Classes;
};

} // namespace torchlint

#endif
