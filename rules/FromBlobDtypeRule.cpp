//===- FromBlobDtypeRule.cpp - torch-from-blob-dtype ----------------------===//
//
// torch::from_blob views memory without copying it and reads it as the dtype
// its options give, Float when they give none. A buffer of doubles read as
// Float does not crash: every double becomes two floats made of its bytes,
// and the program trains on garbage. The analysis (FromBlobSites.h)
// compares what the memory holds with the dtype the call names; the rule
// words the mismatch and fixes the dtype.
//
//===----------------------------------------------------------------------===//

#include "RuleUtils.h"
#include "Rules.h"
#include "torchlint/analysis/FromBlobSites.h"
#include "torchlint/api/TorchApi.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace {

class FromBlobDtypeRule : public Rule {
public:
  using Rule::Rule;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(fromBlobCallMatcher(), this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    ASTContext &Ctx = *Result.Context;
    std::optional<FromBlobDtypeMismatch> M = fromBlobDtypeMismatch(
        Result.Nodes.getNodeAs<CallExpr>("call"), Ctx);
    if (!M)
      return;
    const FromBlobCall &FB = M->Call;
    const CallExpr *Call = FB.Call;
    if (!Reported.insert(Call->getBeginLoc().getRawEncoding()).second)
      return;

    const FromBlobElements &Holds = M->Elements;
    std::string Data = writtenText(M->Data, Ctx);
    std::string Shown = Data.empty() ? "the data" : "'" + Data + "'";
    std::string Fix = api::scalarFixTextFor(Holds.Holds, FB.Callee);
    std::string Message = "'" + calleeText(FB, Ctx) + "' reads " + Shown +
                          " (" + Holds.Name + " elements) as " +
                          api::scalarName(M->Reads).str();
    if (!FB.Options)
      Message += ", the default dtype";
    Message += "; pass " + Fix + " so the tensor holds the values";
    Finding &F = report(Call->getBeginLoc(), std::move(Message));

    if (FB.Options) {
      const Expr *Where = M->Given.Where ? M->Given.Where : FB.Options;
      F.Notes.push_back(
          {Where->getBeginLoc(),
           M->Given.State == OptionsDtype::Known
               ? "the dtype " + api::scalarName(M->Reads).str() +
                     " is given here"
               : std::string("these options name no dtype, so the tensor is "
                             "Float")});
    }
    if (Holds.Mat && Holds.MatSetAt)
      F.Notes.push_back({Holds.MatSetAt->getBeginLoc(),
                         "'" + writtenText(Holds.Mat, Ctx) + "' holds " +
                             Holds.Name + " elements from here"});
    // In an instantiation the declaration spells the template parameter, and
    // the other instantiations need other dtypes: no fix.
    if (Holds.Owner && !M->Instance)
      F.Notes.push_back({Holds.Owner->getLocation(),
                         "'" + Holds.Owner->getNameAsString() + "' " +
                             (Holds.OwnerIsPointer ? "points to " : "holds ") +
                             Holds.Name + " elements"});
    if (M->Instance) {
      SourceLocation Point = M->Instance->getPointOfInstantiation();
      if (Point.isValid())
        F.Notes.push_back({Point, "in '" + instanceName(M->Instance, Ctx) +
                                      "', instantiated here"});
      return;
    }
    if (auto Hint = fixFor(FB, M->Given, Fix, Ctx))
      F.Fixes.push_back(*Hint);
  }

private:
  /// "loadColumn<double>", as the instantiation is named.
  static std::string instanceName(const FunctionDecl *FD, ASTContext &Ctx) {
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), /*Qualified=*/false);
    return OS.str();
  }

  /// Adds the dtype when none is given; replaces a bare ScalarType constant.
  /// Options built any other way are left to the user.
  static std::optional<FixItHint> fixFor(const FromBlobCall &FB,
                                         const OptionsDtype &Given,
                                         llvm::StringRef Fix,
                                         const ASTContext &Ctx) {
    if (!FB.Options) {
      unsigned Written = api::writtenArgCount(FB.Call);
      if (Written == 0)
        return std::nullopt;
      return insertFix(FB.Call->getArg(Written - 1)->getEndLoc(),
                       (", " + Fix).str(), /*After=*/true, Ctx);
    }
    const Expr *Written = api::ignoreWrappers(FB.Options);
    const auto *DRE = dyn_cast<DeclRefExpr>(Written);
    if (Given.State != OptionsDtype::Known || !DRE ||
        !api::isScalarTypeType(DRE->getType()) ||
        !api::isInTorchNamespace(DRE->getDecl()))
      return std::nullopt;
    return replaceFix(DRE->getSourceRange(), Fix, Ctx);
  }

  /// Call locations already reported (templates instantiated many times).
  std::set<unsigned> Reported;
};

} // namespace

std::unique_ptr<Rule> createFromBlobDtypeRule(const RuleInfo &Info,
                                              RuleEnvironment &Env) {
  return std::make_unique<FromBlobDtypeRule>(Info, Env);
}

} // namespace torchlint
