//===- NolintTest.cpp - NOLINT as clang-tidy reads it ---------------------===//
//
// The CLI asks clang-tidy's own NOLINT handler. These cases pin the meaning
// users rely on, so a change of clang-tidy's semantics shows up here.
//
//===----------------------------------------------------------------------===//

#include "torchlint/report/Nolint.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <gtest/gtest.h>

using namespace torchlint;
using namespace clang;

namespace {

/// One in-memory file in a real SourceManager; the handler needs a named
/// file, as in a parsed unit.
class NolintFile {
public:
  explicit NolintFile(llvm::StringRef Text)
      : FS(llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>()) {
    FS->addFile("/src/main.cpp", 0, llvm::MemoryBuffer::getMemBufferCopy(Text));
    Files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), FS);
    Diags = std::make_unique<DiagnosticsEngine>(
        llvm::makeIntrusiveRefCnt<DiagnosticIDs>(),
        torchlint::compat::diagOpts(DiagOpts));
    SM = std::make_unique<SourceManager>(*Diags, *Files);
    Main = SM->getOrCreateFileID(*Files->getOptionalFileRef("/src/main.cpp"),
                                 SrcMgr::C_User);
    SM->setMainFileID(Main);
    Filter = std::make_unique<NolintFilter>(*SM);
  }

  /// Whether a finding of Rule on 1-based Line, column 1, is silenced.
  bool silenced(unsigned Line, llvm::StringRef Rule,
                Severity Level = Severity::Warning) {
    return Filter->suppresses(SM->translateLineCol(Main, Line, 1), Rule, Level,
                              Problems);
  }

  std::vector<NolintProblem> Problems;

private:
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> FS;
  llvm::IntrusiveRefCntPtr<FileManager> Files;
  torchlint::compat::DiagOptsOwner DiagOpts = torchlint::compat::makeDiagOpts();
  std::unique_ptr<DiagnosticsEngine> Diags;
  std::unique_ptr<SourceManager> SM;
  std::unique_ptr<NolintFilter> Filter;
  FileID Main;
};

} // namespace

TEST(Nolint, SameLineWithoutGlobsSilencesEveryRule) {
  NolintFile F("a.to(cpu); // NOLINT\nb;\n");
  EXPECT_TRUE(F.silenced(1, "torch-discarded-move"));
  EXPECT_TRUE(F.silenced(1, "torch-hardcoded-device"));
  EXPECT_FALSE(F.silenced(2, "torch-discarded-move"));
}

TEST(Nolint, GlobsRestrictTheRulesAndNegativeGlobsAreIgnored) {
  // clang-tidy drops '-' globs in NOLINT lists: they would only narrow a
  // suppression the user asked for.
  NolintFile F("x; // NOLINT(torch-discarded-*, -torch-discarded-x)\n");
  EXPECT_TRUE(F.silenced(1, "torch-discarded-move"));
  EXPECT_TRUE(F.silenced(1, "torch-discarded-x"));
  EXPECT_FALSE(F.silenced(1, "torch-hardcoded-device"));
}

TEST(Nolint, EmptyParenthesesNameNoRule) {
  NolintFile F("x; // NOLINT()\n");
  EXPECT_FALSE(F.silenced(1, "torch-discarded-move"));
}

TEST(Nolint, NextLineCoversOnlyTheNextLine) {
  NolintFile F("// NOLINTNEXTLINE(torch-*)\nx;\ny;\n");
  EXPECT_FALSE(F.silenced(1, "torch-discarded-move"));
  EXPECT_TRUE(F.silenced(2, "torch-discarded-move"));
  EXPECT_FALSE(F.silenced(3, "torch-discarded-move"));
}

TEST(Nolint, BeginEndCoverTheBlock) {
  NolintFile F("a;\n// NOLINTBEGIN(torch-discarded-move)\nb;\n"
               "// NOLINTEND(torch-discarded-move)\nc;\n");
  EXPECT_FALSE(F.silenced(1, "torch-discarded-move"));
  EXPECT_TRUE(F.silenced(3, "torch-discarded-move"));
  EXPECT_FALSE(F.silenced(3, "torch-hardcoded-device"));
  EXPECT_FALSE(F.silenced(5, "torch-discarded-move"));
  EXPECT_TRUE(F.Problems.empty());
}

TEST(Nolint, UnmatchedBeginAndEndAreProblemsOnce) {
  NolintFile F("// NOLINTBEGIN\nb;\n// NOLINTEND(torch-x)\n");
  // An unmatched BEGIN silences nothing.
  EXPECT_FALSE(F.silenced(2, "torch-discarded-move"));
  ASSERT_EQ(F.Problems.size(), 2u);
  EXPECT_EQ(F.Problems[0].File, "/src/main.cpp");
  EXPECT_EQ(F.Problems[0].Offset, 3u);
  EXPECT_EQ(F.Problems[0].Message,
            "unmatched 'NOLINTBEGIN' comment without a subsequent "
            "'NOLINTEND' comment");
  EXPECT_EQ(F.Problems[1].Offset, 21u);
  EXPECT_EQ(F.Problems[1].Message,
            "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' "
            "comment");
  // The file's blocks are read once: the next lookup reports nothing new.
  F.Problems.clear();
  EXPECT_FALSE(F.silenced(2, "torch-hardcoded-device"));
  EXPECT_TRUE(F.Problems.empty());
}

TEST(Nolint, UnclosedParenthesisSilencesEverything) {
  NolintFile F("x; // NOLINT(torch-discarded-move\n");
  EXPECT_TRUE(F.silenced(1, "torch-hardcoded-device"));
}

TEST(Nolint, ErrorLevelRulesAreNotSilenced) {
  // clang-tidy never suppresses an error: a rule configured as error keeps
  // failing the build under NOLINT, in both hosts.
  NolintFile F("x; // NOLINT\n");
  EXPECT_FALSE(F.silenced(1, "torch-discarded-move", Severity::Error));
  EXPECT_TRUE(F.silenced(1, "torch-discarded-move", Severity::Note));
  EXPECT_TRUE(F.silenced(1, "torch-discarded-move", Severity::Warning));
}
