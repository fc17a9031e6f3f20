//===- FuzzConfig.cpp - Fuzzes .clang-tidy configuration files ------------===//
//
// torchlint reads every .clang-tidy above the files it analyses, written by
// anyone, so a broken one must give an error, never a crash. What it accepts
// goes through everything a run does with it (merging, rule selection,
// severities, the header filter), and --dump-config's rendering of it must
// read back as the same configuration.
//
//===----------------------------------------------------------------------===//

#include "torchlint/report/Config.h"

#include "torchlint/engine/Engine.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"

#include <cstdint>
#include <cstdlib>
#include <map>

using namespace torchlint;

/// True for an option key that clang-tidy's YAML writer (configurationAsText)
/// writes back readably: it writes keys unquoted, so a key such as "a: b",
/// legal when quoted in the file, comes back as different YAML. That is
/// clang-tidy's own --dump-config behaviour, which torchlint keeps.
static bool plainKey(llvm::StringRef K) {
  return !K.empty() && (llvm::isAlnum(K.front()) || K.front() == '_') &&
         llvm::all_of(K, [](char C) {
           return llvm::isAlnum(C) || llvm::StringRef("_.-/").contains(C);
         });
}

/// The check options with their values (clang-tidy keeps one per key).
static std::map<std::string, std::string> optionsOf(const TidyConfig &C) {
  std::map<std::string, std::string> Out;
  for (const auto &Entry : C.Options.CheckOptions)
    Out[Entry.getKey().str()] = Entry.getValue().Value;
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
  // The options the rules read, as they read them.
  for (const RuleOptionInfo &O : allRuleOptions())
    (void)Effective.Options.get(O.Rule, O.Name, O.Default);
  (void)E.enabledRules();
  std::string Why;
  llvm::Regex Filter(Effective.HeaderFilterRegex);
  if (Filter.isValid(Why))
    (void)Filter.match("/torchlint-fuzz/include/model.h");

  // --dump-config writes a file that torchlint and clang-tidy read back. A
  // file that is not UTF-8 cannot: clang-tidy's YAML writer replaces each
  // stray byte with U+FFFD (crashers/config/non-utf8-value).
  if (!llvm::json::isUTF8(Text))
    return 0;
  for (const auto &Entry : Parsed->Options.CheckOptions)
    if (!plainKey(Entry.getKey()))
      return 0;
  std::string Dumped = dumpTidyConfig(*Parsed);
  auto Again = parseTidyConfig(Dumped, "dumped");
  if (!Again) {
    llvm::errs() << llvm::toString(Again.takeError()) << "\n" << Dumped << "\n";
    std::abort();
  }
  const clang::tidy::ClangTidyOptions &A = Again->Options, &P = Parsed->Options;
  if (A.Checks.value_or("") != P.Checks.value_or("") ||
      A.WarningsAsErrors.value_or("") != P.WarningsAsErrors.value_or("") ||
      A.HeaderFilterRegex.value_or("") != P.HeaderFilterRegex.value_or("") ||
      optionsOf(*Again) != optionsOf(*Parsed)) {
    llvm::errs() << "--dump-config does not read back the same:\n"
                 << Dumped << "\n";
    std::abort();
  }
  return 0;
}
