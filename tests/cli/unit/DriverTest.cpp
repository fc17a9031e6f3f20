//===- DriverTest.cpp - The driver's named steps --------------------------===//

#include "Driver.h"

#include <gtest/gtest.h>

using namespace torchlint;

namespace {

RunOutcome outcome(bool Failed, bool WroteBaseline, bool Verify,
                   size_t Findings) {
  RunOutcome O;
  O.Failed = Failed;
  O.WroteBaseline = WroteBaseline;
  O.Verify = Verify;
  O.Findings = Findings;
  return O;
}

TEST(ExitStatus, NoFindingsIsClean) {
  EXPECT_EQ(exitStatus(outcome(false, false, false, 0)), ExitClean);
}

TEST(ExitStatus, FindingsAreOne) {
  EXPECT_EQ(exitStatus(outcome(false, false, false, 1)), ExitFindings);
  EXPECT_EQ(exitStatus(outcome(false, false, false, 42)), ExitFindings);
}

TEST(ExitStatus, AFailureWinsOverEverything) {
  // A bad input, a failed unit or a refused fix: 2 whatever else holds.
  for (bool Baseline : {false, true})
    for (bool Verify : {false, true})
      for (size_t Findings : {size_t(0), size_t(3)})
        EXPECT_EQ(exitStatus(outcome(true, Baseline, Verify, Findings)),
                  ExitError);
}

TEST(ExitStatus, WritingABaselineAcceptsTheFindings) {
  EXPECT_EQ(exitStatus(outcome(false, true, false, 5)), ExitClean);
  EXPECT_EQ(exitStatus(outcome(false, true, false, 0)), ExitClean);
}

TEST(ExitStatus, VerifySucceedsWithExpectedFindings) {
  // Under --verify the findings are the expected diagnostics.
  EXPECT_EQ(exitStatus(outcome(false, false, true, 7)), ExitClean);
}

} // namespace
