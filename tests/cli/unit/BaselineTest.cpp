//===- BaselineTest.cpp - Fingerprints and line filters -------------------===//

#include "torchlint/report/Baseline.h"
#include "torchlint/core/RuleInfo.h"
#include "torchlint/report/Formats.h"

#include <gtest/gtest.h>

using namespace torchlint;

static FindingRecord record(unsigned Line, std::string Text) {
  FindingRecord R;
  R.Rule = findRule("torch-discarded-move");
  R.Loc.File = "/repo/src/a.cpp";
  R.Loc.Line = Line;
  R.Message = "result is discarded";
  R.LineText = std::move(Text);
  return R;
}

TEST(Fingerprint, IgnoresLineNumbersAndIndentation) {
  std::vector<FindingRecord> Before = {record(10, "t.to(kCPU);")};
  std::vector<FindingRecord> After = {record(42, "    t.to(kCPU);  ")};
  assignFingerprints(Before, "/repo");
  assignFingerprints(After, "/repo");
  EXPECT_EQ(Before[0].Fingerprint, After[0].Fingerprint);
  EXPECT_EQ(Before[0].Fingerprint.substr(32), ":0");
}

TEST(Fingerprint, RepeatsGetAnOccurrenceIndex) {
  std::vector<FindingRecord> R = {record(1, "t.to(kCPU);"),
                                  record(2, "t.to(kCPU);"),
                                  record(3, "u.to(kCPU);")};
  assignFingerprints(R, "/repo");
  EXPECT_EQ(R[0].Fingerprint.substr(0, 32), R[1].Fingerprint.substr(0, 32));
  EXPECT_EQ(R[1].Fingerprint.substr(32), ":1");
  EXPECT_NE(R[0].Fingerprint.substr(0, 32), R[2].Fingerprint.substr(0, 32));
}

TEST(Fingerprint, DependsOnThePathBelowTheRoot) {
  std::vector<FindingRecord> A = {record(1, "t.to(kCPU);")};
  std::vector<FindingRecord> B = A;
  B[0].Loc.File = "/elsewhere/src/a.cpp";
  assignFingerprints(A, "/repo");
  assignFingerprints(B, "/elsewhere");
  EXPECT_EQ(A[0].Fingerprint, B[0].Fingerprint);
  EXPECT_EQ(relativeToRoot("/repo/src/a.cpp", "/repo"), "src/a.cpp");
  EXPECT_EQ(relativeToRoot("/other/a.cpp", "/repo"), "/other/a.cpp");
}

/// A device-mismatch record at the crash line with its provenance notes.
static FindingRecord mismatch(unsigned BirthLine, std::string BirthText) {
  FindingRecord R;
  R.Rule = findRule("torch-device-mismatch");
  R.Loc = {"/repo/train.cpp", 20, 17, 400};
  R.Message = "'labels' is on the CPU, 'logits' on 'device' chosen at line 7";
  R.LineText = "auto loss = cross_entropy(logits, labels);";
  PlainNote Birth;
  Birth.Loc = {"/repo/train.cpp", BirthLine, 7, 300};
  Birth.Message = "'labels' is created on the CPU here";
  Birth.LineText = std::move(BirthText);
  PlainNote Computed;
  Computed.Loc = {"/repo/include/model.h", 9, 3, 90};
  Computed.Message = "'logits' is computed by 'model' here";
  Computed.LineText = "return model(x);";
  R.Notes = {Birth, Computed};
  return R;
}

