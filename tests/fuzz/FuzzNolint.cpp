//===- FuzzNolint.cpp - Fuzzes NOLINT comments ----------------------------===//
//
// Every file a finding lands in, the user's own and hostile or not, is read
// for NOLINT comments (NolintFilter, over clang-tidy's handler). Each input is
// a file of its own; the filter is asked about findings on its lines, for
// every rule and severity, the way the CLI asks, and the unmatched-block
// problems it reports must lie inside the file.
//
//===----------------------------------------------------------------------===//

#include "torchlint/report/Nolint.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdint>
#include <cstdlib>

using namespace torchlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  constexpr llvm::StringLiteral Path = "/torchlint-fuzz/input.cpp";
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  FS->addFile(Path, 0, llvm::MemoryBuffer::getMemBufferCopy(Text, Path));
  clang::FileManager Files(clang::FileSystemOptions(), FS);
  clang::IgnoringDiagConsumer Ignore;
  auto DiagOpts = torchlint::compat::makeDiagOpts();
  clang::DiagnosticsEngine Diags(
      llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>(),
      torchlint::compat::diagOpts(DiagOpts), &Ignore,
      /*ShouldOwnClient=*/false);
  clang::SourceManager SM(Diags, Files);
  auto Entry = Files.getOptionalFileRef(Path);
  if (!Entry)
    std::abort();
  clang::FileID FID = SM.createFileID(*Entry, clang::SourceLocation(),
                                      clang::SrcMgr::C_User);
  SM.setMainFileID(FID);

  NolintFilter Filter(SM);
  std::vector<NolintProblem> Problems;
  // A finding at the start of each line and at the end of the file (the
  // bound keeps a long input linear), of every rule, as a warning and as an
  // error (which NOLINT never silences).
  unsigned Lines = 1 + Text.count('\n');
  for (unsigned Line = 1; Line <= Lines && Line < 128; ++Line) {
    clang::SourceLocation Loc = SM.translateLineCol(FID, Line, 1);
    for (const RuleInfo &Rule : allRules())
      (void)Filter.suppresses(Loc, Rule.Id, Severity::Warning, Problems);
    (void)Filter.suppresses(Loc, allRules().front().Id, Severity::Error,
                            Problems);
  }
  (void)Filter.suppresses(SM.getLocForEndOfFile(FID), allRules().back().Id,
                          Severity::Note, Problems);
  for (const NolintProblem &P : Problems)
    // The CLI reports a problem at its offset in the file.
    if (P.Offset > Size || P.Message.empty())
      std::abort();
  return 0;
}
