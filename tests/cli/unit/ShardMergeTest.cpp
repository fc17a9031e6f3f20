//===- ShardMergeTest.cpp - Splits, merges, result cache, worker pool -----===//
//
// The pieces the shell tests cannot reach cheaply: splits of many units,
// balance, independence of the input order, and merges of hand-made reports
// with overlapping header findings.
//
//===----------------------------------------------------------------------===//

#include "Merge.h"
#include "Shard.h"
#include "torchlint/core/RuleInfo.h"
#include "torchlint/units/ResultCache.h"
#include "torchlint/units/WorkerPool.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>
#include <thread>

using namespace torchlint;
using nlohmann::json;

namespace {

/// A temporary folder removed at the end of the test.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<128> P;
    llvm::sys::fs::createUniqueDirectory("torchlint-shard-test", P);
    Path = std::string(P);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  /// Writes Size bytes to Name; returns the absolute path.
  std::string file(const std::string &Name, size_t Size) const {
    return write(Name, std::string(Size, 'x'));
  }
  std::string write(const std::string &Name, const std::string &Text) const {
    llvm::SmallString<128> P(Path);
    llvm::sys::path::append(P, Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return std::string(P);
  }
  std::string Path;
};

std::vector<std::string> manyFiles(const TempDir &D, unsigned N) {
  std::vector<std::string> Files;
  for (unsigned I = 0; I < N; ++I)
    Files.push_back(D.file("unit" + std::to_string(1000 + I) + ".cpp",
                           100 + (I * 7919) % 5000));
  std::sort(Files.begin(), Files.end());
  return Files;
}

} // namespace

TEST(Shard, ParsesOnlyValidSpecs) {
  auto S = parseShard("2/4");
  ASSERT_TRUE(bool(S));
  EXPECT_EQ(S->Index, 2u);
  EXPECT_EQ(S->Count, 4u);
  for (const char *Bad :
       {"0/4", "5/4", "4", "/4", "2/", "a/b", "1/0", "-1/4"}) {
    auto B = parseShard(Bad);
    EXPECT_FALSE(bool(B)) << Bad;
    if (!B) {
      EXPECT_EQ(llvm::toString(B.takeError()),
                std::string("--shard '") + Bad +
                    "': expected I/N with 1 <= I <= N, e.g. --shard 2/4");
    }
  }
}

TEST(Shard, EveryUnitInExactlyOneShardWithOneDigest) {
  TempDir D;
  std::vector<std::string> Files = manyFiles(D, 101);
  std::multiset<std::string> Seen;
  std::set<std::string> Digests;
  for (unsigned I = 1; I <= 7; ++I) {
    ShardPlan P = planShard(Files, {I, 7}, {}, D.Path);
    EXPECT_EQ(P.UnitsTotal, 101u);
    // Each shard keeps the input order.
    EXPECT_TRUE(std::is_sorted(P.Files.begin(), P.Files.end()));
    Seen.insert(P.Files.begin(), P.Files.end());
    Digests.insert(P.Digest);
  }
  EXPECT_EQ(Seen.size(), 101u);
  EXPECT_EQ(std::set<std::string>(Seen.begin(), Seen.end()).size(), 101u);
  EXPECT_EQ(Digests.size(), 1u);
}

TEST(Shard, IndependentOfInputOrderAndCheckoutFolder) {
  TempDir D;
  std::vector<std::string> Files = manyFiles(D, 40);
  std::vector<std::string> Reversed(Files.rbegin(), Files.rend());
  ShardPlan A = planShard(Files, {2, 3}, {}, D.Path);
  ShardPlan B = planShard(Reversed, {2, 3}, {}, D.Path);
  std::sort(B.Files.begin(), B.Files.end());
  EXPECT_EQ(A.Files, B.Files);
  EXPECT_EQ(A.Digest, B.Digest);

  // The same tree checked out elsewhere splits the same way.
  TempDir E;
  std::vector<std::string> Moved = manyFiles(E, 40);
  ShardPlan C = planShard(Moved, {2, 3}, {}, E.Path);
  EXPECT_EQ(C.Digest, A.Digest);
  ASSERT_EQ(C.Files.size(), A.Files.size());
  for (size_t I = 0; I < A.Files.size(); ++I)
    EXPECT_EQ(llvm::sys::path::filename(C.Files[I]),
              llvm::sys::path::filename(A.Files[I]));
}

