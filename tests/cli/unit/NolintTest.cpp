//===- NolintTest.cpp - NOLINT parsing ------------------------------------===//

#include "report/Nolint.h"

#include <gtest/gtest.h>

using namespace torchlint;

TEST(Nolint, SameLineWithoutGlobsSilencesEveryRule) {
  NolintIndex I("a.to(cpu); // NOLINT\nb;\n");
  EXPECT_TRUE(I.suppresses(1, "torch-discarded-move"));
  EXPECT_TRUE(I.suppresses(1, "torch-hardcoded-device"));
  EXPECT_FALSE(I.suppresses(2, "torch-discarded-move"));
}

TEST(Nolint, GlobsRestrictTheRules) {
  NolintIndex I("x; // NOLINT(torch-discarded-*, -torch-discarded-x)\n");
  EXPECT_TRUE(I.suppresses(1, "torch-discarded-move"));
  EXPECT_FALSE(I.suppresses(1, "torch-discarded-x"));
  EXPECT_FALSE(I.suppresses(1, "torch-hardcoded-device"));
}

TEST(Nolint, EmptyParenthesesNameNoRule) {
  NolintIndex I("x; // NOLINT()\n");
  EXPECT_FALSE(I.suppresses(1, "torch-discarded-move"));
}

TEST(Nolint, NextLineCoversOnlyTheNextLine) {
  NolintIndex I("// NOLINTNEXTLINE(torch-*)\nx;\ny;\n");
  EXPECT_FALSE(I.suppresses(1, "torch-discarded-move"));
  EXPECT_TRUE(I.suppresses(2, "torch-discarded-move"));
  EXPECT_FALSE(I.suppresses(3, "torch-discarded-move"));
}

TEST(Nolint, BeginEndCoverTheBlock) {
  NolintIndex I("a;\n// NOLINTBEGIN(torch-discarded-move)\nb;\n"
                "// NOLINTEND(torch-discarded-move)\nc;\n");
  EXPECT_FALSE(I.suppresses(1, "torch-discarded-move"));
  EXPECT_TRUE(I.suppresses(3, "torch-discarded-move"));
  EXPECT_FALSE(I.suppresses(3, "torch-hardcoded-device"));
  EXPECT_FALSE(I.suppresses(5, "torch-discarded-move"));
  EXPECT_TRUE(I.problems().empty());
}

TEST(Nolint, UnmatchedBeginAndEndAreProblems) {
  NolintIndex I("// NOLINTBEGIN\nb;\n// NOLINTEND(torch-x)\n");
  ASSERT_EQ(I.problems().size(), 2u);
  EXPECT_EQ(I.problems()[0].Line, 1u);
  EXPECT_EQ(I.problems()[0].Message,
            "unmatched 'NOLINTBEGIN' comment without a subsequent "
            "'NOLINTEND' comment");
  EXPECT_EQ(I.problems()[1].Line, 3u);
  EXPECT_EQ(I.problems()[1].Message,
            "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' "
            "comment");
  // An unmatched BEGIN silences nothing.
  EXPECT_FALSE(I.suppresses(2, "torch-discarded-move"));
}

TEST(Nolint, UnclosedParenthesisSilencesEverything) {
  NolintIndex I("x; // NOLINT(torch-discarded-move\n");
  EXPECT_TRUE(I.suppresses(1, "torch-hardcoded-device"));
}
