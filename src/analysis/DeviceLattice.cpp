//===- DeviceLattice.cpp - Where a tensor lives ---------------------------===//

#include "torchlint/DeviceLattice.h"

namespace torchlint {

Device Device::cuda(int Index) {
  Device D;
  D.Kind = Cuda;
  D.Index = Index;
  D.Spelling = Index < 0 ? "a CUDA device" : "cuda:" + std::to_string(Index);
  D.FixText = Index < 0 ? "torch::kCUDA"
                        : "torch::Device(torch::kCUDA, " +
                              std::to_string(Index) + ")";
  return D;
}

bool devicesConflict(const Device &A, const Device &B) {
  if (A.Kind == Device::Scalar || B.Kind == Device::Scalar)
    return false;
  if (A.Kind == Device::Cpu)
    return B.Kind != Device::Cpu;
  if (B.Kind == Device::Cpu)
    return true;
  if (A.Kind == Device::Cuda && B.Kind == Device::Cuda)
    return A.Index >= 0 && B.Index >= 0 && A.Index != B.Index;
  if (A.Kind == Device::Accelerator && B.Kind == Device::Accelerator)
    return A.Key != B.Key;
  if ((A.Kind == Device::Accelerator && B.Kind == Device::Cuda) ||
      (A.Kind == Device::Cuda && B.Kind == Device::Accelerator))
    return true;
  // A symbolic device may be any of them: only the CPU case is certain,
  // handled above.
  return false;
}

void DeviceSet::join(const DeviceSet &Other, bool OtherReached) {
  if (!OtherReached)
    return;
  if (isUnknown() || Other.isUnknown()) {
    Facts.clear();
    return;
  }
  for (const DeviceFact &F : Other.Facts) {
    bool Present = false;
    for (const DeviceFact &Mine : Facts)
      Present |= Mine.Where == F.Where;
    if (!Present)
      Facts.push_back(F);
  }
  // Too many possibilities say nothing useful.
  if (Facts.size() > MaxFacts)
    Facts.clear();
}

void DeviceSet::addStep(clang::SourceLocation Loc, const std::string &Message) {
  for (DeviceFact &F : Facts)
    if (F.Steps.size() < 6)
      F.Steps.push_back({Loc, Message, ""});
}

bool DeviceSet::sameDevices(const DeviceSet &O) const {
  if (Facts.size() != O.Facts.size())
    return false;
  for (const DeviceFact &F : Facts) {
    bool Found = false;
    for (const DeviceFact &G : O.Facts)
      Found |= F.Where == G.Where;
    if (!Found)
      return false;
  }
  return true;
}

} // namespace torchlint
