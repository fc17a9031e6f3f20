//===- LoadWithoutDeviceRule.cpp - torch-load-without-device --------------===//
//
// torch::jit::load and torch::load put each tensor back on the device it was
// saved from unless told otherwise (the C++ spelling of map_location). A
// checkpoint written on a GPU machine then fails to load on a CPU-only one,
// and one written on cuda:1 lands on cuda:1 wherever it is read.
//
//===----------------------------------------------------------------------===//

#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/Syntax.h"
#include "torchlint/TorchApi.h"

#include "clang/AST/TemplateBase.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

/// True for torch::Device, DeviceType and c10::optional<Device>.
bool isDeviceArgumentType(QualType T) {
  if (api::isDeviceType(T) || api::isDeviceKindType(T))
    return true;
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  return Spec && api::hasQualifiedName(Spec, "c10::optional") &&
         Spec->getTemplateArgs().size() == 1 &&
         Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
         api::isDeviceType(Spec->getTemplateArgs()[0].getAsType());
}

class LoadWithoutDeviceRule : public Rule {
public:
  LoadWithoutDeviceRule(const RuleInfo &Info, RuleEnvironment &Env)
      : Rule(Info, Env),
        Strict(llvm::StringRef(Env.Options.get(Info.Id, "Strict", "false"))
                   .equals_insensitive("true")) {}

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(callExpr(callee(functionDecl(hasAnyName(
                                   "::torch::jit::load", "::torch::load"))))
                          .bind("load"),
                      this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    const auto *Call = Result.Nodes.getNodeAs<CallExpr>("load");
    const FunctionDecl *FD = Call->getDirectCallee();
    // A device written by the user, even c10::nullopt, is a decision.
    for (const Expr *Arg : Call->arguments())
      if (!isa<CXXDefaultArgExpr>(Arg) && isDeviceArgumentType(Arg->getType()))
        return;
    unsigned Written = api::writtenArgCount(Call);
    if (Written == 0)
      return;
    // Precision: only device-aware code is reported. Where no run-time device
    // choice is in scope the program never leaves the CPU, and its
    // checkpoints are its own CPU ones.
    // The Strict option reports every load without a device, with no
    // fix-it where no device is in scope to name.
    const ValueDecl *Var = findDeviceVariable(Call, Ctx);
    if (!Var && !Strict)
      return;
    std::string Callee = FD->getQualifiedNameAsString();
    Finding &F = report(Call->getBeginLoc(),
                        "checkpoint loaded by '" + Callee +
                            "' without a device comes back on the device "
                            "it was saved from");
    if (!Var)
      return;
    // The device goes after the last written argument.
    const Expr *Last = Call->getArg(Written - 1);
    std::string Device = Var->getNameAsString();
    if (auto Fix =
            insertFix(Last->getEndLoc(), ", " + Device, /*After=*/true, Ctx))
      F.Fixes.push_back(*Fix);
    F.Notes.push_back(
        {Var->getLocation(),
         "load onto the device chosen here, '" + Var->getNameAsString() + "'"});
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
