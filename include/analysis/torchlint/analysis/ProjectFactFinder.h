//===- ProjectFactFinder.h - Where a unit shows project facts ---*- C++ -*-===//
//
// What one unit shows about the whole project (ProjectFacts.h): that it
// leaves the CPU, chooses a device at run time, falls back to the CPU or
// needs CUDA, which of its functions return CPU tensors, what it hands other
// units' functions, which module classes register state. The analysis
// computes these once per unit whatever rules are enabled, so the project
// index a run keeps is the same for every rule set, and a host that runs one
// rule (clang-tidy, the editor) settles its findings as the CLI does.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_ANALYSIS_PROJECTFACTFINDER_H
#define TORCHLINT_ANALYSIS_PROJECTFACTFINDER_H

#include "torchlint/core/ProjectFacts.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <vector>

namespace torchlint {

class ProvenanceCache;

/// Collects the sites where a unit shows project facts, in match order,
/// during the engine's one matching pass.
class ProjectFactFinder
    : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  ProjectFactFinder(ProvenanceCache &Provenance,
                    std::vector<ProjectSite> &Sites)
      : Provenance(Provenance), Sites(Sites) {}

  /// Adds the matchers whose results come back through run().
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder);
  void run(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  /// Adds what only the whole unit shows (a program that stays on the CPU, a
  /// build that declares CUDA); call once after matching.
  void onEndOfTranslationUnit(clang::ASTContext &Ctx);

private:
  void shows(ProjectFact Fact, clang::SourceLocation Loc,
             std::string Message = "") {
    Sites.push_back({std::move(Fact), Loc, std::move(Message)});
  }
  void functionFacts(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);
  void fieldWriteFacts(const clang::ast_matchers::BoundNodes &N,
                       clang::ASTContext &Ctx);
  void moveFacts(const clang::CallExpr *Move, const clang::Expr *Device,
                 clang::ASTContext &Ctx);

  ProvenanceCache &Provenance;
  std::vector<ProjectSite> &Sites;
  bool ShownLeavesCpu = false;
  /// The unit names a device or asks for CUDA, so its build's declaring
  /// CUDA (FactKind::RequiresCuda) is worth reading.
  bool MentionsCuda = false;
};

} // namespace torchlint

#endif