TEST(Fingerprint, HashesTheProvenance) {
  std::vector<FindingRecord> Old = {mismatch(12, "auto labels = load();")};
  // The same bug after unrelated lines moved: same fingerprint.
  std::vector<FindingRecord> Moved = {mismatch(15, "auto labels =  load();")};
  Moved[0].Loc.Line = 23;
  Moved[0].Message = "'labels' is on the CPU, 'logits' on 'device' chosen at "
                     "line 10";
  // The same crash with the labels born elsewhere: a new bug.
  std::vector<FindingRecord> Reborn = {mismatch(16, "labels = load();")};
  assignFingerprints(Old, "/repo");
  assignFingerprints(Moved, "/repo");
  assignFingerprints(Reborn, "/repo");
  EXPECT_EQ(Old[0].Fingerprint, Moved[0].Fingerprint);
  EXPECT_NE(Old[0].Fingerprint, Reborn[0].Fingerprint);
  // The tie to a change depends on the diff, not on the bug.
  std::vector<FindingRecord> Tied = {mismatch(12, "auto labels = load();")};
  Tied[0].IntroducedBy = Tied[0].Notes[0];
  assignFingerprints(Tied, "/repo");
  EXPECT_EQ(Old[0].Fingerprint, Tied[0].Fingerprint);
}

TEST(LineFilter, TiesFindingsThroughTheirNotes) {
  FindingRecord R = mismatch(12, "auto labels = load();");
  auto Ranges = [](const char *Json) {
    auto F = LineFilter::fromJson(Json);
    EXPECT_TRUE(bool(F));
    return *F;
  };
  // The crash line itself wins over the notes.
  auto Own = Ranges(R"([{"name":"train.cpp","lines":[[12,20]]}])").tieOf(R);
  ASSERT_TRUE(Own.has_value());
  EXPECT_EQ(Own->Index, 0u);
  EXPECT_EQ(Own->Loc.Line, 20u);
  auto Birth = Ranges(R"([{"name":"train.cpp","lines":[[12,12]]}])").tieOf(R);
  ASSERT_TRUE(Birth.has_value());
  EXPECT_EQ(Birth->Index, 1u);
  EXPECT_EQ(Birth->Loc.Line, 12u);
  // A note in another file counts.
  auto Header = Ranges(R"([{"name":"model.h","lines":[[9,9]]}])").tieOf(R);
  ASSERT_TRUE(Header.has_value());
  EXPECT_EQ(Header->Index, 2u);
  EXPECT_EQ(introducedMessage(*Header, "/repo"),
            "introduced by the change at include/model.h:9");
  EXPECT_FALSE(Ranges(R"([{"name":"train.cpp","lines":[[13,19]]}])").tieOf(R));
  EXPECT_FALSE(Ranges(R"([{"name":"other.cpp"}])").tieOf(R));
  // An untracked file counts in full.
  LineFilter Untracked;
  Untracked.addWholeFile("include/model.h", "/repo");
  EXPECT_EQ(Untracked.tieOf(R)->Index, 2u);
}

TEST(LineFilter, TiesDeletionsInsideTheProvenance) {
  // Birth at line 12, crash at line 20 of train.cpp.
  FindingRecord R = mismatch(12, "auto labels = load();");
  auto Deleting = [](unsigned After, const char *Removed) {
    std::string Diff = "diff --git a/train.cpp b/train.cpp\n"
                       "--- a/train.cpp\n+++ b/train.cpp\n"
                       "@@ -" +
                       std::to_string(After + 1) + " +" +
                       std::to_string(After) + ",0 @@\n-" + Removed + "\n";
    return LineFilter::fromGitDiff(Diff, "/repo");
  };
  auto Tie = Deleting(14, "  labels = labels.to(device);").tieOf(R);
  ASSERT_TRUE(Tie.has_value());
  EXPECT_EQ(Tie->Index, 3u);
  EXPECT_EQ(Tie->Loc.Line, 15u);
  EXPECT_EQ(introducedMessage(*Tie, "/repo"),
            "introduced by the change at train.cpp:15, which deleted "
            "'labels = labels.to(device);'");
  // Code that names none of the finding's tensors, a comment, a deletion
  // outside the provenance's span: no tie.
  EXPECT_FALSE(Deleting(14, "  std::cout << epoch;").tieOf(R));
  EXPECT_FALSE(Deleting(14, "  // labels = labels.to(device);").tieOf(R));
  EXPECT_FALSE(Deleting(14, "  mylabels = mylabels.cuda();").tieOf(R));
  EXPECT_FALSE(Deleting(25, "  labels = labels.to(device);").tieOf(R));
  EXPECT_FALSE(Deleting(5, "  labels = labels.to(device);").tieOf(R));
}

