//===- StandaloneMain.cpp - Replays fuzz inputs without libFuzzer ---------===//
//
// The ordinary build (GCC, no libFuzzer) links each fuzz target with this
// main, so that ctest replays the seed corpus and the kept crashers on every
// build: a crash found once stays fixed. Arguments are folders (every regular
// file in them, sorted, recursively) or single files.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);
// Optional in a target, as in libFuzzer.
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *Argc,
                                                          char ***Argv);

namespace fs = std::filesystem;

/// Files in a corpus folder that are not inputs: notes (README) and the
/// placeholders that keep an empty crashers folder in git (.gitkeep).
static bool isIgnored(const fs::path &P) {
  std::string Name = P.filename().string();
  return Name.rfind("README", 0) == 0 || Name.rfind(".", 0) == 0;
}

int main(int Argc, char **Argv) {
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&Argc, &Argv);
  std::vector<fs::path> Inputs;
  for (int I = 1; I < Argc; ++I) {
    fs::path Arg(Argv[I]);
    std::error_code EC;
    if (fs::is_directory(Arg, EC)) {
      for (const auto &Entry : fs::recursive_directory_iterator(Arg))
        if (Entry.is_regular_file() &&
            !isIgnored(Entry.path()))
          Inputs.push_back(Entry.path());
    } else if (fs::is_regular_file(Arg, EC)) {
      Inputs.push_back(Arg);
    } else {
      // A missing corpus folder would make the test pass on nothing.
      std::fprintf(stderr, "%s: no such file or folder\n", Argv[I]);
      return 2;
    }
  }
  // Sorted, so that a failure names the same first input on every machine.
  std::sort(Inputs.begin(), Inputs.end());
  for (const fs::path &P : Inputs) {
    std::ifstream In(P, std::ios::binary);
    std::string Bytes((std::istreambuf_iterator<char>(In)),
                      std::istreambuf_iterator<char>());
    std::fprintf(stderr, "running %s (%zu bytes)\n", P.c_str(), Bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(Bytes.data()),
                           Bytes.size());
  }
  std::fprintf(stderr, "%zu inputs ran without a crash\n", Inputs.size());
  return 0;
}
