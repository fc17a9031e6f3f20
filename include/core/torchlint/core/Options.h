//===- Options.h - Per-rule options -----------------------------*- C++ -*-===//

#ifndef TORCHLINT_OPTIONS_H
#define TORCHLINT_OPTIONS_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace torchlint {

/// Rule options keyed "<rule-id>.<Option>", exactly as clang-tidy's
/// CheckOptions spell them, so one .clang-tidy file serves every host.
class RuleOptions {
public:
  void set(llvm::StringRef Key, llvm::StringRef Value);
  /// The value of RuleId.Name, or Default when unset.
  std::string get(llvm::StringRef RuleId, llvm::StringRef Name,
                  llvm::StringRef Default) const;
  const std::map<std::string, std::string> &all() const { return Values; }

private:
  std::map<std::string, std::string> Values;
};

} // namespace torchlint

#endif
