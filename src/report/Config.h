//===- Config.h - .clang-tidy files as torchlint's configuration -*- C++
//-*-===//
//
// torchlint reads the same .clang-tidy files as clang-tidy, so the CLI and the
// clang-tidy plugin share one configuration. Only torch-* globs and options
// concern torchlint; the rest is kept but has no effect here.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_REPORT_CONFIG_H
#define TORCHLINT_SRC_REPORT_CONFIG_H

#include "torchlint/Options.h"
#include "torchlint/RuleInfo.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace torchlint {

/// The fields of one .clang-tidy file that torchlint understands.
struct TidyConfig {
  std::optional<std::string> Checks;
  std::optional<std::string> WarningsAsErrors;
  std::optional<std::string> HeaderFilterRegex;
  std::optional<bool> InheritParentConfig;
  /// CheckOptions in file order; later keys win.
  std::vector<std::pair<std::string, std::string>> CheckOptions;
  /// Files that contributed, outermost first (for --dump-config and -v).
  std::vector<std::string> Sources;
};

/// Parses the YAML text of a .clang-tidy file. CheckOptions may be a list of
/// {key, value} maps or a plain map, as clang-tidy 16 accepts both.
llvm::Expected<TidyConfig> parseTidyConfig(llvm::StringRef Text,
                                           llvm::StringRef Source);

/// Overlays Child on Parent the way clang-tidy does with InheritParentConfig:
/// glob lists are concatenated (the child's globs come last and win), scalars
/// and options of the child replace the parent's.
TidyConfig mergeTidyConfig(const TidyConfig &Parent, const TidyConfig &Child);

/// Renders a configuration as a .clang-tidy file (--dump-config).
std::string dumpTidyConfig(const TidyConfig &Config);

/// Finds the configuration of each file: the nearest .clang-tidy above it,
/// merged with its parents' while InheritParentConfig is true, or one fixed
/// file (--config-file). Directories are read once.
class ConfigProvider {
public:
  /// Defaults apply beneath every file configuration (the command line's
  /// --checks and friends are applied on top by the caller).
  explicit ConfigProvider(std::optional<std::string> ConfigFile = std::nullopt);

  /// The configuration for File (absolute path).
  llvm::Expected<TidyConfig> configFor(llvm::StringRef File);

private:
  llvm::Expected<std::optional<TidyConfig>> configOfDir(llvm::StringRef Dir);

  std::optional<std::string> ConfigFile;
  std::map<std::string, std::optional<TidyConfig>> ByDir;
};

/// What a host needs from a configuration: the effective rule globs, the
/// warnings-as-errors globs, the header filter and rule options.
struct EffectiveConfig {
  std::string Checks = "torch-*";
  std::string WarningsAsErrors;
  std::string HeaderFilterRegex;
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

/// The severity of Rule after the rule's Severity option and the
/// warnings-as-errors globs.
Severity effectiveSeverity(const RuleInfo &Rule, const EffectiveConfig &C);

} // namespace torchlint

#endif