TEST(Shard, BalancesBySizeAndByKnownCosts) {
  TempDir D;
  // One large unit and six small ones over two shards: the large one alone.
  std::vector<std::string> Files = {D.file("big.cpp", 6000)};
  for (int I = 0; I < 6; ++I)
    Files.push_back(D.file("small" + std::to_string(I) + ".cpp", 1000));
  std::sort(Files.begin(), Files.end());
  ShardPlan One = planShard(Files, {1, 2}, {}, D.Path);
  ShardPlan Two = planShard(Files, {2, 2}, {}, D.Path);
  const ShardPlan &WithBig =
      llvm::is_contained(One.Files, D.Path + "/big.cpp") ? One : Two;
  const ShardPlan &Other = &WithBig == &One ? Two : One;
  EXPECT_EQ(WithBig.Files.size(), 1u);
  EXPECT_EQ(Other.Files.size(), 6u);

  // Measured costs win over sizes: the big file was cheap, one small file
  // took most of the time.
  std::map<std::string, double> Costs = {{"big.cpp", 1.0},
                                         {"small0.cpp", 30.0}};
  for (int I = 1; I < 6; ++I)
    Costs["small" + std::to_string(I) + ".cpp"] = 1.0;
  ShardPlan C1 = planShard(Files, {1, 2}, Costs, D.Path);
  ShardPlan C2 = planShard(Files, {2, 2}, Costs, D.Path);
  const ShardPlan &Slow =
      llvm::is_contained(C1.Files, D.Path + "/small0.cpp") ? C1 : C2;
  EXPECT_EQ(Slow.Files.size(), 1u);
  EXPECT_NE(C1.Digest, One.Digest);

  // Unknown costs are estimated from the size at the known units' median
  // seconds per byte (here 30 s per 1,000 bytes): five small files of 30 s
  // each balance against the measured ones.
  std::map<std::string, double> Partial = {
      {"big.cpp", 1.0}, {"small0.cpp", 30.0}, {"small1.cpp", 30.0}};
  ShardPlan P1 = planShard(Files, {1, 2}, Partial, D.Path);
  ShardPlan P2 = planShard(Files, {2, 2}, Partial, D.Path);
  EXPECT_EQ(P1.Files.size() + P2.Files.size(), 7u);
  EXPECT_LE(std::max(P1.Files.size(), P2.Files.size()), 4u);
}

TEST(Shard, MoreShardsThanUnitsLeavesSomeEmpty) {
  TempDir D;
  std::vector<std::string> Files = manyFiles(D, 2);
  size_t Total = 0;
  for (unsigned I = 1; I <= 5; ++I)
    Total += planShard(Files, {I, 5}, {}, D.Path).Files.size();
  EXPECT_EQ(Total, 2u);
}

TEST(Shard, CostsComeFromAReportsUnits) {
  TempDir D;
  std::string Report =
      D.write("report.json",
              json{{"srcroot", "/old/checkout"},
                   {"units",
                    {{{"file", "/old/checkout/src/a.cpp"}, {"seconds", 2.5}},
                     {{"file", "/old/checkout/src/b.cpp"}, {"seconds", 0}},
                     {{"file", "/elsewhere/c.cpp"}, {"seconds", 1.0}}}}}
                  .dump());
  auto Costs = readShardCosts(Report);
  ASSERT_TRUE(bool(Costs));
  // Zero costs are unknown costs; paths outside the root stay absolute.
  std::map<std::string, double> Expected = {{"src/a.cpp", 2.5},
                                            {"/elsewhere/c.cpp", 1.0}};
  EXPECT_EQ(*Costs, Expected);
  auto Bad = readShardCosts(D.write("bad.json", "[1, 2]"));
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(llvm::toString(Bad.takeError()),
            "--shard-costs '" + D.Path +
                "/bad.json' is not a torchlint JSON report with units");
}

