//===- Audit.cpp - Merging unit results into one report -------------------===//

#include "Audit.h"

namespace torchlint {

void Audit::add(UnitResult &Unit, llvm::raw_ostream *Text) {
  if (Text)
    *Text << Unit.DiagText;
  Summary.Units.push_back(
      {Unit.File, Unit.Failure.empty(), Unit.Cached, Unit.Seconds});
  if (!Unit.Failure.empty()) {
    Summary.Failures.push_back({Unit.File, Unit.Failure});
    FailedFiles.insert(Unit.File);
    return;
  }
  ++Summary.FilesAnalysed;
  Summary.Suppressed += Unit.Suppressed;
  Summary.OutsideFilter += Unit.HeaderFiltered;
  for (RenderedFinding &F : Unit.Findings) {
    FindingRecord &R = F.Record;
    // A header's finding is found again by every unit that includes it.
    if (!Seen.insert({R.Loc.File, R.Loc.Offset, R.Rule->Id.str(), R.Message})
             .second)
      continue;
    Prints.assign(R);
    R.Unit = Unit.File;
    All.push_back(R);
    if (ChangedOnly && !R.IntroducedBy) {
      ++Summary.OutsideFilter;
      continue;
    }
    if (Base && Base->Fingerprints.count(R.Fingerprint)) {
      ++Summary.InBaseline;
      continue;
    }
    Reported.push_back(R);
    if (Text)
      *Text << F.Text;
  }
  if (Text)
    Text->flush();
}

} // namespace torchlint
