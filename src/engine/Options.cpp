//===- Options.cpp - Per-rule options -------------------------------------===//

#include "torchlint/Options.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

namespace torchlint {

void RuleOptions::set(llvm::StringRef Key, llvm::StringRef Value) {
  Values[Key.str()] = Value.str();
}

std::string RuleOptions::get(llvm::StringRef RuleId, llvm::StringRef Name,
                             llvm::StringRef Default) const {
  auto It = Values.find((llvm::Twine(RuleId) + "." + Name).str());
  return It == Values.end() ? Default.str() : It->second;
}

std::vector<std::string> RuleOptions::getList(llvm::StringRef RuleId,
                                              llvm::StringRef Name) const {
  std::string Raw = get(RuleId, Name, "");
  std::replace(Raw.begin(), Raw.end(), ';', ',');
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(Raw).split(Parts, ',');
  std::vector<std::string> Out;
  for (llvm::StringRef P : Parts)
    if (!(P = P.trim()).empty())
      Out.push_back(P.str());
  return Out;
}

} // namespace torchlint
