//===- LoadWithoutDeviceRule.cpp - torch-load-without-device --------------===//
//
// torch::jit::load and torch::load put each tensor back on the device it was
// saved from unless told otherwise (the C++ spelling of map_location). A
// checkpoint written on a GPU machine then fails to load on a CPU-only one,
// and one written on cuda:1 lands on cuda:1 wherever it is read.
//
//===----------------------------------------------------------------------===//

#include "FixSafety.h"
#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/analysis/LoadSites.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"
#include "torchlint/api/TorchMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

class LoadWithoutDeviceRule : public Rule {
public:
  LoadWithoutDeviceRule(const RuleInfo &Info, RuleEnvironment &Env)
      : Rule(Info, Env),
        Strict(llvm::StringRef(Env.Options.get(Info.Id, "Strict", "false"))
                   .equals_insensitive("true")) {}

  void registerMatchers(MatchFinder &Finder) override {
    // Also in a template's own body (a class template whose members no
    // unit instantiates): a load on a dependent model is still this load.
    Finder.addMatcher(api::match::checkpointLoadCall().bind("load-call"), this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    const auto *Call = Result.Nodes.getNodeAs<CallExpr>("load-call");
    if (!loadLeavesDeviceToFile(Call))
      return;
    // Precision: only device-aware code is reported. Where a run-time device
    // is in scope, the load gets it. Elsewhere the load is reported only in
    // a project that moves models or tensors to a device chosen at run
    // time (a GPU-saved checkpoint may then reach a CPU-only machine): a
    // project that never leaves the CPU reads only its own CPU checkpoints.
    // Data read with no device in scope was saved wherever the data was
    // made, whatever the project does elsewhere. The Strict option reports
    // every load without a device, with no fix-it where none is in scope.
    const ValueDecl *Var = findDeviceVariable(Call, Ctx);
    if (!Var && loadsData(Call) && !Strict)
      return;
    if (!Strict && isLoadPlaced(Call, Ctx))
      return;
    Finding &F = report(Call->getBeginLoc(),
                        "checkpoint loaded by '" + loadCalleeName(Call) +
                            "' without a device comes back on the device "
                            "it was saved from");
    if (!Var) {
      if (!Strict)
        F.Needs = {FactKind::RuntimeDevice};
      return;
    }
    // The device goes after the last written argument. A fix that compiles
    // can still be wrong: the name may be another value there, or a field not
    // yet initialised; the note stays either way.
    const Expr *Last = Call->getArg(api::writtenArgCount(Call) - 1);
    std::string Device = Var->getNameAsString();
    if (nameHoldsValueAt(Var, Call, Ctx))
      if (auto Fix =
              insertFix(Last->getEndLoc(), ", " + Device, /*After=*/true, Ctx))
        F.Fixes.push_back(*Fix);
    F.Notes.push_back({Var->getLocation(),
                       "load onto the device chosen here, '" + Device + "'"});
  }

private:
  const bool Strict;
};

} // namespace

std::unique_ptr<Rule> createLoadWithoutDeviceRule(const RuleInfo &Info,
                                                  RuleEnvironment &Env) {
  return std::make_unique<LoadWithoutDeviceRule>(Info, Env);
}

} // namespace torchlint
