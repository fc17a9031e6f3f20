//===- DeviceLattice.h - Where a tensor lives -------------------*- C++ -*-===//
//
// The device property of the flow engine. A Device is one place a tensor can
// live: the CPU, a CUDA device (with its index when known), another
// accelerator, a symbolic device chosen at run time (a device variable, a
// function's input), or a CPU scalar that may join any device. A DeviceSet is
// what one variable may hold at a program point (Lattice.h).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DEVICELATTICE_H
#define TORCHLINT_DEVICELATTICE_H

#include "torchlint/analysis/Lattice.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace clang {
class ValueDecl;
}

namespace torchlint {

/// One place a tensor can live.
struct Device {
  /// The property's name, where reports and the project index name it.
  static constexpr llvm::StringLiteral PropertyName = "device";

  enum KindTy {
    Cpu,
    Cuda,        ///< Index says which ordinal, if one is known.
    Accelerator, ///< mps, xpu, meta, ...: Name says which.
    Symbolic,    ///< Chosen at run time: Name identifies the choice.
    Scalar,      ///< A 0-dim CPU tensor, allowed next to any device.
  };
  KindTy Kind = Cpu;
  /// For Cuda: the ordinal, CurrentOrdinal for the current device
  /// (`torch::kCUDA`) or RunTimeOrdinal for one chosen at run time
  /// (`"cuda:" + std::to_string(rank)`).
  int Index = -1;
  static constexpr int CurrentOrdinal = -1;
  static constexpr int RunTimeOrdinal = -2;
  /// For Symbolic: a stable key ("var:0x..", "input:x"); for Accelerator:
  /// its name; for Cpu, the project key of the function in another file
  /// that returned it: the CPU only if the project shows that function
  /// returns a CPU tensor (FactKind::ReturnsCpu).
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
  /// For the current CUDA device: the program never sets it (no
  /// set_device, no device guard in view), so it is cuda:0.
  bool CurrentIsFirst = false;

  static Device cpu() { return {Cpu, -1, "", "the CPU", "torch::kCPU"}; }
  static Device scalar() { return {Scalar, -1, "", "a CPU scalar", ""}; }
  static Device cuda(int Index);
  /// A CUDA device whose ordinal is chosen at run time; Key names the
  /// choice, so that one choice agrees with itself.
  static Device cudaAtRunTime(std::string Key, std::string Spelling,
                              std::string FixText);
  static Device symbolic(std::string Key, std::string Spelling,
                         std::string FixText, bool FollowsInput = false) {
    return {Symbolic,           -1,
            std::move(Key),     std::move(Spelling),
            std::move(FixText), FollowsInput};
  }

  /// True for the CPU tensor another file's function returns.
  bool returnedElsewhere() const { return Kind == Cpu && !Key.empty(); }

  bool operator==(const Device &O) const {
    return Kind == O.Kind && Index == O.Index && Key == O.Key;
  }
  bool operator!=(const Device &O) const { return !(*this == O); }
};

/// True when tensors on A and B can never meet in one operation on a machine
/// with a GPU: the CPU against any accelerator or run-time choice, two
/// known, different CUDA ordinals, or a current device that is cuda:0
/// against another ordinal or one chosen at run time (a rank's GPU).
/// Unknown relations are not conflicts.
bool devicesConflict(const Device &A, const Device &B);

/// One possible device of a value, with the steps that explain it.
using DeviceFact = Fact<Device>;
/// What devices a value may be on.
using DeviceSet = FactSet<Device>;

} // namespace torchlint

#endif
