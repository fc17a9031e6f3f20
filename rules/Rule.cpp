//===- Rule.cpp - Creates the rules of the table --------------------------===//
//
// The rules layer's one entry point for the engine: a rule made by its id.
// The engine sees Rule.h only, never a rule's own files.
//
//===----------------------------------------------------------------------===//

#include "torchlint/rules/Rule.h"

#include "Rules.h"

using namespace clang;

namespace torchlint {

Finding &Rule::report(SourceLocation Loc, std::string Message) {
  Reported.push_back(Finding{&Info, Loc, std::move(Message), {}, {}, {}});
  return Reported.back();
}

std::unique_ptr<Rule> createRule(llvm::StringRef Id, RuleEnvironment &Env) {
  const RuleInfo *Info = findRule(Id);
  if (!Info)
    return nullptr;
#define TORCHLINT_RULE(RId, Class, Category, Sev, FixK, Summary)               \
  if (Id == RId)                                                               \
    return create##Class(*Info, Env);
#include "torchlint/core/RuleTable.def"
  return nullptr;
}

} // namespace torchlint
