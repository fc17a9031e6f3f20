//===- FixesTest.cpp - Applying fix-its: conflicts and atomic writes ------===//

#include "torchlint/report/Fixes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <map>

using namespace torchlint;
namespace fs = llvm::sys::fs;

static FindingRecord fix(const std::string &File, unsigned Offset,
                         unsigned Length, std::string Text) {
  FindingRecord R;
  R.Rule = findRule("torch-discarded-move");
  R.Loc.File = File;
  R.Edits.push_back({File, Offset, Length, std::move(Text)});
  return R;
}

TEST(Fixes, RefusesConflictsAndKeepsPermissions) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(fs::createUniqueDirectory("torchlint-fixes", Dir));
  std::string File = (Dir + "/a.cpp").str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << "t.to(d);\nu.to(d);\n";
  }
  fs::setPermissions(File, fs::owner_read | fs::owner_write | fs::group_read);
  FixOutcome Out = applyFixes({fix(File, 0, 0, "t = "),
                               fix(File, 0, 1, "v"), // overlaps the first
                               fix(File, 9, 0, "u = ")});
  EXPECT_EQ(Out.EditsApplied, 2u);
  ASSERT_EQ(Out.Problems.size(), 1u);
  EXPECT_NE(Out.Problems[0].find("conflicts"), std::string::npos);
  auto Text = llvm::MemoryBuffer::getFile(File);
  ASSERT_TRUE(bool(Text));
  EXPECT_EQ((*Text)->getBuffer(), "t = t.to(d);\nu = u.to(d);\n");
  fs::file_status St;
  ASSERT_FALSE(fs::status(File, St));
  EXPECT_EQ(St.permissions(),
            fs::owner_read | fs::owner_write | fs::group_read);
  // Nothing but the file itself is left in the folder.
  std::error_code EC;
  unsigned Entries = 0;
  for (fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC))
    ++Entries;
  EXPECT_EQ(Entries, 1u);
  fs::remove(File);
  fs::remove(Dir);
}

static std::string writeFile(const llvm::Twine &Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path.str(), EC);
  OS << Text;
  return Path.str();
}

static std::string readFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : "<unreadable>";
}

TEST(Fixes, VerifierSeesEveryFixedTextAndVetoesFiles) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(fs::createUniqueDirectory("torchlint-fixes", Dir));
  std::string A = writeFile(Dir + "/a.cpp", "t.to(d);\n");
  std::string B = writeFile(Dir + "/b.h", "u.to(d);\n");
  std::map<std::string, std::string> Seen;
  FixVerifier Verify = [&](const std::map<std::string, std::string> &Texts) {
    Seen = Texts;
    // b.h would break the build: with it, a.cpp does not compile.
    return std::map<std::string, std::string>{
        {B, "with them 'a.cpp' would not compile: b.h:1:1: error: boom"}};
  };
  FixOutcome Out =
      applyFixes({fix(A, 0, 0, "t = "), fix(B, 0, 0, "u = ")}, Verify);
  // The verifier saw both files fixed, before anything was written.
  ASSERT_EQ(Seen.size(), 2u);
  EXPECT_EQ(Seen[A], "t = t.to(d);\n");
  EXPECT_EQ(Seen[B], "u = u.to(d);\n");
  // a.cpp is written, b.h is left exactly as it was, and the refusal is a
  // problem the caller turns into exit status 2.
  EXPECT_EQ(readFile(A), "t = t.to(d);\n");
  EXPECT_EQ(readFile(B), "u.to(d);\n");
  EXPECT_EQ(Out.FilesChanged, 1u);
  EXPECT_EQ(Out.EditsApplied, 1u);
  ASSERT_EQ(Out.Problems.size(), 1u);
  EXPECT_EQ(Out.Problems[0],
            "fix-its for '" + B +
                "' not applied: with them 'a.cpp' would not compile: "
                "b.h:1:1: error: boom");
  fs::remove_directories(Dir);
}

TEST(Fixes, NoVerifierWritesEverything) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(fs::createUniqueDirectory("torchlint-fixes", Dir));
  std::string A = writeFile(Dir + "/a.cpp", "t.to(d);\n");
  FixOutcome Out = applyFixes({fix(A, 0, 0, "t = ")});
  EXPECT_TRUE(Out.Problems.empty());
  EXPECT_EQ(readFile(A), "t = t.to(d);\n");
  fs::remove_directories(Dir);
}
