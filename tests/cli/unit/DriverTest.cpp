//===- DriverTest.cpp - The driver's named steps --------------------------===//

#include "Driver.h"
#include "OrderedDelivery.h"

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

// OrderedDelivery, with unit results built by hand: a finding that needs a
// project fact, and sites that show one, are plain data.

const std::string Fact = ProjectFact(FactKind::RuntimeDevice).str();

/// A unit result for File: one finding per entry of Needs ("" for one that
/// needs no fact, "a+b" for one that needs two), and one site per fact in
/// Shows.
UnitResult unitResult(const std::string &File,
                      const std::vector<std::string> &Needs,
                      const std::vector<std::string> &Shows = {}) {
  UnitResult R;
  R.File = File;
  R.Analysed = true;
  for (const std::string &N : Needs) {
    RenderedFinding F;
    F.Record.Message = "a finding of " + File;
    for (llvm::StringRef Rest = N; !Rest.empty();) {
      auto [One, Tail] = Rest.split('+');
      F.Record.Needs.push_back(*Need::parse(One));
      Rest = Tail;
    }
    F.Text = File + ": warning\n";
    R.Findings.push_back(F);
  }
  for (const std::string &Shown : Shows) {
    RenderedSite Site;
    Site.Record.Fact = ProjectFact::parse(Shown);
    Site.Record.Note.Message = "the fact is shown here";
    Site.Text = File + ": note: shown here\n";
    R.Sites.push_back(Site);
  }
  return R;
}

/// What the deliver callback saw of one unit.
struct Seen {
  size_t I;
  std::string Log;
  UnitResult R;
};

/// An OrderedDelivery over Progs that records what it delivers in Out.
OrderedDelivery recorder(const Programs &Progs, std::vector<Seen> &Out,
                         ProjectScope Scope = ProjectScope::Run,
                         bool Sharded = false) {
  return OrderedDelivery(
      Progs, Scope, Sharded, [&Out](size_t I, UnitResult &R,
                                    llvm::StringRef Log) {
        Out.push_back({I, Log.str(), R});
      });
}

std::vector<size_t> indices(const std::vector<Seen> &Out) {
  std::vector<size_t> Is;
  for (const Seen &S : Out)
    Is.push_back(S.I);
  return Is;
}

TEST(OrderedDelivery, DecidedUnitsGoOnAtOnce) {
  Programs Progs;
  std::vector<Seen> Out;
  OrderedDelivery D = recorder(Progs, Out);
  UnitResult A = unitResult("a.cpp", {""}), B = unitResult("b.cpp", {});
  D.arrive(0, A, "log a");
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Log, "log a");
  D.arrive(1, B, "");
  EXPECT_EQ(indices(Out), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(D.held(), 0u);
  EXPECT_EQ(Out[0].R.Findings.size(), 1u);
}

