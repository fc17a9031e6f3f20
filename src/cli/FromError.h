//===- FromError.h - torchlint --from-error ---------------------*- C++ -*-===//
//
// The command line's mode that reads PyTorch's device and dtype runtime
// errors from a log and reports the call sites that explain them
// (docs/from-error.md). The reading and ranking are in src/explain; this
// host runs the units and prints.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_CLI_FROMERROR_H
#define TORCHLINT_SRC_CLI_FROMERROR_H

#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// What --from-error needs of the command line.
struct FromErrorOptions {
  std::string Log; ///< The log file, or "-" for standard input.
  std::vector<std::string> Inputs;
  std::optional<std::vector<std::string>> ExtraFlags;
  std::string BuildPath;
  std::optional<std::string> Checks;
  std::string Format = "text";
  std::string OutputFile;
  std::string CacheDir;
  bool NoCache = false;
  std::string SrcRoot;
  bool Quiet = false;
  bool Verbose = false;
  bool Color = false;
  /// The project's folders a parse may read (docs/ci.md, untrusted pull
  /// requests): a log's answers never quote a file outside them.
  std::vector<std::string> ReadableRoots;
};

/// Runs --from-error: exit status 1 when something in Inputs explains an
/// error of the log, 0 when nothing does, 2 on usage or input errors.
int runFromError(const FromErrorOptions &Options);

} // namespace torchlint

#endif
