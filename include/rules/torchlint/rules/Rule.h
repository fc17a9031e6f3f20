//===- Rule.h - Base class of every rule ------------------------*- C++ -*-===//

#ifndef TORCHLINT_RULE_H
#define TORCHLINT_RULE_H

#include "torchlint/core/Finding.h"
#include "torchlint/core/Options.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

#include <functional>
#include <memory>
#include <vector>

namespace torchlint {

class ProvenanceCache;

/// A cause of a bug that one rule reports as its own, where another would
/// report what follows from it: a factory with no device meeting an input's
/// device is also a device mismatch, a tensor left behind by a discarded
/// `t.to(device)` also meets the device it was meant for.
enum class Claim {
  FactoryWithoutDevice, ///< DeviceConflict::FactoryMissingDevice.
  DiscardedMove,        ///< A stray tensor after `t.to(device);`.
};

/// What a rule may read besides the AST: its options, the shared
/// device-provenance analysis of the unit, and which causes the rules that
/// run with it claim (one bug, one diagnostic).
struct RuleEnvironment {
  const RuleOptions &Options;
  ProvenanceCache *Provenance = nullptr;
  std::function<bool(Claim)> IsClaimed = [](Claim) { return false; };
};

/// A rule reads the AST (through matchers) and reports findings. It knows
/// nothing of the host that runs it.
class Rule : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  Rule(const RuleInfo &Info, RuleEnvironment &Env) : Info(Info), Env(Env) {}
  ~Rule() override = default;

  const RuleInfo &info() const { return Info; }

  /// Adds this rule's matchers; their matches come back through run().
  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;

  /// Called once after matching, for rules that decide on the whole unit.
  virtual void onEndOfTranslationUnit(clang::ASTContext &Ctx) {}

  /// Findings reported so far.
  std::vector<Finding> &findings() { return Reported; }

  /// True when this rule reports bugs of cause C as its own, so that
  /// another enabled rule leaves them.
  virtual bool claims(Claim C) const { return false; }

protected:
  /// Starts a finding at Loc; add notes and fixes to the returned object.
  Finding &report(clang::SourceLocation Loc, std::string Message);
  std::string option(llvm::StringRef Name, llvm::StringRef Default) const {
    return Env.Options.get(Info.Id, Name, Default);
  }

  const RuleInfo &Info;
  RuleEnvironment &Env;

private:
  std::vector<Finding> Reported;
};

/// Creates the rule with this id (one of RuleTable.def), or null.
std::unique_ptr<Rule> createRule(llvm::StringRef Id, RuleEnvironment &Env);

} // namespace torchlint

#endif
