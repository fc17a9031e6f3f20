//===- DeviceLattice.cpp - Where a tensor lives ---------------------------===//

#include "torchlint/analysis/DeviceLattice.h"

#include "llvm/ADT/STLExtras.h"

namespace torchlint {

Device Device::cuda(int Index) {
  Device D;
  D.Kind = Cuda;
  D.Index = Index;
  D.Spelling = Index < 0 ? "a CUDA device" : "cuda:" + std::to_string(Index);
  D.FixText =
      Index < 0 ? "torch::kCUDA"
                : "torch::Device(torch::kCUDA, " + std::to_string(Index) + ")";
  return D;
}

Device Device::cudaAtRunTime(std::string Key, std::string Spelling,
                             std::string FixText) {
  Device D;
  D.Kind = Cuda;
  D.Index = RunTimeOrdinal;
  D.Key = std::move(Key);
  D.Spelling = std::move(Spelling);
  D.FixText = std::move(FixText);
  return D;
}

/// True when the current device A, known to be cuda:0, differs from B.
static bool firstAgainstOther(const Device &A, const Device &B) {
  return A.Index == Device::CurrentOrdinal && A.CurrentIsFirst &&
         (B.Index == Device::RunTimeOrdinal || B.Index > 0);
}

bool devicesConflict(const Device &A, const Device &B) {
  if (A.Kind == Device::Scalar || B.Kind == Device::Scalar)
    return false;
  if (A.Kind == Device::Cpu)
    return B.Kind != Device::Cpu;
  if (B.Kind == Device::Cpu)
    return true;
  if (A.Kind == Device::Cuda && B.Kind == Device::Cuda)
    return (A.Index >= 0 && B.Index >= 0 && A.Index != B.Index) ||
           firstAgainstOther(A, B) || firstAgainstOther(B, A);
  if (A.Kind == Device::Accelerator && B.Kind == Device::Accelerator)
    return A.Key != B.Key;
  if ((A.Kind == Device::Accelerator && B.Kind == Device::Cuda) ||
      (A.Kind == Device::Cuda && B.Kind == Device::Accelerator))
    return true;
  // A symbolic device may be any of them: only the CPU case is certain,
  // handled above.
  return false;
}

} // namespace torchlint
