//===- CommandResolverTest.cpp - Compile command discovery ----------------===//

#include "TestUtil.h"

#include "torchlint/frontend/Frontend.h"

#include "llvm/Support/JSON.h"

using namespace torchlint;

static std::string database(const std::string &Dir, const std::string &File,
                            const std::string &Flags) {
  return "[{\"directory\": \"" + Dir + "\", \"command\": \"g++ " + Flags +
         " -c " + File + " -o x.o\", \"file\": \"" + File + "\"}]";
}

static bool contains(const std::vector<std::string> &V, llvm::StringRef S) {
  return std::find(V.begin(), V.end(), S.str()) != V.end();
}

TEST(CommandResolver, FindsTheNearestDatabaseAboveTheFile) {
  TempDir T;
  std::string Src = T.write("proj/src/deep/train.cpp", "int main() {}\n");
  T.write("proj/compile_commands.json",
          database(T.path("proj"), Src, "-DFROM_DB=1 -std=c++17"));
  CommandResolver R(std::nullopt, std::nullopt, std::nullopt);
  ASSERT_FALSE(bool(R.init()));
  auto Cmd = R.commandFor(Src);
  ASSERT_TRUE(bool(Cmd)) << llvm::toString(Cmd.takeError());
  EXPECT_TRUE(contains(*Cmd, "-DFROM_DB=1"));
  EXPECT_TRUE(contains(*Cmd, "-working-directory=" + T.path("proj")));
  EXPECT_EQ(R.sourceOf(Src), T.path("proj/compile_commands.json"));
}

TEST(CommandResolver, FindsTheDatabaseInABuildFolderAboveTheFile) {
  // CMake's out-of-source build beside the sources, as clangd finds it.
  TempDir T;
  std::string Src = T.write("proj/src/train.cpp", "int main() {}\n");
  T.write("proj/build/compile_commands.json",
          database(T.path("proj/build"), Src, "-DFROM_BUILD=1"));
  CommandResolver R(std::nullopt, std::nullopt, std::nullopt);
  auto Cmd = R.commandFor(Src);
  ASSERT_TRUE(bool(Cmd)) << llvm::toString(Cmd.takeError());
  EXPECT_TRUE(contains(*Cmd, "-DFROM_BUILD=1"));
  EXPECT_EQ(R.sourceOf(Src), T.path("proj/build/compile_commands.json"));
  // The nearest folder wins; in one folder, its own database comes first.
  T.write("proj/compile_commands.json",
          database(T.path("proj"), Src, "-DFROM_PROJ=1"));
  T.write("proj/src/build/compile_commands.json",
          database(T.path("proj/src/build"), Src, "-DFROM_SRC_BUILD=1"));
  CommandResolver Nearest(std::nullopt, std::nullopt, std::nullopt);
  EXPECT_EQ(Nearest.sourceOf(Src), "");
  Cmd = Nearest.commandFor(Src);
  ASSERT_TRUE(bool(Cmd));
  EXPECT_TRUE(contains(*Cmd, "-DFROM_SRC_BUILD=1"));
  T.write("proj/src/compile_commands.json",
          database(T.path("proj/src"), Src, "-DFROM_SRC=1"));
  CommandResolver Own(std::nullopt, std::nullopt, std::nullopt);
  Cmd = Own.commandFor(Src);
  ASSERT_TRUE(bool(Cmd));
  EXPECT_TRUE(contains(*Cmd, "-DFROM_SRC=1"));
  EXPECT_EQ(Own.sourceOf(Src), T.path("proj/src/compile_commands.json"));
}

TEST(CommandResolver, InfersCommandsForFilesMissingFromTheDatabase) {
  TempDir T;
  std::string Known = T.write("p/a.cpp", "int a;\n");
  std::string New = T.write("p/b.cpp", "int b;\n");
  T.write("p/compile_commands.json", database(T.path("p"), Known, "-DINFER=1"));
  CommandResolver R(std::nullopt, std::nullopt, std::nullopt);
  auto Cmd = R.commandFor(New);
  ASSERT_TRUE(bool(Cmd));
  EXPECT_TRUE(contains(*Cmd, "-DINFER=1"));
}

