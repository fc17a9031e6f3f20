//===- FixesTest.cpp - Applying fix-its -----------------------------------===//

#include "torchlint/report/Fixes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace torchlint;

TEST(ApplyEdits, AppliesFromTheEndSoOffsetsStayValid) {
  std::string Text = "x.to(d);\ny.cpu();\n";
  std::vector<PlainEdit> Edits = {{"f", 0, 0, "x = "}, {"f", 9, 0, "y = "}};
  EXPECT_EQ(applyEditsToText(Text, Edits), "x = x.to(d);\ny = y.cpu();\n");
}

TEST(ApplyEdits, ReplacesRanges) {
  EXPECT_EQ(applyEditsToText("Device d(kCUDA);", {{"f", 9, 5, "dev"}}),
            "Device d(dev);");
}

static const RuleInfo *someRule() { return &allRules().front(); }

static std::string writeTemp(llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  int FD;
  EXPECT_FALSE(
      llvm::sys::fs::createTemporaryFile("torchlint-fix", "cpp", FD, Path));
  llvm::raw_fd_ostream OS(FD, true);
  OS << Text;
  return std::string(Path);
}

static std::string readFile(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "<unreadable>";
}

TEST(ApplyFixes, WritesFilesAndRefusesConflicts) {
  std::string Path = writeTemp("abcdef\n");
  FindingRecord A, B, C;
  A.Rule = B.Rule = C.Rule = someRule();
  A.Loc.File = B.Loc.File = C.Loc.File = Path;
  A.Edits = {{Path, 0, 1, "A"}};
  B.Edits = {{Path, 0, 2, "BB"}}; // Overlaps A: refused whole.
  C.Edits = {{Path, 4, 0, "C"}, {Path, 6, 0, "!"}};
  FixOutcome Out = applyFixes({A, B, C});
  EXPECT_EQ(readFile(Path), "AbcdCef!\n");
  EXPECT_EQ(Out.FilesChanged, 1u);
  EXPECT_EQ(Out.EditsApplied, 3u);
  ASSERT_EQ(Out.Problems.size(), 1u);
  EXPECT_NE(Out.Problems[0].find("conflicts with another fix-it"),
            std::string::npos);
  llvm::sys::fs::remove(Path);
}

TEST(ApplyFixes, SameEditFromTwoUnitsAppliesOnce) {
  std::string Path = writeTemp("t.to(d);\n");
  FindingRecord A;
  A.Rule = someRule();
  A.Loc.File = Path;
  A.Edits = {{Path, 0, 0, "t = "}};
  FixOutcome Out = applyFixes({A, A});
  EXPECT_EQ(readFile(Path), "t = t.to(d);\n");
  EXPECT_TRUE(Out.Problems.empty());
  llvm::sys::fs::remove(Path);
}

TEST(ApplyFixes, KeepsPermissions) {
  std::string Path = writeTemp("x\n");
  llvm::sys::fs::setPermissions(Path, llvm::sys::fs::perms(0640));
  FindingRecord A;
  A.Rule = someRule();
  A.Loc.File = Path;
  A.Edits = {{Path, 0, 1, "y"}};
  applyFixes({A});
  llvm::sys::fs::file_status St;
  ASSERT_FALSE(llvm::sys::fs::status(Path, St));
  EXPECT_EQ(St.permissions(), llvm::sys::fs::perms(0640));
  EXPECT_EQ(readFile(Path), "y\n");
  llvm::sys::fs::remove(Path);
}
