//===- Engine.cpp - Runs the rules on one translation unit ----------------===//

#include "torchlint/Engine.h"
#include "torchlint/Provenance.h"
#include "torchlint/Rule.h"

#include "../../rules/Rules.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

#include <set>
#include <tuple>

using namespace clang;

namespace torchlint {

Finding &Rule::report(SourceLocation Loc, std::string Message) {
  Reported.push_back(Finding{&Info, Loc, std::move(Message), {}, {}});
  return Reported.back();
}

std::unique_ptr<Rule> createRule(llvm::StringRef Id, RuleEnvironment &Env) {
  const RuleInfo *Info = findRule(Id);
  if (!Info)
    return nullptr;
#define TORCHLINT_RULE(RId, Class, Category, Sev, FixK, Summary)               \
  if (Id == RId)                                                               \
    return create##Class(*Info, Env);
#include "torchlint/RuleTable.def"
  return nullptr;
}

bool isLibTorchHeaderPath(llvm::StringRef Path) {
  for (llvm::StringRef Marker :
       {"/torch/csrc/", "/include/ATen/", "/include/c10/", "/include/caffe2/",
        "/include/torch/", "/site-packages/torch/"})
    if (Path.contains(Marker))
      return true;
  return false;
}

bool isLibraryLocation(const SourceManager &SM, SourceLocation L) {
  SourceLocation File = SM.getFileLoc(L);
  if (File.isInvalid() || SM.isInSystemHeader(File))
    return true;
  return isLibTorchHeaderPath(SM.getFilename(File));
}

Engine::Engine(EngineConfig C) : Config(std::move(C)), Checks(Config.Checks) {}

std::vector<const RuleInfo *> Engine::enabledRules() const {
  std::vector<const RuleInfo *> Out;
  for (const RuleInfo &R : allRules())
    if (Checks.contains(R.Id))
      Out.push_back(&R);
  return Out;
}

std::vector<Finding>
Engine::analyze(ASTContext &Ctx, const std::vector<Decl *> *UserDecls) const {
  if (UserDecls)
    Ctx.setTraversalScope(*UserDecls);
  ProvenanceCache Provenance(Ctx, Config.Options);
  RuleEnvironment Env{Config.Options, &Provenance, [this](llvm::StringRef Id) {
                        return Config.IsRuleEnabled ? Config.IsRuleEnabled(Id)
                                                    : Checks.contains(Id);
                      }};
  std::vector<std::unique_ptr<Rule>> Rules;
  ast_matchers::MatchFinder Finder;
  for (const RuleInfo *Info : enabledRules())
    if (auto R = createRule(Info->Id, Env)) {
      R->registerMatchers(Finder);
      Rules.push_back(std::move(R));
    }
  Finder.matchAST(Ctx);

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
