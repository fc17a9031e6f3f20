//===- PreambleTest.cpp - Which includes form the shared preamble ---------===//

#include "Preamble.h"
#include "TestUtil.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

#include <chrono>

#include <gtest/gtest.h>

using namespace torchlint;
using Lines = std::vector<std::string>;

TEST(LeadingTorchIncludes, CollectsLibTorchIncludesAtTheHead) {
  EXPECT_EQ(leadingTorchIncludes("// header comment\n"
                                 "/* block\n comment */\n"
                                 "#pragma once\n"
                                 "#include <iostream>\n"
                                 "#include <torch/torch.h>\n"
                                 "#  include \"ATen/ATen.h\"\n"
                                 "\n"
                                 "#include <c10/core/Device.h>\n"
                                 "int main() {}\n"
                                 "#include <torch/script.h>\n"),
            (Lines{"#include <torch/torch.h>", "#include <ATen/ATen.h>",
                   "#include <c10/core/Device.h>"}));
}

TEST(LeadingTorchIncludes, StopsAtCodeOrMacros) {
  // A macro defined first could change what the headers mean.
  EXPECT_EQ(leadingTorchIncludes("#define X 1\n#include <torch/torch.h>\n"),
            Lines{});
  EXPECT_EQ(leadingTorchIncludes("int x;\n#include <torch/torch.h>\n"),
            Lines{});
  EXPECT_EQ(leadingTorchIncludes(""), Lines{});
  EXPECT_EQ(leadingTorchIncludes("#include \"model.h\"\n"), Lines{});
}

TEST(LeadingTorchIncludes, LooksThroughQtKeywordUndefs) {
  // LibTorch with Qt: the keyword macros are taken back before LibTorch.
  EXPECT_EQ(leadingTorchIncludes("#include \"mainwindow.h\"\n"
                                 "#include <QApplication>\n"
                                 "#undef slots\n"
                                 "#include <torch/script.h>\n"
                                 "#include <torch/torch.h>\n"
                                 "#define slots Q_SLOTS\n"
                                 "#include <vector>\n"),
            (Lines{"#include <torch/script.h>", "#include <torch/torch.h>"}));
  // Any other #undef may change what LibTorch's headers mean.
  EXPECT_EQ(leadingTorchIncludes("#undef NDEBUG\n#include <torch/torch.h>\n"),
            Lines{});
}

TEST(LeadingTorchIncludes, LooksThroughAnIncludeGuard) {
  // A header given as an input: the guard means nothing to LibTorch.
  EXPECT_EQ(leadingTorchIncludes("// data.hpp\n"
                                 "#ifndef DATA_HPP\n"
                                 "#define DATA_HPP\n"
                                 "\n"
                                 "#include <vector>\n"
                                 "#include <torch/torch.h>\n"
                                 "struct Data {};\n"
                                 "#endif\n"),
            Lines{"#include <torch/torch.h>"});
  // Anything else after #ifndef is a real condition: nothing is preloaded.
  EXPECT_EQ(leadingTorchIncludes("#ifndef USE_TORCH\n"
                                 "#include <torch/torch.h>\n"
                                 "#endif\n"),
            Lines{});
  EXPECT_EQ(
      leadingTorchIncludes("#ifndef G\n#define H\n#include <torch/torch.h>\n"),
      Lines{});
  // A guard after an include is no guard.
  EXPECT_EQ(leadingTorchIncludes("#include <torch/torch.h>\n"
                                 "#ifndef X\n#define X\n"
                                 "#include <torch/script.h>\n"),
            Lines{"#include <torch/torch.h>"});
}

TEST(LeadingTorchIncludes, LooksThroughAGuardClosedAtOnce) {
  // Qt Creator leaves `#ifndef G / #define G / #endif` at a header's head.
  EXPECT_EQ(leadingTorchIncludes("#ifndef DATASET_H\n"
                                 "#define DATASET_H\n"
                                 "#endif // DATASET_H\n"
                                 "#undef slots\n"
                                 "#include<torch/script.h>\n"
                                 "#include<torch/torch.h>\n"
                                 "#define slots Q_SLOTS\n"),
            (Lines{"#include <torch/script.h>", "#include <torch/torch.h>"}));
  // After it, another #ifndef is a real condition.
  EXPECT_EQ(leadingTorchIncludes("#ifndef G\n#define G\n#endif\n"
                                 "#ifndef USE_TORCH\n"
                                 "#include <torch/torch.h>\n#endif\n"),
            Lines{});
}

