//===- Inputs.cpp - Files and directories to analyse ----------------------===//

#include "torchlint/Frontend.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

namespace torchlint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

bool isCppSource(llvm::StringRef Path) {
  return llvm::StringSwitch<bool>(path::extension(Path))
      .Cases(".cpp", ".cc", ".cxx", ".c++", ".cu", ".C", true)
      .Default(false);
}

/// Folders a directory walk never enters: build trees, VCS metadata,
/// dependencies checked out by package managers.
static bool isSkippedDirectory(llvm::StringRef Name) {
  return Name.startswith(".") || Name.startswith("build") ||
         Name.startswith("cmake-build-") || Name == "third_party" ||
         Name == "node_modules" || Name == "_deps";
}

ExpandedInputs expandInputs(const std::vector<std::string> &Inputs) {
  ExpandedInputs Out;
  std::set<std::string> Seen;
  auto Add = [&](llvm::StringRef P) {
    llvm::SmallString<256> Abs(P);
    fs::make_absolute(Abs);
    path::remove_dots(Abs, /*remove_dot_dot=*/true);
    if (Seen.insert(std::string(Abs)).second)
      Out.Files.push_back(std::string(Abs));
  };
  for (const std::string &Input : Inputs) {
    fs::file_status Status;
    if (std::error_code EC = fs::status(Input, Status)) {
      Out.Errors.push_back("cannot read '" + Input + "': " + EC.message());
      continue;
    }
    if (fs::is_regular_file(Status)) {
      Add(Input);
      continue;
    }
    if (!fs::is_directory(Status)) {
      Out.Errors.push_back("'" + Input + "' is not a file or directory");
      continue;
    }
    size_t Before = Out.Files.size();
    std::error_code EC;
    for (fs::recursive_directory_iterator It(Input, EC), End; It != End && !EC;
         It.increment(EC)) {
      llvm::StringRef Name = path::filename(It->path());
      if (It->type() == fs::file_type::directory_file) {
        if (isSkippedDirectory(Name))
          It.no_push();
        continue;
      }
      if (isCppSource(It->path()))
        Add(It->path());
    }
    if (EC)
      Out.Errors.push_back("cannot read directory '" + Input +
                           "': " + EC.message());
    else if (Out.Files.size() == Before)
      Out.Errors.push_back("directory '" + Input +
                           "' contains no C++ sources (.cpp, .cc, .cxx, .cu)");
  }
  std::sort(Out.Files.begin(), Out.Files.end());
  return Out;
}

} // namespace torchlint
