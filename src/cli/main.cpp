//===- main.cpp - torchlint entry point -----------------------------------===//

#include "Driver.h"
#include "torchlint/lsp/LanguageServer.h"

#include "llvm/Support/InitLLVM.h"

int main(int Argc, const char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  return torchlint::runDriver(
      Argc, Argv, [](const torchlint::LspOptions &Options) {
        return torchlint::runLanguageServer(Options);
      });
}
