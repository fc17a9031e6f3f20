//===- HardcodedDeviceRule.cpp - torch-hardcoded-device -------------------===//
//
// Finds CUDA devices named where nothing proves CUDA is there: the program
// then works on the author's GPU machine and throws on every CPU-only one
// ("Torch not compiled with CUDA enabled" or "no CUDA GPUs are available").
//
//===----------------------------------------------------------------------===//

#include "FixSafety.h"
#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/analysis/DeviceChoice.h"
#include "torchlint/analysis/DeviceGuards.h"
#include "torchlint/api/Syntax.h"
#include "torchlint/api/TorchApi.h"
#include "torchlint/api/TorchMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

class HardcodedDeviceRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(api::match::deviceKindRef("CUDA").bind("kind"), this);
    Finder.addMatcher(
        api::match::deviceOrOptionsConstruction().bind("construction"), this);
    Finder.addMatcher(
        api::match::tensorCopyCall(api::TensorMethod::Cuda).bind("cuda-call"),
        this);
    Finder.addMatcher(api::match::torchCudaNamespaceCall().bind("cuda-only"),
                      this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    if (Cuda == CudaRequirement::Required)
      return;
    ASTContext &Ctx = *Result.Context;
    const BoundNodes &N = Result.Nodes;
    if (const auto *Ref = N.getNodeAs<DeclRefExpr>("kind");
        Ref && isUnguardedCudaKind(Ref, Ctx)) {
      std::string Text = api::sourceText(Ref, Ctx);
      std::string Spelled = Text.empty() ? "torch::kCUDA" : Text;
      Finding &F = reportCuda(Ref->getBeginLoc(),
                              "CUDA device '" + Spelled + "' is used");
      fix(F, Ref, Spelled, "torch::kCPU", Ctx);
    } else if (const auto *CE = N.getNodeAs<CXXConstructExpr>("construction")) {
      if (const Expr *Literal = unguardedCudaName(CE, Ctx)) {
        std::string Name = "\"" + *api::cudaStringLiteral(CE->getArg(0)) + "\"";
        Finding &F = reportCuda(Literal->getBeginLoc(),
                                "CUDA device " + Name + " is used");
        fix(F, Literal, Name, Name == "\"cuda\"" ? "\"cpu\"" : "", Ctx);
      }
    } else if (const auto *MC = N.getNodeAs<CXXMemberCallExpr>("cuda-call");
               MC && !isCudaGuarded(MC, Ctx)) {
      std::string Object =
          api::sourceText(MC->getImplicitObjectArgument(), Ctx);
      Finding &F =
          reportCuda(MC->getExprLoc(),
                     "'" + (Object.empty() ? "cuda()" : Object + ".cuda()") +
                         "' moves the tensor to a CUDA device");
      fix(F, MC, "", "", Ctx, {MC->getExprLoc(), MC->getEndLoc()}, "to(", ")");
    } else if (const auto *Call = N.getNodeAs<CallExpr>("cuda-only");
               Call && isUnguardedCudaOnlyCall(Call, Ctx)) {
      reportCuda(Call->getBeginLoc(),
                 "CUDA-only call '" +
                     Call->getDirectCallee()->getQualifiedNameAsString() +
                     "' is made");
    }
  }

private:
  const CudaRequirement Cuda = cudaRequirement(option("RequiresCuda", "auto"));

  /// Reports What "without a torch::cuda::is_available() guard"; under
  /// RequiresCuda=auto, evidence that the project needs CUDA withdraws it.
  Finding &reportCuda(SourceLocation Loc, const std::string &What) {
    Finding &F =
        report(Loc, What + " without a torch::cuda::is_available() guard");
    if (Cuda == CudaRequirement::Auto)
      F.Needs = {
          Need::unless(FactKind::RequiresCuda, FactKind::RunsWithoutCuda)};
    return F;
  }

  /// Fixes the CUDA device Spelled at Use: where it initialises a device
  /// variable, a choice of it or Cpu (the durable fix); else, in Tensor::to or
  /// over Range, the device chosen at run time in scope (in Before...After).
  void fix(Finding &F, const Expr *Use, const std::string &Spelled,
           llvm::StringRef Cpu, ASTContext &Ctx, SourceRange Range = {},
           llvm::StringRef Before = "", llvm::StringRef After = "") {
    if (initialisedDeviceVariable(Use, Ctx) && !Cpu.empty()) {
      if (auto Fix = replaceFix(Use->getSourceRange(),
                                "torch::cuda::is_available() ? " + Spelled +
                                    " : " + Cpu.str(),
                                Ctx))
        F.Fixes.push_back(*Fix);
      return;
    }
    const ValueDecl *Var = Range.isValid() || isTensorToArgument(Use, Ctx)
                               ? findDeviceVariable(Use, Ctx)
                               : nullptr;
    if (!Var || !nameHoldsValueAt(Var, Use, Ctx))
      return;
    if (auto Fix = replaceFix(Range.isValid() ? Range : Use->getSourceRange(),
                              (Before + Var->getName() + After).str(), Ctx)) {
      F.Fixes.push_back(*Fix);
      F.Notes.push_back(
          {Var->getLocation(),
           ("use the device chosen here, '" + Var->getName() + "'").str()});
    }
  }
};

} // namespace

std::unique_ptr<Rule> createHardcodedDeviceRule(const RuleInfo &Info,
                                                RuleEnvironment &Env) {
  return std::make_unique<HardcodedDeviceRule>(Info, Env);
}

} // namespace torchlint
