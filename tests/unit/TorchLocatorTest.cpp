//===- TorchLocatorTest.cpp - Finding LibTorch's headers ------------------===//

#include "TestUtil.h"

#include "torchlint/Frontend.h"

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
