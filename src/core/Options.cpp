//===- Options.cpp - Per-rule options -------------------------------------===//

#include "torchlint/core/Options.h"

#include "llvm/ADT/Twine.h"

namespace torchlint {

void RuleOptions::set(llvm::StringRef Key, llvm::StringRef Value) {
  Values[Key.str()] = Value.str();
}

std::string RuleOptions::get(llvm::StringRef RuleId, llvm::StringRef Name,
                             llvm::StringRef Default) const {
  auto It = Values.find((llvm::Twine(RuleId) + "." + Name).str());
  return It == Values.end() ? Default.str() : It->second;
}

} // namespace torchlint
