//===- Driver.h - The torchlint command line --------------------*- C++ -*-===//

#ifndef TORCHLINT_SRC_CLI_DRIVER_H
#define TORCHLINT_SRC_CLI_DRIVER_H

namespace torchlint {

/// Exit statuses: no findings, findings, and usage or input errors.
enum ExitCode { ExitClean = 0, ExitFindings = 1, ExitError = 2 };

/// Runs the torchlint command line and returns its exit status.
int runDriver(int Argc, const char **Argv);

} // namespace torchlint

#endif
