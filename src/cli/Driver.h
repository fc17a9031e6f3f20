//===- Driver.h - The torchlint command line --------------------*- C++ -*-===//

#ifndef TORCHLINT_SRC_CLI_DRIVER_H
#define TORCHLINT_SRC_CLI_DRIVER_H

#include "LspOptions.h"

namespace torchlint {

/// Exit statuses: no findings, findings, and usage or input errors.
enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitError = 2 };

/// Runs the torchlint command line and returns its exit status. Serve runs
/// `--lsp`: the language server is a host beside the command line, which
/// main.cpp passes in so that neither includes the other.
int runDriver(int Argc, const char **Argv, LanguageServer Serve = nullptr);

} // namespace torchlint

#endif
