//===- FuzzBaseline.cpp - Fuzzes baseline files ---------------------------===//
//
// A baseline is a JSON file checked into the user's repository and read on
// every pre-merge run; a damaged or hand-edited one must give an error, never
// a crash.
//
//===----------------------------------------------------------------------===//

#include "torchlint/report/Baseline.h"

#include <cstdint>

using namespace torchlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto B = parseBaseline(Text, "fuzz-baseline.json");
  if (!B) {
    llvm::consumeError(B.takeError());
    return 0;
  }
  // The CLI looks up each finding's fingerprint.
  (void)B->Fingerprints.count("0123456789abcdef0123456789abcdef:0");
  return 0;
}
