//===- TorchLocatorTest.cpp - Finding LibTorch's headers ------------------===//

#include "TestUtil.h"

#include "torchlint/frontend/Frontend.h"

#include <map>

using namespace torchlint;

/// Lays out the files that mark a LibTorch install under Prefix.
static void fakeInstall(const TempDir &T, llvm::StringRef Prefix) {
  T.write((Prefix + "/include/torch/csrc/api/include/torch/torch.h").str(),
          "#pragma once\n");
}

static EnvLookup env(std::map<std::string, std::string> Vars) {
  return [Vars](llvm::StringRef Name) -> std::optional<std::string> {
    auto It = Vars.find(Name.str());
    if (It == Vars.end())
      return std::nullopt;
    return It->second;
  };
}

TEST(LocateTorch, InstallPrefixFromTheEnvironment) {
  TempDir T;
  fakeInstall(T, "libtorch");
  auto Found = locateTorch(env({{"TORCH_INSTALL_PREFIX", T.path("libtorch")}}),
                           /*TryPython=*/false);
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Origin, "TORCH_INSTALL_PREFIX");
  EXPECT_EQ(Found->Dirs,
            (std::vector<std::string>{
                T.path("libtorch/include"),
                T.path("libtorch/include/torch/csrc/api/include")}));
}

TEST(LocateTorch, TorchDirPointsAtTheCMakePackage) {
  TempDir T;
  fakeInstall(T, "opt/torch");
  auto Found =
      locateTorch(env({{"Torch_DIR", T.path("opt/torch/share/cmake/Torch")},
                       {"TORCH_INSTALL_PREFIX", "/nonexistent"}}),
                  false);
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Origin, "Torch_DIR");
  EXPECT_EQ(Found->Dirs.front(), T.path("opt/torch/include"));
}

TEST(LocateTorch, CMakePrefixPathEntriesAreSearchedInOrder) {
  TempDir T;
  fakeInstall(T, "second");
  auto Found = locateTorch(
      env({{"CMAKE_PREFIX_PATH", T.path("first") + ":" + T.path("second")}}),
      false);
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Origin, "CMAKE_PREFIX_PATH");
  EXPECT_EQ(Found->Dirs.front(), T.path("second/include"));
}

TEST(LocateTorch, FallsBackToDebianLibtorchDev) {
  auto Found = locateTorch(env({{"LIBTORCH", "/nonexistent"}}), false);
  bool Debian = llvm::sys::fs::exists(
      "/usr/include/torch/csrc/api/include/torch/torch.h");
  ASSERT_EQ(bool(Found), Debian);
  if (Debian) {
    EXPECT_EQ(Found->Origin, "libtorch-dev (/usr/include)");
    EXPECT_EQ(Found->Dirs,
              std::vector<std::string>{"/usr/include/torch/csrc/api/include"});
  }
}

TEST(LocateTorch, PrefixWithoutHeadersIsNotAnInstall) {
  TempDir T;
  T.write("empty/include/readme", "");
  EXPECT_FALSE(torchIncludesUnder(T.path("empty")));
}

/// Writes an executable script at Rel.
static void script(const TempDir &T, llvm::StringRef Rel,
                   llvm::StringRef Body) {
  std::string P = T.write(Rel, ("#!/bin/sh\n" + Body + "\n").str());
  llvm::sys::fs::setPermissions(P, llvm::sys::fs::all_read |
                                       llvm::sys::fs::all_exe |
                                       llvm::sys::fs::owner_write);
}

TEST(LocateTorch, PipTorchOfTheActiveVirtualEnvironment) {
  TempDir T;
  fakeInstall(T, "venv/lib/python3.11/site-packages/torch");
  T.write("venv/lib/python3.10/site-packages/readme", "");
  auto Found = locateTorch(env({{"VIRTUAL_ENV", T.path("venv")}}), false);
  ASSERT_TRUE(Found);
  std::string Pkg = T.path("venv/lib/python3.11/site-packages/torch");
  EXPECT_EQ(Found->Origin, "VIRTUAL_ENV torch (" + Pkg + ")");
  EXPECT_EQ(Found->Dirs,
            (std::vector<std::string>{Pkg + "/include",
                                      Pkg + "/include/torch/csrc/api/include"}));
}

TEST(LocateTorch, PipTorchOfTheActiveCondaEnvironment) {
  TempDir T;
  fakeInstall(T, "conda/lib/python3.12/site-packages/torch");
  auto Found = locateTorch(
      env({{"VIRTUAL_ENV", T.path("empty")}, {"CONDA_PREFIX", T.path("conda")}}),
      false);
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Origin,
            "CONDA_PREFIX torch (" +
                T.path("conda/lib/python3.12/site-packages/torch") + ")");
}

