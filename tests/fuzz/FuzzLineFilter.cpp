//===- FuzzLineFilter.cpp - Fuzzes --line-filter JSON and git diffs -------===//
//
// --line-filter takes clang-tidy's JSON from the command line; --diff reads
// `git diff -U0` output. Both decide which findings a pre-merge check shows,
// so neither may crash, and a filter written back as JSON (--verbose and the
// result cache's key) must read back the same.
//
//===----------------------------------------------------------------------===//

#include "torchlint/report/Baseline.h"

#include "torchlint/core/RuleInfo.h"

#include <cstdint>
#include <cstdlib>

using namespace torchlint;

/// Queries a filter the way the CLI does, with fixed paths so that the input
/// cannot send the fuzzer around the file system.
static void query(const LineFilter &F) {
  for (llvm::StringRef File :
       {"/torchlint-fuzz/src/train.cpp", "train.cpp", "", "/"})
    for (unsigned Line : {0u, 1u, 2u, 10u, 1000u, ~0u})
      (void)F.contains(File, Line);
  FindingRecord R;
  R.Rule = &allRules().front();
  R.Loc.File = "/torchlint-fuzz/src/train.cpp";
  R.Loc.Line = 12;
  R.Message = "'labels' is on the CPU but 'logits' is on 'device'";
  PlainNote Birth;
  Birth.Loc.File = R.Loc.File;
  Birth.Loc.Line = 4;
  Birth.Message = "'labels' created on the CPU here";
  Birth.LineText = "auto labels = torch::tensor({0, 2});";
  R.Notes.push_back(Birth);
  if (auto Tie = F.tieOf(R))
    (void)introducedMessage(*Tie, "/torchlint-fuzz");
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  if (auto F = LineFilter::fromJson(Text)) {
    query(*F);
    auto Again = LineFilter::fromJson(F->toJson());
    if (!Again || Again->Files != F->Files)
      std::abort();
  } else {
    llvm::consumeError(F.takeError());
  }
  // The same bytes as a diff: most inputs are neither, both must cope.
  LineFilter Diff = LineFilter::fromGitDiff(Text, "/torchlint-fuzz");
  query(Diff);
  (void)Diff.toJson();
  return 0;
}
