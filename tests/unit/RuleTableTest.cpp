//===- RuleTableTest.cpp - The rule table and glob lists ------------------===//

#include "torchlint/core/RuleInfo.h"
#include "torchlint/engine/Engine.h"
#include "torchlint/rules/Rule.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace torchlint;

TEST(RuleTable, IdsAreUniqueAndSpelledTheSameEverywhere) {
  std::set<std::string> Seen;
  for (const RuleInfo &R : allRules()) {
    EXPECT_TRUE(Seen.insert(R.Id.str()).second) << R.Id.str();
    EXPECT_TRUE(R.Id.starts_with("torch-")) << R.Id.str();
    EXPECT_FALSE(R.Summary.empty()) << R.Id.str();
    EXPECT_FALSE(R.Summary.ends_with(".")) << R.Id.str();
    EXPECT_EQ(findRule(R.Id), &R);
    // One id, five places: the doc page exists under the same name.
    llvm::SmallString<256> Doc(TORCHLINT_SOURCE_DIR);
    llvm::sys::path::append(Doc, "docs", "rules", R.Id + ".md");
    EXPECT_TRUE(llvm::sys::fs::exists(Doc)) << Doc.c_str();
  }
  // The fifteen rules of the table (DESIGN.md's twelve and issue 41's
  // three): a rule lost or added fails.
  EXPECT_EQ(allRules().size(), 15u);
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
  // The options the rules read, keyed as clang-tidy's CheckOptions are.
  RuleOptions O;
  O.set("torch-hardcoded-device.RequiresCuda", "always");
  EXPECT_EQ(O.get("torch-hardcoded-device", "RequiresCuda", "auto"), "always");
  EXPECT_EQ(O.get("torch-load-without-device", "Strict", "false"), "false");
  // An option of one rule is not another's.
  EXPECT_EQ(O.get("torch-load-without-device", "RequiresCuda", "auto"), "auto");
}

TEST(RuleOptions, EveryOptionIsDocumentedWithItsDefault) {
  for (const RuleOptionInfo &O : allRuleOptions()) {
    ASSERT_NE(findRule(O.Rule), nullptr) << O.Rule.str();
    llvm::SmallString<256> Doc(TORCHLINT_SOURCE_DIR);
    llvm::sys::path::append(Doc, "docs", "rules", O.Rule + ".md");
    auto Buffer = llvm::MemoryBuffer::getFile(Doc);
    ASSERT_TRUE(bool(Buffer)) << Doc.c_str();
    llvm::StringRef Text = (*Buffer)->getBuffer();
    llvm::StringRef Options = Text.substr(Text.find("\n## Options"));
    Options = Options.take_front(Options.find("\n## ", 1));
    std::string Line =
        ("- `" + O.Name + "` (default `" + O.Default + "`)").str();
    EXPECT_TRUE(Options.contains(Line)) << O.Rule.str() << ": " << Line;
  }
}

/// The lines of docs/rules/<Id>.md.
static std::vector<std::string> docLines(llvm::StringRef Id) {
  llvm::SmallString<256> Doc(TORCHLINT_SOURCE_DIR);
  llvm::sys::path::append(Doc, "docs", "rules", Id + ".md");
  std::vector<std::string> Lines;
  auto Buffer = llvm::MemoryBuffer::getFile(Doc);
  if (!Buffer)
    return Lines;
  llvm::SmallVector<llvm::StringRef, 64> Parts;
  (*Buffer)->getBuffer().split(Parts, '\n');
  for (llvm::StringRef P : Parts)
    Lines.push_back(P.rtrim().str());
  return Lines;
}

TEST(RuleDocs, EveryPageKeepsRuffsSectionsAndTheTablesSummary) {
  // ruff's sections, in ruff's order, plus the analysis's precision.
  const std::vector<std::string> Sections = {
      "## What it does", "## Why is this bad?", "## Example",
      "## Use instead",  "## Fix safety",       "## Options",
      "## Analysis precision"};
  for (const RuleInfo &R : allRules()) {
    std::vector<std::string> Lines = docLines(R.Id);
    ASSERT_GE(Lines.size(), 3u) << R.Id.str();
    EXPECT_EQ(Lines[0], "# " + R.Id.str());
    // The summary is the first paragraph, however it is wrapped.
    std::string Summary;
    for (size_t I = 2; I < Lines.size() && !Lines[I].empty(); ++I)
      Summary += (Summary.empty() ? "" : " ") + Lines[I];
    EXPECT_EQ(Summary, R.Summary.str()) << R.Id.str();
    size_t At = 0;
    for (const std::string &S : Sections) {
      auto It = std::find(Lines.begin() + At, Lines.end(), S);
      EXPECT_TRUE(It != Lines.end()) << R.Id.str() << ": '" << S
                                 << "' missing or out of order";
      if (It != Lines.end())
        At = It - Lines.begin();
    }
  }
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
