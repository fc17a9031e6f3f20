//===- LanguageServer.h - torchlint's language server -----------*- C++ -*-===//
//
// `torchlint --lsp`: an LSP 3.17 server on stdin/stdout that runs beside
// clangd and reports torchlint's findings while the user types. It is a thin
// host over the same pieces as the CLI: the frontend (compile databases,
// shared preambles, unsaved buffers), UnitRunner (configuration, NOLINT,
// severities) and the rule table.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_LANGUAGESERVER_H
#define TORCHLINT_LANGUAGESERVER_H

#include "torchlint/units/LspOptions.h"

namespace torchlint {

/// Serves one client on InFd/OutFd until it exits or closes its end; returns
/// the process exit status (0 after shutdown, 1 otherwise, as LSP says).
int runLanguageServer(const LspOptions &Options, int InFd = 0, int OutFd = 1);

} // namespace torchlint

#endif
