//===- Audit.cpp - Merging unit results into one report -------------------===//

#include "Audit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

namespace torchlint {

Programs::Programs(const std::vector<std::string> &Files) {
  static const llvm::Regex Main("^[ \t]*(int|auto)[ \t]+main[ \t]*\\(");
  std::map<std::string, std::vector<std::string>> MainsByFolder;
  for (const std::string &F : Files) {
    auto Buffer = llvm::MemoryBuffer::getFile(F);
    if (!Buffer)
      continue;
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n');
    if (llvm::any_of(Lines, [](llvm::StringRef L) {
          return L.contains("main") && Main.match(L);
        }))
      MainsByFolder[(llvm::sys::path::parent_path(F) + "/").str()].push_back(F);
  }
  // A folder with one main() is a program's folder. One with several (a
  // chapter of examples: train.cpp, test.cpp) holds one program per such
  // file, sharing the folder's other files.
  for (auto &[Folder, Mains] : MainsByFolder) {
    if (Mains.size() == 1)
      Roots.push_back(Folder);
    else
      MainFiles.insert(Mains.begin(), Mains.end());
  }
}

std::string Programs::of(llvm::StringRef File) const {
  if (MainFiles.count(File.str()))
    return File.str();
  std::string Best;
  for (const std::string &R : Roots)
    if (File.starts_with(R) && R.size() > Best.size())
      Best = R;
  return Best;
}

bool Programs::related(const ProjectFact &Fact, llvm::StringRef Site,
                       llvm::StringRef Finding) {
  return facts::relatedPrograms(Fact, Site, Finding);
}

void ProjectFacts::learn(UnitResult &Unit) {
  std::string Program = Progs.of(Unit.File);
  for (RenderedSite &S : Unit.Sites) {
    S.Record.Unit = Unit.File;
    S.Record.Program = Program;
    First.emplace(std::make_pair(S.Record.Fact, Program), S);
  }
}

const RenderedSite *ProjectFacts::siteFor(const ProjectFact &Fact,
                                          llvm::StringRef Unit) const {
  // The first in input order among related programs' first sites.
  std::string Program = Progs.of(Unit);
  const RenderedSite *Best = nullptr;
  for (auto It = First.lower_bound({Fact, std::string()});
       It != First.end() && It->first.first == Fact; ++It)
    if (Programs::related(Fact, It->first.second, Program) &&
        (!Best || It->second.Record.Unit < Best->Record.Unit))
      Best = &It->second;
  return Best;
}

bool ProjectFacts::settles(const UnitResult &Unit) const {
  // A need another unit may withdraw is settled once one has.
  return llvm::all_of(Unit.Findings, [&](const RenderedFinding &F) {
    return llvm::all_of(F.Record.Needs, [&](const Need &N) {
      if (N.isWithdrawable())
        return !N.Keep.empty() && siteFor(N.Keep, Unit.File) != nullptr;
      return siteFor(N.Fact, Unit.File) != nullptr;
    });
  });
}

std::vector<SiteRecord> ProjectFacts::sites() const {
  std::vector<SiteRecord> Out;
  for (const auto &[Key, Site] : First)
    Out.push_back(Site.Record);
  return Out;
}

void ProjectFacts::settle(UnitResult &Unit) const {
  llvm::erase_if(Unit.Findings, [&](RenderedFinding &F) {
    llvm::SmallVector<const RenderedSite *, 2> Sites;
    for (const Need &N : F.Record.Needs) {
      // Withdrawn by another unit's evidence, or standing without it.
      if (N.isWithdrawable()) {
        if (N.withdrawnBy([&](const ProjectFact &Fact) {
              return siteFor(Fact, Unit.File) != nullptr;
            }))
          return true;
        continue;
      }
      const RenderedSite *Site = siteFor(N.Fact, Unit.File);
      if (!Site)
        return true;
      Sites.push_back(Site);
    }
    for (const RenderedSite *Site : Sites)
      if (!Site->Record.Note.Message.empty()) {
        F.Record.Notes.push_back(Site->Record.Note);
        F.Text += Site->Text;
      }
    F.Record.Needs.clear();
    return false;
  });
}

void Audit::add(UnitResult &Unit, llvm::raw_ostream *Text) {
  Summary.Units.push_back(
      {Unit.File, Unit.Analysed, Unit.Cached, Unit.Seconds});
  if (!Unit.Failure.empty()) {
    Summary.Failures.push_back({Unit.File, Unit.Failure});
    FailedFiles.insert(Unit.File);
    // Analysed in part (compile errors in some function bodies only): its
    // findings elsewhere count.
    if (!Unit.Analysed)
      return;
  }
  // Not analysed, and not a failure (a CUDA source): its note said why.
  if (!Unit.Analysed)
    return;
  ++Summary.FilesAnalysed;
  Summary.Suppressed += Unit.Suppressed;
  Summary.OutsideFilter += Unit.HeaderFiltered;
  std::string Previous; // The unit's last finding so far, for Pending.
  for (RenderedFinding &F : Unit.Findings) {
    FindingRecord &R = F.Record;
    // Undecided (a shard's): kept for --merge, in its place among the
    // unit's findings, and fingerprinted there once decided.
    if (!R.Needs.empty()) {
      R.Unit = Unit.File;
      Summary.Pending.push_back(
          {std::move(R), Previous,
           ProgramMap ? ProgramMap->of(Unit.File) : std::string()});
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