TEST(LeadingTorchIncludes, LooksThroughWindowsOnlyMacros) {
  // _USE_MATH_DEFINES and friends are read by Windows' headers only.
  EXPECT_EQ(leadingTorchIncludes("#define _USE_MATH_DEFINES\n"
                                 "#include <math.h>\n"
                                 "#define NOMINMAX\n"
                                 "#include <torch/torch.h>\n"),
            Lines{"#include <torch/torch.h>"});
  // Any other macro, or one with a value, may change what LibTorch means.
  EXPECT_EQ(leadingTorchIncludes("#define _USE_MATH_DEFINES 1\n"
                                 "#include <torch/torch.h>\n"),
            Lines{});
  EXPECT_EQ(leadingTorchIncludes("#define _GLIBCXX_DEBUG\n"
                                 "#include <torch/torch.h>\n"),
            Lines{});
}

//===--- The preamble cache: keys, lookups, eviction (issue 39) -----------===//

namespace {

/// Sets the modification time of Path to Age before now.
void age(const std::string &Path, std::chrono::seconds Age) {
  int FD;
  ASSERT_FALSE(llvm::sys::fs::openFileForWrite(
      Path, FD, llvm::sys::fs::CD_OpenAlways, llvm::sys::fs::OF_Append));
  llvm::sys::fs::setLastAccessAndModificationTime(
      FD, std::chrono::system_clock::now() - Age);
  llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

/// Plants a preamble named preamble-<Stem>.pch of Bytes bytes holding
/// Includes, built Built ago and last used Used ago.
std::string plant(const TempDir &D, const std::string &Stem,
                  const Lines &Includes, size_t Bytes,
                  std::chrono::seconds Built, std::chrono::seconds Used) {
  std::string Header;
  for (const std::string &L : Includes)
    Header += L + "\n";
  D.write("preamble-" + Stem + ".h", Header);
  std::string Pch =
      D.write("preamble-" + Stem + ".pch", std::string(Bytes, 'x'));
  age(Pch, Built);
  age(D.write("preamble-" + Stem + ".used", ""), Used);
  return Pch;
}

const std::string TorchH = "#include <torch/torch.h>";
const std::string ScriptH = "#include <torch/script.h>";
const std::string AtenH = "#include <ATen/ATen.h>";
const std::string CudaH = "#include <ATen/cuda/CUDAContext.h>";
constexpr std::chrono::seconds Minute{60}, Day{24 * 3600};

} // namespace

TEST(PreambleKey, LeavesOutTheWorkingFolderAndMakesPathsAbsolute) {
  // The same project in two folders, configured by CMake in each: its own
  // paths differ, LibTorch's and the flags do not.
  auto Command = [](const std::string &Root) {
    return Lines{"/usr/bin/c++",
                 "-working-directory=" + Root + "/build",
                 "-isystem",
                 "/opt/libtorch/include",
                 "-I../third_party/torch",
                 "-std=gnu++17",
                 "-include",
                 "pre.h",
                 Root + "/src/a.cpp"};
  };
  Lines A = preambleFlagLines(Command("/w/one"), Command("/w/one"), true);
  Lines B = preambleFlagLines(Command("/w/two"), Command("/w/two"), true);
  // The paths a relative option names are the project's own: they differ.
  EXPECT_NE(A, B);
  EXPECT_TRUE(llvm::is_contained(A, "-I/w/one/third_party/torch"));
  EXPECT_TRUE(llvm::is_contained(A, "/w/one/build/pre.h"));
  EXPECT_FALSE(llvm::any_of(A, [](const std::string &L) {
    return llvm::StringRef(L).contains("working-directory");
  }));
  // Without them (the project's own folders are dropped before the key),
  // the two copies share one key.
  auto Shared = [](const std::string &Root) {
    return Lines{"/usr/bin/c++", "-working-directory=" + Root + "/build",
                 "-isystem",     "/opt/libtorch/include",
                 "-std=gnu++17", Root + "/src/a.cpp"};
  };
  EXPECT_EQ(preambleFlagKey(
                preambleFlagLines(Shared("/w/one"), Shared("/w/one"), true)),
            preambleFlagKey(
                preambleFlagLines(Shared("/w/two"), Shared("/w/two"), true)));
  // The compiler counts by the mode Clang's driver reads from its name.
  Lines Clang = Shared("/w/one"), Gcc = Shared("/w/one");
  Clang.front() = "clang++-16";
  Gcc.front() = "/usr/bin/gcc";
  EXPECT_EQ(preambleFlagLines(Clang, Clang, true),
            preambleFlagLines(Shared("/w/one"), Shared("/w/one"), true));
  EXPECT_NE(preambleFlagLines(Gcc, Gcc, true),
            preambleFlagLines(Shared("/w/one"), Shared("/w/one"), true));
  // What changes LibTorch's headers changes the key.
  Lines D = Shared("/w/one");
  D.insert(D.end() - 1, "-DNDEBUG");
  EXPECT_NE(preambleFlagKey(preambleFlagLines(D, D, true)),
            preambleFlagKey(
                preambleFlagLines(Shared("/w/one"), Shared("/w/one"), true)));
  EXPECT_NE(preambleFlagKey(preambleFlagLines(D, D, true)),
            preambleFlagKey(preambleFlagLines(D, D, false)));
}

TEST(PreambleLookup, AnyPreambleOfTheFlagsHoldingTheIncludesServes) {
  TempDir D;
  const std::string K = "0123456789abcdef";
  plant(D, K + "-00000001", {TorchH, ScriptH}, 10, 2 * Minute, Minute);
  plant(D, "fedcba9876543210-00000002", {TorchH, ScriptH, CudaH}, 10, Minute,
        Minute);
  // A header the preamble read counts as held: torch/torch.h reads ATen.
  D.write("preamble-" + K + "-00000001.read",
          "ATen/ATen.h\nc10/core/Device.h\n");
  std::vector<CachedPreamble> Cached = scanPreambles(D.Root);
  ASSERT_EQ(Cached.size(), 2u);
  const CachedPreamble *P = coveringPreamble(Cached, K, {TorchH});
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Pch, D.path("preamble-" + K + "-00000001.pch"));
  EXPECT_TRUE(coveringPreamble(Cached, K, {ScriptH, AtenH}));
  // Another flag key's preamble never serves, whatever it holds.
  EXPECT_FALSE(coveringPreamble(Cached, K, {CudaH}));
  // The newest that holds them wins: it supersedes the others.
  plant(D, K + "-00000003", {TorchH, ScriptH, CudaH}, 10, Minute * 0, Minute);
  Cached = scanPreambles(D.Root);
  EXPECT_EQ(coveringPreamble(Cached, K, {TorchH})->Pch,
            D.path("preamble-" + K + "-00000003.pch"));
}

