//===- FixesTest.cpp - Applying fix-its: conflicts and atomic writes ------===//

#include "torchlint/Fixes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

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
