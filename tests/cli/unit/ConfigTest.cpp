//===- ConfigTest.cpp - .clang-tidy parsing and merging -------------------===//

#include "report/Config.h"
#include "torchlint/RuleInfo.h"

#include <gtest/gtest.h>

using namespace torchlint;

TEST(Config, ParsesTheFieldsTorchlintUses) {
  auto C = parseTidyConfig(R"(
Checks: '-*,torch-discarded-move,bugprone-*'
WarningsAsErrors: 'torch-*'
HeaderFilterRegex: 'src/.*'
FormatStyle: file
CheckOptions:
  - key: torch-hardcoded-device.DeviceFunctions
    value: 'utils::to_device'
  - key: readability-foo.Bar
    value: '1'
)",
                           "t");
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  EXPECT_EQ(*C->Checks, "-*,torch-discarded-move,bugprone-*");
  EXPECT_EQ(*C->WarningsAsErrors, "torch-*");
  EXPECT_EQ(*C->HeaderFilterRegex, "src/.*");
  ASSERT_EQ(C->CheckOptions.size(), 2u);
  EffectiveConfig E = resolveConfig(*C, {});
  EXPECT_EQ(E.Checks, "torch-*,-*,torch-discarded-move,bugprone-*");
  EXPECT_EQ(E.Options.get("torch-hardcoded-device", "DeviceFunctions", ""),
            "utils::to_device");
  // Other tools' options are not torchlint's.
  EXPECT_EQ(E.Options.all().size(), 1u);
}

TEST(Config, AcceptsTheMapFormOfCheckOptions) {
  auto C = parseTidyConfig("CheckOptions:\n  torch-discarded-move.Severity: "
                           "error\n",
                           "t");
  ASSERT_TRUE(bool(C));
  EffectiveConfig E = resolveConfig(*C, {});
  EXPECT_EQ(effectiveSeverity(*findRule("torch-discarded-move"), E),
            Severity::Error);
  EXPECT_EQ(effectiveSeverity(*findRule("torch-hardcoded-device"), E),
            Severity::Warning);
}

TEST(Config, ReportsBrokenYaml) {
  auto C = parseTidyConfig("Checks: [unclosed\n", "bad/.clang-tidy");
  ASSERT_FALSE(bool(C));
  EXPECT_NE(llvm::toString(C.takeError()).find("bad/.clang-tidy"),
            std::string::npos);
}

TEST(Config, ChildGlobsComeAfterParentGlobs) {
  TidyConfig Parent, Child;
  Parent.Checks = "-*";
  Parent.CheckOptions = {{"torch-a.X", "1"}};
  Child.Checks = "torch-discarded-move";
  Child.CheckOptions = {{"torch-a.X", "2"}};
  TidyConfig M = mergeTidyConfig(Parent, Child);
  EXPECT_EQ(*M.Checks, "-*,torch-discarded-move");
  EXPECT_EQ(resolveConfig(M, {}).Options.get("torch-a", "X", ""), "2");
}

TEST(Config, CommandLineComesLast) {
  TidyConfig File;
  File.Checks = "-torch-discarded-move";
  ConfigOverrides O;
  O.Checks = "torch-discarded-move";
  O.WarningsAsErrors = "torch-discarded-move";
  EffectiveConfig E = resolveConfig(File, O);
  EXPECT_TRUE(GlobList(E.Checks).contains("torch-discarded-move"));
  EXPECT_EQ(effectiveSeverity(*findRule("torch-discarded-move"), E),
            Severity::Error);
}