TEST(PreambleEviction, OldSupersededAndOverTheBound) {
  TempDir D;
  const std::string K = "0123456789abcdef", L = "fedcba9876543210";
  std::string Old = plant(D, L + "-00000001", {TorchH}, 10, 40 * Day, 31 * Day);
  std::string Superseded =
      plant(D, K + "-00000001", {TorchH, ScriptH}, 10, 2 * Day, 11 * Minute);
  std::string JustUsed =
      plant(D, K + "-00000002", {TorchH, AtenH}, 10, Day, 9 * Minute);
  std::string Newest =
      plant(D, K + "-00000003", {TorchH, ScriptH, AtenH}, 10, Minute, Minute);
  // An older torchlint's name: only the age and the size bound apply.
  std::string Legacy =
      plant(D, "0123456789abcdef01234567", {TorchH}, 10, 3 * Day, 2 * Day);
  D.write("preamble-" + L + ".flags", "clang\n");
  D.write("preamble-" + K + ".flags", "clang\n");
  EXPECT_EQ(trimPreambleCache(D.Root, 0, "", std::chrono::system_clock::now()),
            2u);
  namespace fs = llvm::sys::fs;
  EXPECT_FALSE(fs::exists(Old)) << "unused for 31 days";
  EXPECT_FALSE(fs::exists(D.path("preamble-" + L + "-00000001.h")));
  EXPECT_FALSE(fs::exists(D.path("preamble-" + L + ".flags")))
      << "no preamble of its flags is left";
  EXPECT_FALSE(fs::exists(Superseded)) << "a newer one holds its includes";
  EXPECT_TRUE(fs::exists(JustUsed)) << "used within ten minutes";
  EXPECT_TRUE(fs::exists(Newest));
  EXPECT_TRUE(fs::exists(Legacy));
  EXPECT_TRUE(fs::exists(D.path("preamble-" + K + ".flags")));
  // The size bound takes the least recently used first, never Keep nor
  // the most recently used (a bound below one preamble would rebuild it on
  // every run).
  EXPECT_EQ(
      trimPreambleCache(D.Root, 15, Legacy, std::chrono::system_clock::now()),
      1u);
  EXPECT_TRUE(fs::exists(Legacy));
  EXPECT_FALSE(fs::exists(JustUsed));
  EXPECT_TRUE(fs::exists(Newest));
  EXPECT_EQ(trimPreambleCache(D.Root, 1, "", std::chrono::system_clock::now()),
            1u);
  EXPECT_FALSE(fs::exists(Legacy));
  EXPECT_TRUE(fs::exists(Newest));
}

TEST(PreambleEviction, WhatFailedBuildsLeftGoesAfterADay) {
  TempDir D;
  std::string Stem = "0123456789abcdef-00000001";
  std::string Header = D.write("preamble-" + Stem + ".h", "#include <x>\n");
  std::string Failed = D.write("preamble-" + Stem + ".failed", "error\n");
  trimPreambleCache(D.Root, 0, "", std::chrono::system_clock::now());
  EXPECT_TRUE(llvm::sys::fs::exists(Failed)) << "kept ten minutes for a run";
  age(Header, 2 * Day);
  age(Failed, 2 * Day);
  trimPreambleCache(D.Root, 0, "", std::chrono::system_clock::now());
  EXPECT_FALSE(llvm::sys::fs::exists(Header));
  EXPECT_FALSE(llvm::sys::fs::exists(Failed));
}
