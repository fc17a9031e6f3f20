//===- RuleCheck.cpp - One torchlint rule as a clang-tidy check -----------===//

#include "RuleCheck.h"

#include "torchlint/report/Report.h"

#include "clang/AST/Decl.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <mutex>

using namespace clang;
using namespace clang::ast_matchers;

namespace torchlint {
namespace tidy {

static const RuleInfo &ruleNamed(llvm::StringRef Id) {
  const RuleInfo *Info = findRule(Id);
  // The module registers checks from the rule table only.
  assert(Info && "check name is not a torchlint rule id");
  return *Info;
}

RuleCheck::RuleCheck(llvm::StringRef Name,
                     clang::tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Rule(ruleNamed(Name)),
      TidyContext(Context) {
  // Rule options are spelled "<rule-id>.<Option>", which is exactly the key
  // clang-tidy gives "<check-name>.<Option>": copy every key of this check,
  // so rules need no clang-tidy code to read their options and one
  // .clang-tidy file configures both hosts.
  std::string Prefix = (Name + ".").str();
  for (const auto &Entry : Context->getOptions().CheckOptions)
    if (Entry.getKey().starts_with(Prefix))
      RuleOpts.set(Entry.getKey(), Entry.getValue().Value);
}

void RuleCheck::registerMatchers(MatchFinder *Finder) {
  // The engine does its own matching; the unit is all it needs.
  Finder->addMatcher(translationUnitDecl().bind("unit"), this);
}

void RuleCheck::check(const MatchFinder::MatchResult &Result) {
  Unit = Result.Context;
}

/// The top-level declarations written by the user: the engine then skips the
/// tens of thousands of LibTorch declarations, as it does under the CLI.
static std::vector<Decl *> userDecls(ASTContext &Ctx) {
  std::vector<Decl *> Out;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!D->isImplicit() &&
        !isLibraryLocation(Ctx.getSourceManager(), D->getLocation()))
      Out.push_back(D);
  return Out;
}

namespace {
/// The findings of every enabled torch-* rule on one unit. clang-tidy runs
/// each check's onEndOfTranslationUnit in turn; the first runs the engine
/// once with all of them (one flow analysis, as under the CLI) and every
/// check then reports its own rule's findings. The context frees its entry
/// when it is destroyed, so a later unit at the same address starts afresh.
struct UnitAnalysis {
  std::vector<Finding> Findings;
};
std::mutex AnalysesLock;
std::map<const ASTContext *, UnitAnalysis> Analyses;

void forgetUnit(void *Ctx) {
  std::lock_guard<std::mutex> Guard(AnalysesLock);
  Analyses.erase(static_cast<const ASTContext *>(Ctx));
}
} // namespace

/// The engine's findings on Ctx for every torch-* check clang-tidy runs,
/// computed on the first call for the unit.
static const std::vector<Finding> &
unitFindings(ASTContext &Ctx, clang::tidy::ClangTidyContext &Tidy) {
  std::lock_guard<std::mutex> Guard(AnalysesLock);
  auto [It, New] = Analyses.try_emplace(&Ctx);
  if (!New)
    return It->second.Findings;
  Ctx.AddDeallocation(forgetUnit, &Ctx);
  EngineConfig Config;
  Config.Checks = "-*";
  for (const RuleInfo &R : allRules())
    if (Tidy.isCheckEnabled(R.Id))
      Config.Checks += ("," + R.Id).str();
  // Every torch-* key of the configuration, as the CLI reads them.
  for (const auto &Entry : Tidy.getOptions().CheckOptions)
    if (Entry.getKey().starts_with("torch-"))
      Config.Options.set(Entry.getKey(), Entry.getValue().Value);
  // What the project's other files return, from the index the last CLI run
  // kept in torchlint's cache folder (docs/clang-tidy.md); the summaries of
  // files changed since are dropped.
  const SourceManager &SM = Ctx.getSourceManager();
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID()))
    Config.Index =
        findProjectIndex(defaultTorchlintCacheDir(), Main->getName());
  Config.IndexSettles = true;
  Engine TheEngine(std::move(Config));
  std::vector<Decl *> Scope = userDecls(Ctx);
  It->second.Findings = TheEngine.analyze(Ctx, &Scope);
  // Other checks may run after this one and expect the whole unit.
  Ctx.setTraversalScope({Ctx.getTranslationUnitDecl()});
  return It->second.Findings;
}

void RuleCheck::onEndOfTranslationUnit() {
  // The engine runs here, after clang-tidy's own traversal, because it
  // narrows the AST's traversal scope, which must not change under a running
  // MatchFinder.
  ASTContext *Ctx = std::exchange(Unit, nullptr);
  if (!Ctx)
    return;
  // The CLI does not analyse units that do not compile: a broken AST gives
  // guesses, not findings. Compiler diagnostics go to the unit's own engine,
  // so this counts compiler errors only, never other checks' findings.
  if (Ctx->getDiagnostics().hasErrorOccurred())
    return;

  const SourceManager &SM = Ctx->getSourceManager();
  // The rule's Severity option, mapped as the CLI maps it; clang-tidy itself
  // applies WarningsAsErrors afterwards.
  auto Level = static_cast<DiagnosticIDs::Level>(
      diagnosticLevel(configuredSeverity(Rule, RuleOpts)));
  for (const Finding &F : unitFindings(*Ctx, *TidyContext)) {
    if (F.Rule != &Rule)
      continue;
    {
      // The message is an argument, never the format: it quotes user code,
      // which may contain '%'.
      DiagnosticBuilder Diag = diag(F.Loc, "%0", Level) << F.Message;
      // The CLI drops fix-its it cannot express as a text edit of one file
      // (inside macro arguments spread over files, for instance); so do we,
      // so that --fix edits the same bytes under both hosts.
      for (const FixItHint &Fix : F.Fixes)
        if (std::optional<CharSourceRange> Range =
                editableRange(Fix, SM, Ctx->getLangOpts())) {
          FixItHint Edit = Fix;
          Edit.RemoveRange = *Range;
          Diag << Edit;
        }
    }
    for (const FindingNote &N : F.Notes)
      diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
  }
}

void RuleCheck::storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) {
  // Every option the rule reads, set or not, so that --dump-config shows
  // the defaults (RequiresCuda: auto) as clang-tidy's own checks do; then
  // the other keys set for this check (Severity, say), as given.
  for (const RuleOptionInfo &O : allRuleOptions())
    if (O.Rule == Rule.Id)
      Options.store(Opts, O.Name, RuleOpts.get(Rule.Id, O.Name, O.Default));
  llvm::StringRef Prefix = Rule.Id;
  for (const auto &[Key, Value] : RuleOpts.all())
    Options.store(Opts, llvm::StringRef(Key).drop_front(Prefix.size() + 1),
                  Value);
}

} // namespace tidy
} // namespace torchlint
