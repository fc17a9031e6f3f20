//===- BaselineTest.cpp - Fingerprints and line filters -------------------===//

#include "report/Baseline.h"
#include "report/Formats.h"
#include "torchlint/RuleInfo.h"

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
  R.Notes.push_back({{"/repo/src/a.cpp", 1, 2, 3}, "born here"});
  R.Edits.push_back({"/repo/src/a.cpp", 40, 0, "t = "});
  auto Back = recordFromJson(recordToJson(R));
  ASSERT_TRUE(bool(Back));
  EXPECT_EQ(recordToJson(*Back), recordToJson(R));
  EXPECT_EQ(uriEncodePath("src/a b#.cpp"), "src/a%20b%23.cpp");
}
