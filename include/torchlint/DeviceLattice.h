//===- DeviceLattice.h - Where a tensor lives -------------------*- C++ -*-===//
//
// The values of the device-provenance analysis. A Device is one place a
// tensor can live: the CPU, a CUDA device (with its index when known), another
// accelerator, a symbolic device chosen at run time (a device variable, a
// function's input), or a CPU scalar that may join any device. A DeviceSet is
// what one variable may hold at a program point: one fact per path that
// reaches it, each with the steps that explain it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DEVICELATTICE_H
#define TORCHLINT_DEVICELATTICE_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class ValueDecl;
}
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <string>

namespace torchlint {

/// One place a tensor can live.
struct Device {
  enum KindTy {
    Cpu,
    Cuda,        ///< Index is the ordinal, or -1 for the current device.
    Accelerator, ///< mps, xpu, meta, ...: Name says which.
    Symbolic,    ///< Chosen at run time: Name identifies the choice.
    Scalar,      ///< A 0-dim CPU tensor, allowed next to any device.
  };
  KindTy Kind = Cpu;
  int Index = -1;
  /// For Symbolic: a stable key ("var:0x..", "input:x"); for Accelerator:
  /// its name.
  std::string Key;
  /// How the device reads in a message: "the CPU", "cuda:1", "'device'".
  std::string Spelling;
  /// For Symbolic: the code that spells the device in a fix-it ("device").
  std::string FixText;
  /// For Symbolic devices that follow a function's input tensor.
  bool FollowsInput = false;
  /// The variable that holds a run-time choice, when there is one; a fix-it
  /// may name it only where it is in scope.
  const clang::ValueDecl *Var = nullptr;

  static Device cpu() { return {Cpu, -1, "", "the CPU", "torch::kCPU"}; }
  static Device scalar() { return {Scalar, -1, "", "a CPU scalar", ""}; }
  static Device cuda(int Index);
  static Device symbolic(std::string Key, std::string Spelling,
                         std::string FixText, bool FollowsInput = false) {
    return {Symbolic,           -1,
            std::move(Key),     std::move(Spelling),
            std::move(FixText), FollowsInput};
  }

  bool operator==(const Device &O) const {
    return Kind == O.Kind && Index == O.Index && Key == O.Key;
  }
  bool operator!=(const Device &O) const { return !(*this == O); }
};

/// True when tensors on A and B can never meet in one operation on a machine
/// with a GPU: the CPU against any accelerator or run-time choice, or two
/// known, different CUDA ordinals. Unknown relations are not conflicts.
bool devicesConflict(const Device &A, const Device &B);

/// One step of provenance: where a tensor was created, moved or computed.
struct ProvenanceStep {
  clang::SourceLocation Loc;
  std::string Message; ///< "is moved to 'device' here".
  std::string Subject; ///< The variable the step is about, once known.
};

/// One possible device of a value, with the steps that explain it.
struct DeviceFact {
  Device Where;
  llvm::SmallVector<ProvenanceStep, 3> Steps;
  /// The expression that created a CPU value in this function, where a
  /// fix-it can move it (a factory call, a batch member).
  const void *Birth = nullptr;
  /// True when the birth is a tensor factory with no device at all.
  bool FromFactory = false;
  /// True when a discarded `t.to(...)` left this value where it was: the
  /// bug is the discarded move (torch-discarded-move), not a second one.
  bool AfterDiscardedMove = false;
};

/// What a value may be: a small set of facts, or unknown.
///
/// The facts are immutable and shared: the dataflow copies whole states at
/// every block boundary, so a copy must cost a pointer, not a dozen strings.
/// Modifications copy on write.
class DeviceSet {
public:
  static constexpr unsigned MaxFacts = 4;
  /// Reference counted without atomics: one analysis runs on one thread,
  /// and state copies are the hot path.
  struct FactList : llvm::SmallVector<DeviceFact, 2> {
    FactList() = default;
    explicit FactList(DeviceFact F) { push_back(std::move(F)); }
    FactList(const FactList &O) : llvm::SmallVector<DeviceFact, 2>(O) {}
    void Retain() const { ++Refs; }
    void Release() const {
      if (--Refs == 0)
        delete this;
    }
    unsigned useCount() const { return Refs; }

  private:
    mutable unsigned Refs = 0;
  };

  DeviceSet() = default; ///< Unknown.
  explicit DeviceSet(DeviceFact F) : Facts(new FactList(std::move(F))) {}

  bool isUnknown() const { return !Facts || Facts->empty(); }
  /// The single fact when every path agrees.
  const DeviceFact *single() const {
    return Facts && Facts->size() == 1 ? &Facts->front() : nullptr;
  }
  llvm::ArrayRef<DeviceFact> facts() const {
    return Facts ? llvm::ArrayRef<DeviceFact>(*Facts)
                 : llvm::ArrayRef<DeviceFact>();
  }

  /// Adds the facts of Other (a control-flow merge). Unknown absorbs.
  void join(const DeviceSet &Other);

  /// Appends a provenance step to every fact.
  void addStep(clang::SourceLocation Loc, const std::string &Message);

  /// Same devices (provenance is not compared: it does not change
  /// what can conflict, and comparing it would delay the fixpoint).
  bool sameDevices(const DeviceSet &O) const;

  /// Names the variable that steps without a subject are about.
  void nameSubject(const std::string &Name);

  /// Marks every fact as left behind by a discarded move.
  void markDiscardedMove();

  /// Marks this value as unknown.
  void clear() { Facts.reset(); }

private:
  /// The facts, unshared, for modification.
  FactList &mutableFacts();

  llvm::IntrusiveRefCntPtr<FactList> Facts;
};

} // namespace torchlint

#endif
