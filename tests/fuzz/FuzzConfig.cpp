//===- FuzzConfig.cpp - Fuzzes .clang-tidy configuration files ------------===//
//
// torchlint reads every .clang-tidy above the files it analyses, written by
// anyone, so a broken one must give an error, never a crash. What it accepts
// goes through everything a run does with it (merging, rule selection,
// severities, the header filter), and --dump-config's rendering of it must
// read back as the same configuration.
//
//===----------------------------------------------------------------------===//

#include "report/Config.h"

#include "torchlint/Engine.h"

#include "llvm/Support/Regex.h"

#include <cstdint>
#include <cstdlib>
#include <map>

using namespace torchlint;

/// The options as a run sees them: later keys win.
static std::map<std::string, std::string> finalOptions(const TidyConfig &C) {
  std::map<std::string, std::string> Out;
  for (const auto &[K, V] : C.CheckOptions)
    Out[K] = V;
  return Out;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Parsed = parseTidyConfig(Text, "/torchlint-fuzz/.clang-tidy");
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return 0;
  }
  // A file that inherits from one like itself.
  TidyConfig Merged = mergeTidyConfig(*Parsed, *Parsed);
  EffectiveConfig Effective = resolveConfig(Merged, ConfigOverrides());
  for (const RuleInfo &Rule : allRules())
    (void)effectiveSeverity(Rule, Effective);
  EngineConfig EC;
  EC.Checks = Effective.Checks;
  EC.Options = Effective.Options;
  Engine E(EC);
  for (const RuleInfo *Rule : E.enabledRules())
    (void)Effective.Options.getList(Rule->Id, "DeviceFunctions");
  std::string Why;
  llvm::Regex Filter(Effective.HeaderFilterRegex);
  if (Filter.isValid(Why))
    (void)Filter.match("/torchlint-fuzz/include/model.h");

  // --dump-config writes a file that torchlint and clang-tidy read back.
  std::string Dumped = dumpTidyConfig(*Parsed);
  auto Again = parseTidyConfig(Dumped, "dumped");
  if (!Again) {
    llvm::errs() << llvm::toString(Again.takeError()) << "\n"
                 << Dumped << "\n";
    std::abort();
  }
  if (Again->Checks.value_or("") != Parsed->Checks.value_or("") ||
      Again->WarningsAsErrors.value_or("") !=
          Parsed->WarningsAsErrors.value_or("") ||
      Again->HeaderFilterRegex.value_or("") !=
          Parsed->HeaderFilterRegex.value_or("") ||
      finalOptions(*Again) != finalOptions(*Parsed)) {
    llvm::errs() << "--dump-config does not read back the same:\n"
                 << Dumped << "\n";
    std::abort();
  }
  return 0;
}