TEST(OrderedDelivery, AnUndecidedUnitHoldsBackTheUnitsAfterIt) {
  Programs Progs;
  std::vector<Seen> Out;
  OrderedDelivery D = recorder(Progs, Out);
  UnitResult A = unitResult("a.cpp", {Fact}), B = unitResult("b.cpp", {""}),
             C = unitResult("c.cpp", {}, {Fact});
  D.arrive(0, A, "log a");
  D.arrive(1, B, "log b");
  // b.cpp needs nothing, but it must not overtake a.cpp.
  EXPECT_TRUE(Out.empty());
  EXPECT_EQ(D.held(), 2u);
  // c.cpp shows the fact: a.cpp is decided, and everything goes in order.
  D.arrive(2, C, "log c");
  EXPECT_EQ(indices(Out), (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(D.held(), 0u);
  EXPECT_EQ(Out[0].Log, "log a");
  EXPECT_EQ(Out[1].Log, "log b");
  ASSERT_EQ(Out[0].R.Findings.size(), 1u);
  const RenderedFinding &F = Out[0].R.Findings[0];
  EXPECT_TRUE(F.Record.Needs.empty());
  ASSERT_EQ(F.Record.Notes.size(), 1u);
  EXPECT_EQ(F.Record.Notes[0].Message, "the fact is shown here");
  EXPECT_EQ(F.Text, "a.cpp: warning\nc.cpp: note: shown here\n");
}

TEST(OrderedDelivery, AFactShownEarlierDecidesAtOnce) {
  Programs Progs;
  std::vector<Seen> Out;
  OrderedDelivery D = recorder(Progs, Out);
  UnitResult A = unitResult("a.cpp", {}, {Fact}),
             B = unitResult("b.cpp", {Fact});
  D.arrive(0, A, "");
  D.arrive(1, B, "");
  EXPECT_EQ(indices(Out), (std::vector<size_t>{0, 1}));
  ASSERT_EQ(Out[1].R.Findings.size(), 1u);
  EXPECT_TRUE(Out[1].R.Findings[0].Record.Needs.empty());
  EXPECT_EQ(Out[1].R.Findings[0].Record.Notes.size(), 1u);
}

TEST(OrderedDelivery, AFindingThatNeedsTwoFactsWaitsForBoth) {
  Programs Progs;
  std::vector<Seen> Out;
  OrderedDelivery D = recorder(Progs, Out);
  const std::string Other = "writes-device:Config::device";
  UnitResult A = unitResult("a.cpp", {Fact + "+" + Other}),
             B = unitResult("b.cpp", {}, {Fact}),
             C = unitResult("c.cpp", {}, {Other});
  D.arrive(0, A, "");
  D.arrive(1, B, "");
  // One of the two is shown: a.cpp still waits.
  EXPECT_TRUE(Out.empty());
  D.arrive(2, C, "");
  EXPECT_EQ(indices(Out), (std::vector<size_t>{0, 1, 2}));
  ASSERT_EQ(Out[0].R.Findings.size(), 1u);
  const RenderedFinding &F = Out[0].R.Findings[0];
  EXPECT_TRUE(F.Record.Needs.empty());
  EXPECT_EQ(F.Record.Notes.size(), 2u);
  EXPECT_EQ(
      F.Text,
      "a.cpp: warning\nb.cpp: note: shown here\nc.cpp: note: shown here\n");
}

TEST(OrderedDelivery, AFindingWithOneOfItsTwoFactsShownIsDropped) {
  Programs Progs;
  std::vector<Seen> Out;
  OrderedDelivery D = recorder(Progs, Out);
  UnitResult A = unitResult("a.cpp", {std::string(Fact) +
                                      "+writes-device:Config::device"}),
             B = unitResult("b.cpp", {}, {Fact});
  D.arrive(0, A, "");
  D.arrive(1, B, "");
  EXPECT_TRUE(Out.empty());
  D.allIn();
  EXPECT_EQ(indices(Out), (std::vector<size_t>{0, 1}));
  EXPECT_TRUE(Out[0].R.Findings.empty());
}

TEST(OrderedDelivery, AllInReleasesEverythingAndDropsWhatNoUnitShowed) {
  Programs Progs;
  std::vector<Seen> Out;
  OrderedDelivery D = recorder(Progs, Out);
  UnitResult A = unitResult("a.cpp", {Fact, ""}),
             B = unitResult("b.cpp", {""});
  D.arrive(0, A, "log a");
  D.arrive(1, B, "");
  EXPECT_TRUE(Out.empty());
  D.allIn();
  EXPECT_EQ(indices(Out), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(D.held(), 0u);
  EXPECT_EQ(Out[0].Log, "log a");
  // No unit of the project showed the fact: its finding goes, the other
  // stays.
  ASSERT_EQ(Out[0].R.Findings.size(), 1u);
  EXPECT_TRUE(Out[0].R.Findings[0].Record.Needs.empty());
  EXPECT_EQ(Out[1].R.Findings.size(), 1u);
  D.allIn();
  EXPECT_EQ(Out.size(), 2u);
}

TEST(OrderedDelivery, UnitScopeDecidesEachUnitAloneAndAtOnce) {
  Programs Progs;
  std::vector<Seen> Out;
  OrderedDelivery D = recorder(Progs, Out, ProjectScope::Unit);
  UnitResult A = unitResult("a.cpp", {Fact}),
             B = unitResult("b.cpp", {Fact}, {Fact}),
             C = unitResult("c.cpp", {Fact});
  D.arrive(0, A, "");
  D.arrive(1, B, "");
  D.arrive(2, C, "");
  EXPECT_EQ(indices(Out), (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(D.held(), 0u);
  // Only b.cpp shows the fact to itself; c.cpp does not see b.cpp's site.
  EXPECT_TRUE(Out[0].R.Findings.empty());
  ASSERT_EQ(Out[1].R.Findings.size(), 1u);
  EXPECT_EQ(Out[1].R.Findings[0].Record.Notes.size(), 1u);
  EXPECT_TRUE(Out[2].R.Findings.empty());
  // The run learns nothing from units that are projects of their own.
  EXPECT_TRUE(D.sites().empty());
}

TEST(OrderedDelivery, AShardDeliversAtOnceAndLeavesFindingsUndecided) {
  Programs Progs;
  std::vector<Seen> Out;
  OrderedDelivery D = recorder(Progs, Out, ProjectScope::Run,
                               /*Sharded=*/true);
  UnitResult A = unitResult("a.cpp", {Fact}),
             B = unitResult("b.cpp", {}, {Fact});
  D.arrive(0, A, "");
  D.arrive(1, B, "");
  EXPECT_EQ(indices(Out), (std::vector<size_t>{0, 1}));
  // Another shard may show the fact first: --merge decides.
  ASSERT_EQ(Out[0].R.Findings.size(), 1u);
  EXPECT_EQ(Out[0].R.Findings[0].Record.Needs,
            std::vector<Need>{FactKind::RuntimeDevice});
  std::vector<SiteRecord> Sites = D.sites();
  ASSERT_EQ(Sites.size(), 1u);
  EXPECT_EQ(Sites[0].Fact, ProjectFact(FactKind::RuntimeDevice));
  EXPECT_EQ(Sites[0].Unit, "b.cpp");
}

} // namespace
