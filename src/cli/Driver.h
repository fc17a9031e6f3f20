//===- Driver.h - The torchlint command line --------------------*- C++ -*-===//

#ifndef TORCHLINT_SRC_CLI_DRIVER_H
#define TORCHLINT_SRC_CLI_DRIVER_H

#include "torchlint/units/LspOptions.h"

#include <cstddef>

namespace torchlint {

/// Exit statuses: no findings, findings, and usage or input errors.
enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitError = 2 };

/// What a finished analysis run leaves for its exit status.
struct RunOutcome {
  /// An input, a unit, a fix or a report failed.
  bool Failed = false;
  /// --write-baseline recorded the findings.
  bool WroteBaseline = false;
  /// --verify checked expected diagnostics.
  bool Verify = false;
  /// Findings reported after NOLINT, filters and the baseline, less those
  /// that --fix removed.
  size_t Findings = 0;
  /// --exit-zero: findings alone leave the status 0 (as ruff's option does);
  /// errors still give 2.
  bool ExitZero = false;
};

/// The exit status of an analysis run: errors first, then findings.
int exitStatus(const RunOutcome &O);

/// Runs the torchlint command line and returns its exit status. Serve runs
/// `--lsp`: the language server is a host beside the command line, which
/// main.cpp passes in so that neither includes the other.
int runDriver(int Argc, const char **Argv, LanguageServer Serve = nullptr);

} // namespace torchlint

#endif