namespace {

json finding(const std::string &Unit, const std::string &File,
             unsigned Offset) {
  return {{"rule", "torch-discarded-move"},
          {"severity", "warning"},
          {"file", File},
          {"line", Offset / 10},
          {"column", 3},
          {"offset", Offset},
          {"message", "result of 't.cpu()' is discarded"},
          {"line_text", "t.cpu();"},
          {"unit", Unit},
          {"notes", json::array()},
          {"fixes", json::array()}};
}

json report(json Findings, json Units, std::optional<json> Shard) {
  json Doc = {{"version", 1},
              {"srcroot", "/repo"},
              {"findings", Findings},
              {"summary",
               {{"files_analysed", Units.size()},
                {"suppressed", 1},
                {"failures", json::array()},
                {"seconds", 1.5}}},
              {"units", Units}};
  if (Shard)
    Doc["shard"] = *Shard;
  return Doc;
}

json shard(unsigned I, unsigned N, const std::string &Digest = "d1") {
  return {{"index", I}, {"count", N}, {"partition", Digest}};
}

json unit(const std::string &File) {
  return {{"file", File}, {"analysed", true}, {"seconds", 0.5}};
}

} // namespace

TEST(Merge, OrdersByUnitAndKeepsAHeadersFindingOnce) {
  TempDir D;
  // Shard 1 analysed b.cpp, shard 2 a.cpp and c.cpp; a.cpp and b.cpp both
  // include h.h and report its finding.
  std::string S1 =
      D.write("s1.json", report({finding("/repo/b.cpp", "/repo/h.h", 50),
                                 finding("/repo/b.cpp", "/repo/b.cpp", 120)},
                                json::array({unit("/repo/b.cpp")}), shard(1, 2))
                             .dump());
  std::string S2 = D.write(
      "s2.json", report({finding("/repo/a.cpp", "/repo/a.cpp", 70),
                         finding("/repo/a.cpp", "/repo/h.h", 50),
                         finding("/repo/c.cpp", "/repo/c.cpp", 30)},
                        {unit("/repo/a.cpp"), unit("/repo/c.cpp")}, shard(2, 2))
                     .dump());
  auto M = mergeJsonReports({S1, S2});
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  std::vector<std::string> Got;
  for (const FindingRecord &R : M->Findings)
    Got.push_back(R.Unit + ">" + R.Loc.File);
  // a.cpp's own finding, then the header's (first reported by a.cpp), then
  // b.cpp's, then c.cpp's: one run over a, b, c reports exactly these.
  std::vector<std::string> Expected = {
      "/repo/a.cpp>/repo/a.cpp", "/repo/a.cpp>/repo/h.h",
      "/repo/b.cpp>/repo/b.cpp", "/repo/c.cpp>/repo/c.cpp"};
  EXPECT_EQ(Got, Expected);
  EXPECT_EQ(M->Summary.FilesAnalysed, 3u);
  EXPECT_EQ(M->Summary.Suppressed, 2u);
  EXPECT_DOUBLE_EQ(M->Summary.Seconds, 3.0);
  ASSERT_EQ(M->Summary.Units.size(), 3u);
  EXPECT_EQ(M->Summary.Units[0].File, "/repo/a.cpp");
  EXPECT_EQ(M->Summary.SrcRoot, "/repo");
  EXPECT_FALSE(M->Summary.Shard);
}

