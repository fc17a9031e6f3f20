//===- Config.h - .clang-tidy files as torchlint's configuration -*- C++
//-*-===//
//
// torchlint reads the same .clang-tidy files as clang-tidy, with clang-tidy's
// own code: its YAML schema (ClangTidyOptions), its search upward from each
// file with InheritParentConfig (FileOptionsBaseProvider) and its merge. The
// CLI and the clang-tidy plugin therefore read one configuration the same
// way by construction. Only torch-* checks and options concern torchlint.
//
// One deliberate difference: clang-tidy prints an error for a .clang-tidy
// file that does not parse and goes on without it; the CLI fails the units
// under it (status 2), since a CI check must not pass on a configuration
// nobody reads.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_CONFIG_H
#define TORCHLINT_CONFIG_H

#include "torchlint/core/Options.h"
#include "torchlint/core/RuleInfo.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// One configuration as clang-tidy reads it, with the files it came from.
struct TidyConfig {
  clang::tidy::ClangTidyOptions Options;
  /// Files that contributed, outermost first (for --dump-config and -v).
  std::vector<std::string> Sources;
  /// The innermost file whose Checks name a torch-* check: its Checks (with
  /// those it inherits) decide which torch-* rules run. Empty when no file
  /// names one, and then every torch-* rule stays on.
  std::string ChecksFrom;
  /// Files whose Checks name no torch-* check. A project's '-*,bugprone-*'
  /// was written for clang-tidy's own checks, so it does not turn torchlint
  /// off.
  std::vector<std::string> ChecksIgnored;
  /// The innermost file that sets HeaderFilterRegex, for messages about it.
  std::string HeaderFilterFrom;
};

/// Whether a glob list names a torch-* check ("torch-*", "-torch-foo").
bool namesTorchCheck(llvm::StringRef Globs);

/// What decided the torch-* rules of Config, in one line for -v and
/// --dump-config.
std::string describeChecksSource(const TidyConfig &Config);

/// Parses the YAML text of a .clang-tidy file with clang-tidy's parser, then
/// checks torchlint's own option values (a Severity torchlint does not know
/// would silently keep the default).
llvm::Expected<TidyConfig> parseTidyConfig(llvm::StringRef Text,
                                           llvm::StringRef Source);

/// Overlays Child on Parent the way clang-tidy does with InheritParentConfig:
/// glob lists are concatenated (the child's globs come last and win), scalars
/// and options of the child replace the parent's.
TidyConfig mergeTidyConfig(const TidyConfig &Parent, const TidyConfig &Child);

/// Renders a configuration as clang-tidy does (--dump-config), after
/// comments naming its files.
std::string dumpTidyConfig(const TidyConfig &Config);

/// Finds the configuration of each file: the nearest .clang-tidy above it,
/// merged with its parents' while InheritParentConfig is true, or one fixed
/// file (--config-file). Directories are read once.
class ConfigProvider {
public:
  explicit ConfigProvider(std::optional<std::string> ConfigFile = std::nullopt);
  ~ConfigProvider();
  ConfigProvider(ConfigProvider &&);
  ConfigProvider &operator=(ConfigProvider &&);

  /// The configuration for File (absolute path); an error when a
  /// .clang-tidy file on its way up does not parse.
  llvm::Expected<TidyConfig> configFor(llvm::StringRef File);

private:
  class Search;
  std::optional<std::string> ConfigFile;
  std::unique_ptr<Search> Files;
};

/// What a host needs from a configuration: the effective rule globs, the
/// warnings-as-errors globs, the header filter and rule options.
struct EffectiveConfig {
  std::string Checks = "torch-*";
  /// describeChecksSource() of the file configuration, for -v.
  std::string ChecksSource;
  std::string WarningsAsErrors;
  std::string HeaderFilterRegex;
  /// A file's HeaderFilterRegex that llvm::Regex cannot compile: as in
  /// clang-tidy, no header matches it.
  bool HeaderFilterMatchesNothing = false;
  /// What the host should say once per run about the files' values
  /// ("<file>: <key> ..."): values read as clang-tidy reads them, but
  /// probably not as their author meant.
  std::vector<std::string> Warnings;
  RuleOptions Options;
};

/// Command-line overrides; each, when set, is applied after the files.
struct ConfigOverrides {
  std::optional<std::string> Checks;
  std::optional<std::string> WarningsAsErrors;
  std::optional<std::string> HeaderFilterRegex;
};

/// Combines torchlint's defaults, a file configuration and the command line.
EffectiveConfig resolveConfig(const TidyConfig &File,
                              const ConfigOverrides &Overrides);

/// The severity of Rule after the rule's Severity option and, for a
/// warning, the warnings-as-errors globs (as clang-tidy applies them).
Severity effectiveSeverity(const RuleInfo &Rule, const EffectiveConfig &C);

} // namespace torchlint

#endif
