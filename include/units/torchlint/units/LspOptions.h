//===- LspOptions.h - What the command line gives the server ----*- C++ -*-===//
//
// The language server and the command line are two hosts side by side; the
// options one hands the other are plain data of the units layer below both,
// so that neither host includes the other (main.cpp wires them together).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_LSPOPTIONS_H
#define TORCHLINT_LSPOPTIONS_H

#include "torchlint/units/UnitRunner.h"

#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// What the command line gives the language server.
struct LspOptions {
  UnitJob Job; ///< Parsing, configuration overrides, test hooks.
  std::optional<std::string> BuildPath;
  std::optional<std::vector<std::string>> ExtraFlags;
  unsigned UnitTimeout = 900;
  bool Verbose = false;
};

/// Runs the language server (`torchlint --lsp`) and returns its exit status.
using LanguageServer = int (*)(const LspOptions &Options);

} // namespace torchlint

#endif