TEST(Merge, RefusesIncompleteOrForeignShards) {
  TempDir D;
  auto Write = [&](const std::string &Name, std::optional<json> Shard) {
    return D.write(Name, report(json::array(), json::array(), Shard).dump());
  };
  std::string A = Write("a.json", shard(1, 3));
  std::string B = Write("b.json", shard(2, 3));
  std::string C = Write("c.json", shard(3, 3));
  std::string Other = Write("other.json", shard(3, 3, "d2"));
  std::string Plain = Write("plain.json", std::nullopt);
  auto Error = [](llvm::Expected<MergedReport> M) {
    return M ? std::string("merged") : llvm::toString(M.takeError());
  };
  EXPECT_EQ(Error(mergeJsonReports({A, B, C})), "merged");
  EXPECT_EQ(Error(mergeJsonReports({A, C})),
            "shard(s) 2 of 3 missing: the merged report would lack their "
            "units");
  EXPECT_EQ(Error(mergeJsonReports({A, B, Other})),
            "'" + Other + "' (shard 3/3) and '" + A +
                "' come from different splits of the units (another unit "
                "list, shard count or --shard-costs); run every shard of one "
                "matrix with the same inputs");
  EXPECT_EQ(Error(mergeJsonReports({A, B, B, C})),
            "shard 2/3 is given twice ('" + B + "')");
  EXPECT_EQ(Error(mergeJsonReports({A, Plain})),
            "'" + Plain +
                "': shard reports and unsplit reports cannot be merged "
                "together");
  // Unsplit reports of separate runs merge freely.
  EXPECT_EQ(Error(mergeJsonReports({Plain, Plain})), "merged");
  std::string Bad = D.write("bad.json", R"({"findings": [{"rule": "no-such"}],
                                            "summary": {}})");
  EXPECT_EQ(Error(mergeJsonReports({Bad})),
            "'" + Bad + "': unknown rule 'no-such'");
}

TEST(Merge, SarifRunsBecomeOneRunWithoutDuplicates) {
  TempDir D;
  auto Result = [](const std::string &Uri, unsigned Line) {
    return json{
        {"ruleId", "torch-discarded-move"},
        {"message", {{"text", "discarded"}}},
        {"partialFingerprints", {{"torchlintFingerprint/v2", "f" + Uri}}},
        {"locations",
         {{{"physicalLocation",
            {{"artifactLocation", {{"uri", Uri}}},
             {"region", {{"startLine", Line}}}}}}}}};
  };
  auto Log = [&](json Results, unsigned I, bool Ok) {
    json Run = {{"tool", {{"driver", {{"name", "torchlint"}}}}},
                {"automationDetails",
                 {{"id", "torchlint/shard-" + std::to_string(I) + "-of-2/"}}},
                {"properties", {{"torchlintShard", shard(I, 2)}}},
                {"invocations",
                 {{{"executionSuccessful", Ok},
                   {"toolExecutionNotifications",
                    Ok ? json::array()
                       : json{{{"message", {{"text", "x.cpp failed"}}}}}}}}},
                {"results", Results}};
    return json{{"version", "2.1.0"}, {"runs", {Run}}};
  };
  std::string S1 = D.write(
      "1.sarif", Log({Result("h.h", 3), Result("a.cpp", 9)}, 1, true).dump());
  std::string S2 = D.write(
      "2.sarif", Log({Result("h.h", 3), Result("b.cpp", 4)}, 2, false).dump());
  auto Merged = mergeSarifReports({S1, S2});
  ASSERT_TRUE(bool(Merged)) << llvm::toString(Merged.takeError());
  json Doc = json::parse(*Merged);
  ASSERT_EQ(Doc["runs"].size(), 1u);
  const json &Run = Doc["runs"][0];
  EXPECT_EQ(Run["results"].size(), 3u);
  EXPECT_FALSE(Run.contains("automationDetails"));
  EXPECT_FALSE(Run["invocations"][0]["executionSuccessful"].get<bool>());
  EXPECT_EQ(Run["invocations"][0]["toolExecutionNotifications"].size(), 1u);
  auto Missing = mergeSarifReports({S1});
  ASSERT_FALSE(bool(Missing));
  EXPECT_EQ(llvm::toString(Missing.takeError()),
            "shard(s) 2 of 2 missing: the merged report would lack their "
            "units");
  json Foreign = Log(json::array(), 1, true);
  Foreign["runs"][0]["tool"]["driver"]["name"] = "clang-tidy";
  std::string F = D.write("f.sarif", Foreign.dump());
  auto NotOurs = mergeSarifReports({F});
  ASSERT_FALSE(bool(NotOurs));
  EXPECT_EQ(llvm::toString(NotOurs.takeError()),
            "'" + F +
                "' holds a run of another tool; merge torchlint's own reports");
}

