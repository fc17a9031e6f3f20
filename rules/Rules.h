//===- Rules.h - Factories of every rule in RuleTable.def -------*- C++ -*-===//

#ifndef TORCHLINT_RULES_RULES_H
#define TORCHLINT_RULES_RULES_H

#include "torchlint/rules/Rule.h"

namespace torchlint {

#define TORCHLINT_RULE(Id, Class, Category, Severity, Fix, Summary)            \
  std::unique_ptr<Rule> create##Class(const RuleInfo &Info,                    \
                                      RuleEnvironment &Env);
#include "torchlint/core/RuleTable.def"

} // namespace torchlint

#endif
