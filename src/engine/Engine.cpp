//===- Engine.cpp - Runs the rules on one translation unit ----------------===//

#include "torchlint/engine/Engine.h"
#include "torchlint/analysis/ProjectFactFinder.h"
#include "torchlint/analysis/ProjectIndex.h"
#include "torchlint/analysis/Provenance.h"
#include "torchlint/core/LLVMCompat.h"
#include "torchlint/core/Paths.h"
#include "torchlint/rules/Rule.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

#include <set>
#include <tuple>

using namespace clang;

namespace torchlint {

/// Where Site is in this unit, its file loaded when no include brought it
/// in; invalid when the file cannot be read.
static SourceLocation locationOf(SourceManager &SM, const IndexedSite &Site) {
  OptionalFileEntryRef File = SM.getFileManager().getOptionalFileRef(Site.Path);
  if (!File)
    return SourceLocation();
  FileID ID = compat::fileIDFor(SM, *File);
  return ID.isValid() ? SM.translateLineCol(ID, Site.Line, Site.Column)
                      : SourceLocation();
}

/// Keeps the sites in user code, one per location and fact, in source
/// order; settles the findings that need a fact the unit shows; hands the
/// rest, and the sites, to a host that sees the project (Sites), or drops
/// them. A host that sees one unit and reads the index a run over the
/// project kept (IndexSettles, Index->hasProjectFacts()) settles them as
/// that run did, on the sites the index keeps, with their notes: the project
/// decides, not the unit alone.
static void settleProjectFacts(std::vector<Finding> &Findings,
                               std::vector<ProjectSite> &Shown,
                               SourceManager &SM,
                               std::vector<ProjectSite> *Sites, bool Alone,
                               const ProjectIndex *Index, bool IndexSettles) {
  llvm::erase_if(Shown, [&](const ProjectSite &S) {
    return isLibraryLocation(SM, S.Loc);
  });
  std::stable_sort(Shown.begin(), Shown.end(),
                   [&](const ProjectSite &A, const ProjectSite &B) {
                     return SM.isBeforeInTranslationUnit(SM.getFileLoc(A.Loc),
                                                         SM.getFileLoc(B.Loc));
                   });
  std::set<std::pair<ProjectFact, unsigned>> Once;
  llvm::erase_if(Shown, [&](const ProjectSite &S) {
    return !Once.insert({S.Fact, SM.getFileLoc(S.Loc).getRawEncoding()}).second;
  });
  // The project as the index's run saw it, for a host that sees one unit
  // that run analysed (a file it never saw may belong to another project
  // under the same folder).
  std::optional<std::string> Program;
  if (IndexSettles && Index && Index->hasProjectFacts())
    if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
      Program = Index->programOf(absolutePath(Main->getName()));
  const bool Linked = Program.has_value();
  auto IndexSite = [&](const ProjectFact &Fact) -> const IndexedSite * {
    return Linked ? Index->siteFor(Fact, *Program) : nullptr;
  };
  llvm::erase_if(Findings, [&](Finding &F) {
    // A finding the unit's own evidence withdraws goes; one that only other
    // units could withdraw stands where no host sees them.
    auto UnitShows = [&](const ProjectFact &Fact) {
      return llvm::any_of(Shown,
                          [&](const ProjectSite &S) { return S.Fact == Fact; });
    };
    auto Shows = [&](const ProjectFact &Fact) {
      return UnitShows(Fact) || IndexSite(Fact);
    };
    // The unit decides alone what it would otherwise leave to the project;
    // with a linked index the project decides here.
    bool Decides = (!Sites || Alone) && !Linked;
    bool Withdrawn = false;
    for (Need &N : F.Needs)
      if (N.Kind == Need::KindTy::AloneUnless) {
        if (Decides && !UnitShows(N.Fact)) {
          Withdrawn |= UnitShows(N.Keep);
          N = Need();
        } else {
          N = Need(N.Fact);
        }
      }
    llvm::erase_if(F.Needs, [](const Need &N) { return N.empty(); });
    llvm::erase_if(F.Needs, [&](const Need &N) {
      if (!N.isWithdrawable())
        return false;
      bool By = N.withdrawnBy(Shows);
      Withdrawn |= By && (Decides || Linked);
      // What keeps it, shown here, settles it for every host.
      return Decides || Linked || (!N.Keep.empty() && UnitShows(N.Keep));
    });
    if (Withdrawn)
      return true;
    // Each fact the unit shows is settled here, with its note; the others
    // wait for a host that sees the project.
    llvm::erase_if(F.Needs, [&](const Need &N) {
      if (N.isWithdrawable())
        return false;
      auto Site = llvm::find_if(
          Shown, [&](const ProjectSite &S) { return S.Fact == N.Fact; });
      if (Site != Shown.end()) {
        if (!Site->Message.empty())
          F.Notes.push_back({Site->Loc, Site->Message});
        return true;
      }
      const IndexedSite *Elsewhere = IndexSite(N.Fact);
      if (!Elsewhere)
        return false;
      if (!Elsewhere->Message.empty())
        if (SourceLocation L = locationOf(SM, *Elsewhere); L.isValid())
          F.Notes.push_back({L, Elsewhere->Message});
      return true;
    });
    return !F.Needs.empty() && !Sites;
  });
  if (Sites)
    *Sites = std::move(Shown);
}

Engine::Engine(EngineConfig C) : Config(std::move(C)), Checks(Config.Checks) {}

std::vector<const RuleInfo *> Engine::enabledRules() const {
  std::vector<const RuleInfo *> Out;
  for (const RuleInfo &R : allRules())
    if (Checks.contains(R.Id))
      Out.push_back(&R);
  return Out;
}

std::vector<Finding> Engine::analyze(ASTContext &Ctx,
                                     const std::vector<Decl *> *UserDecls,
                                     std::vector<ProjectSite> *Sites,
                                     UnitSummaries *Summaries) const {
  if (UserDecls)
    Ctx.setTraversalScope(*UserDecls);
  ProvenanceCache Provenance(Ctx);
  Provenance.setIndex(Config.Index.get(), Config.IndexSettles);
  // What the unit shows about the project, whatever rules run: the index a
  // run keeps is the same for every rule set.
  std::vector<ProjectSite> Shown;
  ProjectFactFinder Facts(Provenance, Shown);
  ast_matchers::MatchFinder Finder;
  Facts.registerMatchers(Finder);
  RuleEnvironment Env{Config.Options, &Provenance};
  std::vector<std::unique_ptr<Rule>> Rules;
  for (const RuleInfo *Info : enabledRules())
    if (auto R = createRule(Info->Id, Env)) {
      R->registerMatchers(Finder);
      Rules.push_back(std::move(R));
    }
  // One bug, one diagnostic: a rule leaves a cause another enabled rule
  // reports as its own.
  Env.IsClaimed = [&Rules](Claim C) {
    return llvm::any_of(Rules, [C](const auto &R) { return R->claims(C); });
  };
  Finder.matchAST(Ctx);
  Facts.onEndOfTranslationUnit(Ctx);

  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Finding> Out;
  // A template instantiated N times reports the same finding N times.
  std::set<std::tuple<const RuleInfo *, unsigned, std::string>> Seen;
  for (auto &R : Rules) {
    R->onEndOfTranslationUnit(Ctx);
    for (Finding &F : R->findings()) {
      if (isLibraryLocation(SM, F.Loc))
        continue;
      if (!Seen.insert({F.Rule, F.Loc.getRawEncoding(), F.Message}).second)
        continue;
      Out.push_back(std::move(F));
    }
  }
  if (Summaries)
    *Summaries = Provenance.exportSummaries();
  settleProjectFacts(Out, Shown, Ctx.getSourceManager(), Sites,
                     Config.LintedAlone, Config.Index.get(),
                     Config.IndexSettles);
  std::stable_sort(Out.begin(), Out.end(),
                   [&](const Finding &A, const Finding &B) {
                     SourceLocation LA = SM.getFileLoc(A.Loc);
                     SourceLocation LB = SM.getFileLoc(B.Loc);
                     if (LA != LB)
                       return SM.isBeforeInTranslationUnit(LA, LB);
                     return A.Rule->Id < B.Rule->Id;
                   });
  return Out;
}

} // namespace torchlint
