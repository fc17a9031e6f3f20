//===- FuzzNolint.cpp - Fuzzes the NOLINT comment scanner -----------------===//
//
// Every source file a unit reads (the user's own, hostile or not) goes
// through NolintIndex, so any byte sequence must index without a crash, and
// the unmatched-directive problems it reports must point at a directive.
//
//===----------------------------------------------------------------------===//

#include "report/Nolint.h"

#include "torchlint/RuleInfo.h"

#include <cstdint>
#include <cstdlib>

using namespace torchlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  NolintIndex Index(Text);
  unsigned Lines = 1 + Text.count('\n');
  unsigned PreviousOffset = 0;
  for (const NolintProblem &P : Index.problems()) {
    // The CLI reports a problem at the directive: a location past the end of
    // the file, or out of order, would be a wrong diagnostic.
    if (P.Offset < PreviousOffset || P.Offset >= Size ||
        !Text.drop_front(P.Offset).startswith("NOLINT") || P.Line == 0 ||
        P.Line > Lines || P.Message.empty())
      std::abort();
    PreviousOffset = P.Offset;
  }
  // Lookups the way the CLI makes them: one per finding, any line, any rule
  // (the bound keeps a long input linear).
  for (unsigned Line = 0; Line <= Lines + 1 && Line < 256; ++Line)
    for (const RuleInfo &Rule : allRules())
      (void)Index.suppresses(Line, Rule.Id);
  (void)Index.suppresses(~0u, "torch-discarded-move");
  // The glob list of a NOLINT(...) is the input itself here.
  (void)nolintGlobsMatch(Text, "torch-discarded-move");
  return 0;
}
