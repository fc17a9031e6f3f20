//===- ConfigTest.cpp - .clang-tidy parsing and merging -------------------===//

#include "torchlint/report/Config.h"
#include "torchlint/core/RuleInfo.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

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
  EXPECT_EQ(*C->Options.Checks, "-*,torch-discarded-move,bugprone-*");
  EXPECT_EQ(*C->Options.WarningsAsErrors, "torch-*");
  EXPECT_EQ(*C->Options.HeaderFilterRegex, "src/.*");
  ASSERT_EQ(C->Options.CheckOptions.size(), 2u);
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

TEST(Config, ReportsBrokenYamlWithItsPlace) {
  auto C = parseTidyConfig("Checks: [unclosed\n", "bad/.clang-tidy");
  ASSERT_FALSE(bool(C));
  EXPECT_EQ(llvm::toString(C.takeError()),
            "bad/.clang-tidy:1:18: Could not find closing ]!\n"
            "Checks: [unclosed\n"
            "                 ^");
}

TEST(Config, RejectsUnknownKeysAsClangTidyDoes) {
  auto C = parseTidyConfig("Check: '-*'\n", "t/.clang-tidy");
  ASSERT_FALSE(bool(C));
  EXPECT_EQ(llvm::toString(C.takeError()),
            "t/.clang-tidy:1:1: unknown key 'Check'\nCheck: '-*'\n^~~~~");
}

TEST(Config, RejectsSeveritiesTorchlintDoesNotKnow) {
  auto C = parseTidyConfig(
      "CheckOptions:\n  torch-discarded-move.Severity: fatal\n", "t");
  ASSERT_FALSE(bool(C));
  EXPECT_EQ(llvm::toString(C.takeError()),
            "t: CheckOptions: torch-discarded-move.Severity is 'fatal'; "
            "expected error, warning or note");
}

TEST(Config, NoteStaysANoteUnderWarningsAsErrors) {
  // As in clang-tidy, WarningsAsErrors upgrades warnings only.
  auto C = parseTidyConfig("WarningsAsErrors: 'torch-*'\nCheckOptions:\n"
                           "  torch-discarded-move.Severity: note\n",
                           "t");
  ASSERT_TRUE(bool(C));
  EffectiveConfig E = resolveConfig(*C, {});
  EXPECT_EQ(effectiveSeverity(*findRule("torch-discarded-move"), E),
            Severity::Note);
  EXPECT_EQ(effectiveSeverity(*findRule("torch-hardcoded-device"), E),
            Severity::Error);
}

TEST(Config, ChildGlobsComeAfterParentGlobs) {
  TidyConfig Parent, Child;
  Parent.Options.Checks = "-*";
  Parent.Options.CheckOptions["torch-a.X"] = "1";
  Child.Options.Checks = "torch-discarded-move";
  Child.Options.CheckOptions["torch-a.X"] = "2";
  TidyConfig M = mergeTidyConfig(Parent, Child);
  EXPECT_EQ(*M.Options.Checks, "-*,torch-discarded-move");
  EXPECT_EQ(resolveConfig(M, {}).Options.get("torch-a", "X", ""), "2");
}

TEST(Config, CommandLineComesLast) {
  TidyConfig File;
  File.Options.Checks = "-torch-discarded-move";
  ConfigOverrides O;
  O.Checks = "torch-discarded-move";
  O.WarningsAsErrors = "torch-discarded-move";
  EffectiveConfig E = resolveConfig(File, O);
  EXPECT_TRUE(GlobList(E.Checks).contains("torch-discarded-move"));
  EXPECT_EQ(effectiveSeverity(*findRule("torch-discarded-move"), E),
            Severity::Error);
}

TEST(Config, EveryFileOfAnInheritingFolderGetsBothFiles) {
  // clang-tidy's search caches each folder's result; a second file of the
  // same folder must still see the parent's file too.
  llvm::SmallString<128> Root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tl-config", Root));
  llvm::SmallString<128> Sub(Root);
  llvm::sys::path::append(Sub, "sub");
  ASSERT_FALSE(llvm::sys::fs::create_directory(Sub));
  auto Write = [](llvm::StringRef Dir, llvm::StringRef Text) {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, ".clang-tidy");
    std::error_code EC;
    llvm::raw_fd_ostream(P, EC) << Text;
    ASSERT_FALSE(EC);
  };
  Write(Root, "CheckOptions:\n  torch-discarded-move.Severity: error\n");
  Write(Sub, "InheritParentConfig: true\nChecks: '-torch-hardcoded-device'\n");
  ConfigProvider Configs;
  for (const char *Name : {"a.cpp", "b.cpp", "a.cpp"}) {
    llvm::SmallString<128> File(Sub);
    llvm::sys::path::append(File, Name);
    auto C = Configs.configFor(File);
    ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
    EXPECT_EQ(C->Sources.size(), 2u) << Name;
    EffectiveConfig E = resolveConfig(*C, {});
    EXPECT_EQ(effectiveSeverity(*findRule("torch-discarded-move"), E),
              Severity::Error)
        << Name;
    EXPECT_FALSE(GlobList(E.Checks).contains("torch-hardcoded-device")) << Name;
  }
  llvm::sys::fs::remove_directories(Root);
}

TEST(Config, AFileInAFolderThatDoesNotExistYetIsQuiet) {
  // An editor's unsaved file in a new folder: clang-tidy's search would print
  // an error for each missing folder; the search starts where folders exist.
  ConfigProvider Configs;
  testing::internal::CaptureStderr();
  auto C = Configs.configFor("/torchlint-no-such-folder/sub/new.cpp");
  std::string Printed = testing::internal::GetCapturedStderr();
  ASSERT_TRUE(bool(C)) << llvm::toString(C.takeError());
  EXPECT_EQ(Printed, "");
}

// A .clang-tidy written for clang-tidy's own checks does not turn torchlint
// off (issue 39): only Checks that name a torch-* check choose among them.
TEST(Config, ChecksThatNameNoTorchCheckLeaveTheRulesOn) {
  auto C = parseTidyConfig("Checks: '-*,bugprone-*,readability-*'\n",
                           "proj/.clang-tidy");
  ASSERT_TRUE(static_cast<bool>(C)) << llvm::toString(C.takeError());
  EffectiveConfig E = resolveConfig(*C, {});
  EXPECT_EQ(E.Checks, "torch-*");
  EXPECT_EQ(E.ChecksSource,
            "every torch-* rule on: the Checks of proj/.clang-tidy name no "
            "torch-* check (add 'torch-...' globs there to choose)");
  auto Named = parseTidyConfig("Checks: '-*,bugprone-*,-torch-mps-float64'\n",
                               "proj/.clang-tidy");
  ASSERT_TRUE(static_cast<bool>(Named)) << llvm::toString(Named.takeError());
  E = resolveConfig(*Named, {});
  EXPECT_FALSE(GlobList(E.Checks).contains("torch-mps-float64"));
  EXPECT_FALSE(GlobList(E.Checks).contains("torch-device-mismatch"));
  EXPECT_EQ(E.ChecksSource,
            "torch-* rules as the Checks of proj/.clang-tidy say");
  EXPECT_TRUE(namesTorchCheck(" -torch-discarded-move"));
  EXPECT_FALSE(namesTorchCheck("-*,clang-analyzer-*"));
}