TEST(LocateTorch, EveryPythonOnPathIsAskedInOrder) {
  TempDir T;
  fakeInstall(T, "site/torch");
  // The first python3 on PATH has no torch; a python later on PATH has.
  script(T, "first/python3", "echo");
  script(T, "second/python", "echo " + T.path("site/torch"));
  auto Found = locateTorch(
      env({{"PATH", T.path("first") + ":" + T.path("missing") + ":" +
                        T.path("second")}}),
      /*TryPython=*/true);
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Origin, "python torch (" + T.path("site/torch") + ")");
  EXPECT_EQ(Found->Dirs.front(), T.path("site/torch/include"));
}

TEST(LocateTorch, PythonsAreNotAskedWithoutTryPython) {
  TempDir T;
  fakeInstall(T, "site/torch");
  script(T, "bin/python3", "echo " + T.path("site/torch"));
  auto Found = locateTorch(env({{"PATH", T.path("bin")}}), false);
  EXPECT_TRUE(!Found || Found->Origin.find("python3") == std::string::npos);
}

TEST(LocateTorch, PytorchOrgZipUnpackedInHome) {
  TempDir T;
  fakeInstall(T, "home/libtorch");
  auto Found = locateTorch(env({{"HOME", T.path("home")}}), false);
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Origin, "libtorch (" + T.path("home/libtorch") + ")");
  EXPECT_EQ(Found->Dirs.front(), T.path("home/libtorch/include"));
}

TEST(LocateTorch, ReleaseReadFromTheHeaders) {
  TempDir T;
  // 1.13: the macros in torch/version.h, in the API folder.
  fakeInstall(T, "one");
  T.write("one/include/torch/csrc/api/include/torch/version.h",
          "#pragma once\n#define TORCH_VERSION_MAJOR 1\n"
          "#define TORCH_VERSION_MINOR 13\n#define TORCH_VERSION_PATCH 1\n"
          "#define TORCH_VERSION \"1.13.1\"\n");
  auto One = locateTorch(env({{"LIBTORCH", T.path("one")}}), false);
  ASSERT_TRUE(One);
  EXPECT_EQ(One->Version, "1.13.1");
  // 2.x: torch/version.h includes torch/headeronly/version.h.
  fakeInstall(T, "two");
  T.write("two/include/torch/csrc/api/include/torch/version.h",
          "#include <torch/headeronly/version.h>\n");
  T.write("two/include/torch/headeronly/version.h",
          "#pragma once\n#define TORCH_VERSION_MAJOR 2\n"
          "#define  TORCH_VERSION_MINOR   13\n#define TORCH_VERSION_PATCH 0\n");
  auto Two = locateTorch(env({{"LIBTORCH", T.path("two")}}), false);
  ASSERT_TRUE(Two);
  EXPECT_EQ(Two->Version, "2.13.0");
  // No version.h: the release is unknown, the headers still serve.
  fakeInstall(T, "none");
  auto None = locateTorch(env({{"LIBTORCH", T.path("none")}}), false);
  ASSERT_TRUE(None);
  EXPECT_EQ(None->Version, "");
}

TEST(LocateTorch, DebianPrefixAddsNoCompilerFolder) {
  if (!llvm::sys::fs::exists(
          "/usr/include/torch/csrc/api/include/torch/torch.h"))
    GTEST_SKIP() << "needs Debian's libtorch-dev";
  // LIBTORCH=/usr names Debian's libtorch-dev; /usr/include is the
  // compiler's own and must not come again as -isystem.
  auto Found = locateTorch(env({{"LIBTORCH", "/usr"}}), false);
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Origin, "LIBTORCH");
  EXPECT_EQ(Found->Dirs,
            std::vector<std::string>{"/usr/include/torch/csrc/api/include"});
  EXPECT_EQ(llvm::StringRef(Found->Version).split('.').first, "1");
}

TEST(LocateTorch, RealPipTorchTwo) {
  // With pip's torch 2.x installed (CI installs torch==2.13.0), the python3
  // on PATH finds it and the release is read from its headers.
  // Only PATH: the suite's own LIBTORCH pin (tests/CMakeLists.txt) is not
  // what this asks about.
  auto Found = locateTorch(env({{"PATH", processEnv("PATH").value_or("")}}),
                           /*TryPython=*/true);
  if (!Found || Found->Origin.rfind("python", 0) != 0)
    GTEST_SKIP() << "no pip install of torch for a python on PATH";
  EXPECT_EQ(llvm::StringRef(Found->Version).split('.').first, "2");
  EXPECT_EQ(Found->Dirs.size(), 2u);
}
