//===- DeviceLattice.cpp - Where a tensor lives ---------------------------===//

#include "torchlint/DeviceLattice.h"

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

DeviceSet::FactList &DeviceSet::mutableFacts() {
  if (!Facts || Facts->useCount() > 1)
    Facts = Facts ? new FactList(*Facts) : new FactList();
  return *Facts;
}

void DeviceSet::join(const DeviceSet &Other) {
  if (Facts == Other.Facts)
    return;
  if (isUnknown() || Other.isUnknown()) {
    clear();
    return;
  }
  for (const DeviceFact &F : Other.facts()) {
    bool Present = llvm::any_of(
        facts(), [&](const DeviceFact &Mine) { return Mine.Where == F.Where; });
    if (!Present)
      mutableFacts().push_back(F);
  }
  // Too many possibilities say nothing useful.
  if (Facts->size() > MaxFacts)
    clear();
}

void DeviceSet::addStep(clang::SourceLocation Loc, const std::string &Message) {
  if (isUnknown())
    return;
  for (DeviceFact &F : mutableFacts())
    if (F.Steps.size() < 6)
      F.Steps.push_back({Loc, Message, ""});
}

void DeviceSet::nameSubject(const std::string &Name) {
  bool Needed = llvm::any_of(facts(), [](const DeviceFact &F) {
    return llvm::any_of(
        F.Steps, [](const ProvenanceStep &S) { return S.Subject.empty(); });
  });
  if (!Needed)
    return;
  for (DeviceFact &F : mutableFacts())
    for (ProvenanceStep &S : F.Steps)
      if (S.Subject.empty())
        S.Subject = Name;
}

void DeviceSet::markDiscardedMove() {
  if (isUnknown())
    return;
  for (DeviceFact &F : mutableFacts())
    F.AfterDiscardedMove = true;
}

bool DeviceSet::sameDevices(const DeviceSet &O) const {
  if (Facts == O.Facts)
    return true;
  if (facts().size() != O.facts().size())
    return false;
  for (const DeviceFact &F : facts())
    if (llvm::none_of(O.facts(),
                      [&](const DeviceFact &G) { return F.Where == G.Where; }))
      return false;
  return true;
}

} // namespace torchlint
