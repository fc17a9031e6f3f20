//===- RuleTableTest.cpp - The rule table and glob lists ------------------===//

#include "torchlint/Engine.h"
#include "torchlint/Rule.h"
#include "torchlint/RuleInfo.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <set>

using namespace torchlint;

TEST(RuleTable, IdsAreUniqueAndSpelledTheSameEverywhere) {
  std::set<std::string> Seen;
  for (const RuleInfo &R : allRules()) {
    EXPECT_TRUE(Seen.insert(R.Id.str()).second) << R.Id.str();
    EXPECT_TRUE(R.Id.startswith("torch-")) << R.Id.str();
    EXPECT_FALSE(R.Summary.empty()) << R.Id.str();
    EXPECT_FALSE(R.Summary.endswith(".")) << R.Id.str();
    EXPECT_EQ(findRule(R.Id), &R);
    // One id, five places: the doc page exists under the same name.
    llvm::SmallString<256> Doc(TORCHLINT_SOURCE_DIR);
    llvm::sys::path::append(Doc, "docs", "rules", R.Id + ".md");
    EXPECT_TRUE(llvm::sys::fs::exists(Doc)) << Doc.c_str();
  }
  EXPECT_GE(allRules().size(), 4u);
  EXPECT_EQ(findRule("torch-no-such-rule"), nullptr);
}

TEST(RuleTable, EveryRuleCanBeCreated) {
  RuleOptions Options;
  RuleEnvironment Env{Options};
  for (const RuleInfo &R : allRules()) {
    std::unique_ptr<Rule> Created = createRule(R.Id, Env);
    ASSERT_NE(Created, nullptr) << R.Id.str();
    EXPECT_EQ(&Created->info(), &R);
  }
  EXPECT_EQ(createRule("torch-no-such-rule", Env), nullptr);
}

TEST(GlobList, LastMatchingGlobDecides) {
  GlobList All("torch-*");
  EXPECT_TRUE(All.contains("torch-discarded-move"));
  EXPECT_FALSE(All.contains("modernize-use-auto"));

  GlobList One("-*,torch-hardcoded-device");
  EXPECT_TRUE(One.contains("torch-hardcoded-device"));
  EXPECT_FALSE(One.contains("torch-discarded-move"));

  GlobList AllBut(" torch-* , -torch-load-*");
  EXPECT_TRUE(AllBut.contains("torch-discarded-move"));
  EXPECT_FALSE(AllBut.contains("torch-load-without-device"));

  GlobList Empty("");
  EXPECT_FALSE(Empty.contains("torch-discarded-move"));
}

TEST(GlobList, WildcardsMatchAnyRun) {
  // clang-tidy's GlobList, which both hosts use: '*' is any run.
  EXPECT_TRUE(GlobList("torch-*-device").contains("torch-hardcoded-device"));
  EXPECT_TRUE(GlobList("*move").contains("torch-discarded-move"));
  EXPECT_FALSE(GlobList("torch-*-device").contains("torch-discarded-move"));
  EXPECT_TRUE(GlobList("a*b*c").contains("aXXbYYc"));
  EXPECT_FALSE(GlobList("a*b*c").contains("aXXbYY"));
  // Newlines separate globs as commas do (multi-line YAML strings).
  EXPECT_TRUE(
      GlobList("-*\ntorch-discarded-move").contains("torch-discarded-move"));
}

TEST(Engine, ChecksSelectRulesInTableOrder) {
  EngineConfig Config;
  Config.Checks = "-*,torch-load-without-device,torch-discarded-move";
  Engine E(Config);
  std::vector<const RuleInfo *> Enabled = E.enabledRules();
  ASSERT_EQ(Enabled.size(), 2u);
  EXPECT_EQ(Enabled[0]->Id, "torch-discarded-move");
  EXPECT_EQ(Enabled[1]->Id, "torch-load-without-device");
}

TEST(RuleOptions, KeysFollowClangTidyCheckOptions) {
  RuleOptions O;
  O.set("torch-device-mismatch.DeviceMovers", "utils::to_device; my::move ,");
  EXPECT_EQ(O.get("torch-device-mismatch", "DeviceMovers", ""),
            "utils::to_device; my::move ,");
  EXPECT_EQ(O.get("torch-device-mismatch", "Missing", "dflt"), "dflt");
  std::vector<std::string> L =
      O.getList("torch-device-mismatch", "DeviceMovers");
  ASSERT_EQ(L.size(), 2u);
  EXPECT_EQ(L[0], "utils::to_device");
  EXPECT_EQ(L[1], "my::move");
}

TEST(LibraryPaths, LibTorchHeadersAreLibraryCode) {
  EXPECT_TRUE(isLibTorchHeaderPath(
      "/usr/include/torch/csrc/api/include/torch/nn/module.h"));
  EXPECT_TRUE(isLibTorchHeaderPath("/opt/libtorch/include/ATen/core/Tensor.h"));
  EXPECT_TRUE(isLibTorchHeaderPath(
      "/venv/lib/python3.11/site-packages/torch/include/c10/core/Device.h"));
  EXPECT_FALSE(isLibTorchHeaderPath("/home/me/project/src/train.cpp"));
  EXPECT_FALSE(isLibTorchHeaderPath("/home/me/torchvision/models.h"));
}