TEST(ResultCache, StampsFollowContentOrTime) {
  TempDir D;
  std::string P = D.write("a.cpp", "int a;");
  InputStamp ByContent = stampOf(P, true);
  InputStamp ByTime = stampOf(P, false);
  EXPECT_TRUE(stampMatches(ByContent));
  EXPECT_TRUE(stampMatches(ByTime));
  EXPECT_EQ(ByContent.Hash.size(), 64u);
  D.write("a.cpp", "int b;"); // same size, new content
  EXPECT_FALSE(stampMatches(ByContent));
  llvm::sys::fs::remove(P);
  EXPECT_FALSE(stampMatches(ByTime));
  EXPECT_FALSE(stampMatches(ByContent));
}

TEST(ResultCache, StoresLooksUpAndIgnoresDamage) {
  TempDir D;
  std::string Src = D.write("unit.cpp", "int main() {}");
  ResultCache Cache(D.Path + "/cache", 1 << 20);
  UnitResult R;
  R.File = Src;
  R.Analysed = true;
  R.Seconds = 1.25;
  R.DiagText = "";
  R.Inputs = {stampOf(Src, true)};
  std::string Key(64, 'a');
  EXPECT_FALSE(Cache.lookup(Key));
  Cache.store(Key, R);
  auto Hit = Cache.lookup(Key);
  ASSERT_TRUE(Hit.has_value());
  EXPECT_TRUE(Hit->Cached);
  EXPECT_DOUBLE_EQ(Hit->Seconds, 1.25);
  EXPECT_EQ(Hit->File, Src);
  // Another key never reads this entry.
  EXPECT_FALSE(Cache.lookup(std::string(64, 'b')));
  // An input changed: a miss.
  D.write("unit.cpp", "int main() { return 1; }");
  EXPECT_FALSE(Cache.lookup(Key));
  // A damaged entry: a miss, and a store repairs it.
  R.Inputs = {stampOf(Src, true)};
  Cache.store(Key, R);
  ASSERT_TRUE(Cache.lookup(Key).has_value());
  D.write("cache/results-v1/aa/" + std::string(62, 'a') + ".json", "{\"key\":");
  EXPECT_FALSE(Cache.lookup(Key));
  Cache.store(Key, R);
  EXPECT_TRUE(Cache.lookup(Key).has_value());
  // Nothing to trim under the bound; everything over a tiny one.
  EXPECT_EQ(Cache.trim(), 0u);
  EXPECT_EQ(ResultCache(D.Path + "/cache", 10).trim(), 1u);
  EXPECT_FALSE(Cache.lookup(Key));
}

TEST(WorkerPool, RunsUnitsInForkedWorkersInInputOrder) {
  std::string Log;
  llvm::raw_string_ostream OS(Log);
  Progress P(OS, /*Terminal=*/false, /*Enabled=*/false, 3);
  WorkerPool Pool(2, 60, P);
  std::vector<std::string> Files = {"a.cpp", "b.cpp", "c.cpp"};
  std::vector<std::string> Seen;
  llvm::Error E = Pool.run(
      Files,
      [&](size_t I) {
        UnitResult R;
        R.File = Files[I];
        // Each worker is its own process.
        R.Notes.push_back(std::to_string(::getpid()));
        return R;
      },
      [&](size_t I, UnitResult &R, llvm::StringRef) {
        Seen.push_back(R.File);
        EXPECT_NE(R.Notes.at(0), std::to_string(::getpid()));
      });
  ASSERT_FALSE(bool(E)) << llvm::toString(std::move(E));
  EXPECT_EQ(Seen, Files);
}

TEST(WorkerPool, RefusesToForkBesideOtherThreads) {
  std::string Log;
  llvm::raw_string_ostream OS(Log);
  Progress P(OS, false, false, 1);
  WorkerPool Pool(1, 60, P);
  std::atomic<bool> Stop{false};
  std::thread Other([&] {
    while (!Stop)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  bool Ran = false;
  llvm::Error E = Pool.run(
      {"a.cpp"}, [](size_t) { return UnitResult(); },
      [&](size_t, UnitResult &, llvm::StringRef) { Ran = true; });
  Stop = true;
  Other.join();
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(llvm::toString(std::move(E)),
            "internal error: the process has 2 threads; worker processes are "
            "forked and need a single-threaded parent");
  EXPECT_FALSE(Ran);
}