TEST(LineFilter, CountsHunkLinesNotHeaders) {
  // A removed "-- x" and an added "++ y" are hunk lines, not file headers.
  const char *Diff = "diff --git a/a.cpp b/a.cpp\n"
                     "--- a/a.cpp\n+++ b/a.cpp\n"
                     "@@ -3,2 +3,2 @@\n--- x\n-old\n+++ y\n+new\n"
                     "@@ -9 +8,0 @@\n-gone\n"
                     "\\ No newline at end of file\n";
  LineFilter F = LineFilter::fromGitDiff(Diff, "/repo");
  EXPECT_EQ(F.toJson(), R"([{"lines":[[3,4]],"name":"/repo/a.cpp"}])");
  ASSERT_EQ(F.Deletions.size(), 1u);
  EXPECT_EQ(F.Deletions[0].File, "/repo/a.cpp");
  EXPECT_EQ(F.Deletions[0].After, 8u);
  EXPECT_EQ(F.Deletions[0].Lines, std::vector<std::string>{"gone"});
}

TEST(LineFilter, ParsesClangTidyJson) {
  auto F = LineFilter::fromJson(
      R"([{"name":"a.cpp","lines":[[1,3],[7,7]]},{"name":"b.h"}])");
  ASSERT_TRUE(bool(F));
  EXPECT_TRUE(F->contains("/x/a.cpp", 2));
  EXPECT_TRUE(F->contains("/x/a.cpp", 7));
  EXPECT_FALSE(F->contains("/x/a.cpp", 5));
  EXPECT_TRUE(F->contains("/x/b.h", 999));
  EXPECT_FALSE(F->contains("/x/c.cpp", 1));
  EXPECT_FALSE(bool(LineFilter::fromJson("{\"name\": 1}")));
}

TEST(LineFilter, ReadsGitDiffHunks) {
  const char *Diff = "diff --git a/src/a.cpp b/src/a.cpp\n"
                     "--- a/src/a.cpp\n+++ b/src/a.cpp\n"
                     "@@ -3,0 +4,2 @@ int main() {\n+x\n+y\n"
                     "@@ -10 +12 @@\n-old\n+new\n"
                     "@@ -20,3 +21,0 @@\n-gone\n"
                     "diff --git a/old.cpp b/old.cpp\n"
                     "--- a/old.cpp\n+++ /dev/null\n@@ -1,2 +0,0 @@\n";
  LineFilter F = LineFilter::fromGitDiff(Diff, "/repo");
  EXPECT_EQ(F.toJson(),
            R"([{"lines":[[4,5],[12,12]],"name":"/repo/src/a.cpp"}])");
  EXPECT_TRUE(F.contains("/repo/src/a.cpp", 5));
  EXPECT_FALSE(F.contains("/repo/src/a.cpp", 6));
  EXPECT_FALSE(F.contains("/repo/src/a.cpp", 21));
}

TEST(Formats, RecordsRoundTripThroughJson) {
  FindingRecord R = record(3, "t.to(kCPU);");
  R.Loc.Column = 5;
  PlainNote Born;
  Born.Loc = {"/repo/src/a.cpp", 1, 2, 3};
  Born.Message = "born here";
  Born.LineText = "t = f();";
  R.Notes.push_back(Born);
  R.IntroducedBy = Born;
  R.Edits.push_back({"/repo/src/a.cpp", 40, 0, "t = "});
  auto Back = recordFromJson(recordToJson(R));
  ASSERT_TRUE(bool(Back));
  EXPECT_EQ(recordToJson(*Back), recordToJson(R));
  EXPECT_EQ(uriEncodePath("src/a b#.cpp"), "src/a%20b%23.cpp");
}
