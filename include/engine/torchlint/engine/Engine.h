//===- Engine.h - Runs the rules on one translation unit --------*- C++ -*-===//

#ifndef TORCHLINT_ENGINE_H
#define TORCHLINT_ENGINE_H

#include "torchlint/analysis/ProjectIndex.h"
#include "torchlint/api/Locations.h"
#include "torchlint/core/Finding.h"
#include "torchlint/core/Options.h"
#include "torchlint/core/RuleInfo.h"

#include "clang/AST/ASTContext.h"

#include <functional>
#include <memory>
#include <vector>

namespace torchlint {

/// Which rules run and with which options; shared by every host.
struct EngineConfig {
  std::string Checks = "torch-*";
  RuleOptions Options;
  /// The summaries of the functions other units define (null: none, as in
  /// the first phase of a run, or a host with no index).
  std::shared_ptr<const ProjectIndex> Index;
  /// True for a host that sees one unit and reads an index an earlier run
  /// kept (the clang-tidy plugin, the language server): a CPU tensor the
  /// index says another file's function returns is taken as shown, since
  /// no unit of this run will show it, and findings that depend on project
  /// facts are settled on the sites the index keeps, as that run settled
  /// them.
  bool IndexSettles = false;
  /// True when the unit is linted alone, not as part of a project, though
  /// the host collects its facts (a CLI run of one file): a finding that
  /// stands unless the unit shows otherwise is settled here
  /// (Need::AloneUnless). A host that sees one unit is always alone.
  bool LintedAlone = false;
};

/// The analysis engine: given a parsed translation unit, runs the enabled
/// rules and returns their findings.
class Engine {
public:
  explicit Engine(EngineConfig Config);

  /// Rules enabled by the configuration, in table order.
  std::vector<const RuleInfo *> enabledRules() const;

  /// Runs every enabled rule on Ctx. Findings are in user code only (never in
  /// system or LibTorch headers), one per location, rule and message however
  /// many template instantiations produced them, sorted by location.
  ///
  /// When UserDecls is given (the top-level declarations parsed from the
  /// user's files), matching visits only those, which keeps the LibTorch
  /// headers, tens of thousands of declarations, out of every traversal.
  ///
  /// A finding that depends on a project fact (Finding::Needs) is settled by
  /// the unit's own sites when it has one: it is then reported with a note
  /// pointing at the first. The others are returned unsettled when Sites is
  /// given, and Sites receives the unit's sites in user code, one per
  /// location, sorted, for a host that sees the whole project; without Sites
  /// they are dropped, since one unit is then all the project there is.
  ///
  /// Summaries, when given, receives the summaries of the functions the
  /// unit's main file defines and the functions of other units it asked
  /// the index about (whatever rules run: the analysis computes them).
  std::vector<Finding>
  analyze(clang::ASTContext &Ctx,
          const std::vector<clang::Decl *> *UserDecls = nullptr,
          std::vector<ProjectSite> *Sites = nullptr,
          UnitSummaries *Summaries = nullptr) const;

  const EngineConfig &config() const { return Config; }

private:
  EngineConfig Config;
  GlobList Checks;
};

} // namespace torchlint

#endif
