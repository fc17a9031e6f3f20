//===- Audit.cpp - Merging unit results into one report -------------------===//

#include "Audit.h"

#include "llvm/ADT/STLExtras.h"

namespace torchlint {

void ProjectFacts::learn(const std::vector<RenderedSite> &Sites) {
  for (const RenderedSite &S : Sites)
    First.emplace(S.Record.Fact, S);
}

bool ProjectFacts::settles(const UnitResult &Unit) const {
  return llvm::all_of(Unit.Findings, [&](const RenderedFinding &F) {
    return F.Record.Needs == ProjectFact::None || First.count(F.Record.Needs);
  });
}

std::vector<SiteRecord> ProjectFacts::sites() const {
  std::vector<SiteRecord> Out;
  for (const auto &[Fact, Site] : First)
    Out.push_back(Site.Record);
  return Out;
}

void ProjectFacts::settle(UnitResult &Unit,
                          std::vector<RenderedFinding> *Undecided) const {
  llvm::erase_if(Unit.Findings, [&](RenderedFinding &F) {
    if (F.Record.Needs == ProjectFact::None)
      return false;
    auto Site = First.find(F.Record.Needs);
    if (Site == First.end()) {
      if (Undecided)
        Undecided->push_back(std::move(F));
      return true;
    }
    F.Record.Notes.push_back(Site->second.Record.Note);
    F.Text += Site->second.Text;
    F.Record.Needs = ProjectFact::None;
    return false;
  });
}

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
  std::string Previous; // The unit's last finding so far, for Pending.
  for (RenderedFinding &F : Unit.Findings) {
    FindingRecord &R = F.Record;
    // Undecided (a shard's): kept for --merge, in its place among the
    // unit's findings, and fingerprinted there once decided.
    if (R.Needs != ProjectFact::None) {
      R.Unit = Unit.File;
      Summary.Pending.push_back({std::move(R), Previous});
      continue;
    }
    // A header's finding is found again by every unit that includes it.
    if (!Seen.insert({R.Loc.File, R.Loc.Offset, R.Rule->Id.str(), R.Message})
             .second)
      continue;
    Prints.assign(R);
    R.Unit = Unit.File;
    Previous = R.Fingerprint;
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
