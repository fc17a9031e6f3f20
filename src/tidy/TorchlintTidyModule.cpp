//===- TorchlintTidyModule.cpp - torchlint rules as clang-tidy checks -----===//
//
// Loaded with clang-tidy --load=libtorchlint-tidy.so. Every rule of
// RuleTable.def becomes the check of the same name, so a rule added to the
// table is a check without touching this file.
//
//===----------------------------------------------------------------------===//

#include "RuleCheck.h"

#include "clang-tidy/ClangTidyModule.h"
#include "llvm/Config/llvm-config.h"
// LLVM 22 moved the registry into ClangTidyModule.h and deprecated this
// header (removal planned for 24).
#if LLVM_VERSION_MAJOR < 22
#include "clang-tidy/ClangTidyModuleRegistry.h"
#endif

#include <memory>

namespace torchlint {
namespace tidy {
namespace {

/// Registers one RuleCheck per row of the rule table.
class TorchlintModule : public clang::tidy::ClangTidyModule {
public:
  void
  addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    for (const RuleInfo &Rule : allRules())
      Factories.registerCheckFactory(
          Rule.Id,
          [](llvm::StringRef Name, clang::tidy::ClangTidyContext *Context) {
            return std::make_unique<RuleCheck>(Name, Context);
          });
  }
};

} // namespace
} // namespace tidy
} // namespace torchlint

// Registration runs when clang-tidy dlopen()s the plugin.
static clang::tidy::ClangTidyModuleRegistry::Add<
    torchlint::tidy::TorchlintModule>
    Registration("torchlint-module",
                 "torchlint: LibTorch device-placement checks (torch-*).");