TEST(CommandResolver, ExplicitBuildPathAndBrokenDatabases) {
  TempDir T;
  std::string Src = T.write("a.cpp", "int a;\n");
  T.write("build/compile_commands.json", database(T.Root, Src, "-DEXPLICIT"));
  CommandResolver Good(T.path("build"), std::nullopt, std::nullopt);
  ASSERT_FALSE(bool(Good.init()));
  auto Cmd = Good.commandFor(Src);
  ASSERT_TRUE(bool(Cmd));
  EXPECT_TRUE(contains(*Cmd, "-DEXPLICIT"));

  T.write("broken/compile_commands.json", "[{\"directory\": ");
  CommandResolver Broken(T.path("broken"), std::nullopt, std::nullopt);
  llvm::Error E = Broken.init();
  ASSERT_TRUE(bool(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("cannot load"),
            std::string::npos);

  CommandResolver Missing(T.path("nowhere"), std::nullopt, std::nullopt);
  llvm::Error M = Missing.init();
  ASSERT_TRUE(bool(M));
  EXPECT_NE(llvm::toString(std::move(M)).find("no compile_commands.json"),
            std::string::npos);
}

TEST(CommandResolver, BrokenDatabaseAboveFailsOnlyFilesBelowIt) {
  TempDir T;
  std::string Bad = T.write("bad/x.cpp", "int x;\n");
  std::string Fine = T.write("fine/y.cpp", "int y;\n");
  T.write("bad/compile_commands.json", "not json");
  CommandResolver R(std::nullopt, std::nullopt, std::nullopt);
  EXPECT_FALSE(bool(R.commandFor(Bad)));
  auto Cmd = R.commandFor(Fine);
  ASSERT_TRUE(bool(Cmd));
}

TEST(CommandResolver, DefaultsUseCxx17AndTheLibTorchIncludes) {
  TempDir T;
  std::string Src = T.write("solo.cpp", "int s;\n");
  TorchIncludes Torch{
      {"/opt/libtorch/include", "/opt/libtorch/include/torch/csrc/api/include"},
      "test"};
  CommandResolver R(std::nullopt, std::nullopt, Torch);
  auto Cmd = R.commandFor(Src);
  ASSERT_TRUE(bool(Cmd));
  EXPECT_EQ(*Cmd, (std::vector<std::string>{
                      "clang++", "-std=c++17", "-isystem",
                      "/opt/libtorch/include", "-isystem",
                      "/opt/libtorch/include/torch/csrc/api/include", Src}));
}

TEST(CommandResolver, FlagsAfterDoubleDashReplaceTheDatabase) {
  TempDir T;
  std::string Src = T.write("p/a.cpp", "int a;\n");
  T.write("p/compile_commands.json", database(T.path("p"), Src, "-DFROM_DB"));
  CommandResolver R(std::nullopt, std::vector<std::string>{"-std=c++20", "-DX"},
                    std::nullopt);
  auto Cmd = R.commandFor(Src);
  ASSERT_TRUE(bool(Cmd));
  EXPECT_EQ(*Cmd,
            (std::vector<std::string>{"clang++", "-std=c++20", "-DX", Src}));
  EXPECT_EQ(R.sourceOf(Src), "flags after --");
}

TEST(ExpandInputs, DirectoriesExpandToSortedSourcesSkippingBuildTrees) {
  TempDir T;
  // model.h is included, so it is analysed as part of b.cpp only.
  T.write("src/b.cpp", "#include \"model.h\"\n");
  T.write("src/a.cc", "");
  T.write("src/kernels/k.cu", "");
  T.write("src/readme.md", "");
  T.write("src/model.h", "");
  T.write("build/generated.cpp", "");
  T.write(".git/hooks/x.cpp", "");
  ExpandedInputs In = expandInputs({T.Root, T.path("src/b.cpp")});
  EXPECT_TRUE(In.Errors.empty());
  EXPECT_EQ(In.Files,
            (std::vector<std::string>{T.path("src/a.cc"), T.path("src/b.cpp"),
                                      T.path("src/kernels/k.cu")}));
}

TEST(ExpandInputs, FoldersLintSourcesAndHeadersOnlyWhenNamed) {
  TempDir T;
  T.write("src/main.cpp", "#include \"net/net.h\"\n");
  T.write("src/net/net.h", "#  include <layers.hpp>\n");
  T.write("src/net/layers.hpp", "");
  // Named by no include line, and not self-contained (size_t without
  // <cstddef>): as with run-clang-tidy, a folder does not make it a unit.
  T.write("src/AbstractGame.h", "struct AbstractGame { size_t n; };\n");
  T.write("src/include/torch/extra.hh", "");
  T.write("src/net/impl.inl", "");
  T.write("src/kernels/k.cuh", "");
  ExpandedInputs In = expandInputs({T.Root});
  EXPECT_TRUE(In.Errors.empty());
  EXPECT_EQ(In.Files, std::vector<std::string>{T.path("src/main.cpp")});
  // A header named on the command line is still a unit of its own.
  In = expandInputs({T.Root, T.path("src/AbstractGame.h")});
  EXPECT_TRUE(In.Errors.empty());
  EXPECT_EQ(In.Files, (std::vector<std::string>{T.path("src/AbstractGame.h"),
                                                T.path("src/main.cpp")}));
  // A folder of headers only has no source to lint.
  TempDir H;
  H.write("lib/only.h", "");
  In = expandInputs({H.Root});
  EXPECT_TRUE(In.Files.empty());
  ASSERT_EQ(In.Errors.size(), 1u);
  EXPECT_EQ(In.Errors[0],
            "directory '" + H.Root +
                "' contains no C++ sources (.cpp, .cc, .cxx, .cu)");
}

TEST(ExpandInputs, ReportsMissingInputsAndEmptyDirectories) {
  TempDir T;
  T.write("docs/notes.txt", "");
  ExpandedInputs In = expandInputs({T.path("nope.cpp"), T.path("docs")});
  EXPECT_TRUE(In.Files.empty());
  ASSERT_EQ(In.Errors.size(), 2u);
  EXPECT_EQ(In.Errors[0], "cannot read '" + T.path("nope.cpp") +
                              "': No such file or directory");
  EXPECT_EQ(In.Errors[1],
            "directory '" + T.path("docs") +
                "' contains no C++ sources (.cpp, .cc, .cxx, .cu)");
}
