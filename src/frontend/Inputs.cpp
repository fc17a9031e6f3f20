//===- Inputs.cpp - Files and directories to analyse ----------------------===//

#include "torchlint/frontend/Frontend.h"
#include "torchlint/core/Paths.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
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
  return Name.starts_with(".") || Name.starts_with("build") ||
         Name.starts_with("cmake-build-") || Name == "third_party" ||
         Name == "node_modules" || Name == "_deps";
}

ExpandedInputs expandInputs(const std::vector<std::string> &Inputs) {
  ExpandedInputs Out;
  std::set<std::string> Seen;
  auto Add = [&](llvm::StringRef P) {
    std::string Abs = absolutePath(P);
    if (Seen.insert(Abs).second)
      Out.Files.push_back(Abs);
  };
  for (const std::string &Input : Inputs) {
    fs::file_status Status;
    if (std::error_code EC = fs::status(Input, Status)) {
      // "No such file" for a name that ls lists: say it is a link.
      bool Dangling = EC == std::errc::no_such_file_or_directory &&
                      fs::is_symlink_file(Input);
      Out.Errors.push_back("cannot read '" + Input + "': " + EC.message() +
                           (Dangling ? " (a dangling symbolic link)" : ""));
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
    // Folders entered, by real path: a link back up (a loop) or a second
    // link to one folder adds nothing, and following it would never end. A
    // link into the input is not followed: its folder is walked under its
    // own name, whatever order the links are read in.
    std::set<std::string> Walked;
    std::string Inside; // The input's real path and a slash.
    llvm::SmallString<256> Real;
    if (!fs::real_path(Input, Real)) {
      Walked.insert(std::string(Real));
      Inside = std::string(Real) + "/";
    }
    // Found, not added: sources another input named too are analysed once.
    bool FoundSource = false;
    std::error_code EC;
    for (fs::recursive_directory_iterator It(Input, EC), End; It != End && !EC;
         It.increment(EC)) {
      llvm::StringRef Name = path::filename(It->path());
      // The walk follows links: look at what it would enter.
      bool Link = It->type() == fs::file_type::symlink_file;
      fs::file_type Type = It->type();
      if (Link)
        if (llvm::ErrorOr<fs::basic_file_status> Target = It->status())
          Type = Target->type();
      if (Type == fs::file_type::directory_file) {
        bool Known = !fs::real_path(It->path(), Real) &&
                     ((Link && !Inside.empty() && Real.str().starts_with(Inside)) ||
                      !Walked.insert(std::string(Real)).second);
        if (isSkippedDirectory(Name) || Known) {
          It.no_push();
          continue;
        }
        // The walk passes over a folder it cannot open without a word.
        std::error_code OpenEC;
        fs::directory_iterator Probe(It->path(), OpenEC);
        if (OpenEC) {
          Out.Errors.push_back("cannot read directory '" + It->path() +
                               "': " + OpenEC.message());
          It.no_push();
        }
        continue;
      }
      // A folder lints its sources, as run-clang-tidy does: a header is
      // analysed through the sources that include it (a header that is not
      // self-contained would fail on its own), and on its own only when
      // named as an input.
      if (isCppSource(It->path())) {
        FoundSource = true;
        Add(It->path());
      }
    }
    if (EC)
      Out.Errors.push_back("cannot read directory '" + Input +
                           "': " + EC.message());
    else if (!FoundSource)
      Out.Errors.push_back("directory '" + Input +
                           "' contains no C++ sources (.cpp, .cc, .cxx, .cu)");
  }
  // A file reached under two names (a symbolic link beside its target, or
  // a linked folder) is one unit: it is analysed and reported once, under
  // its own name when that was reached, else the first name.
  std::map<std::string, std::string> ByReal;
  for (const std::string &F : Out.Files) {
    llvm::SmallString<256> Real;
    std::string Key = fs::real_path(F, Real) ? F : std::string(Real);
    auto [It, New] = ByReal.emplace(Key, F);
    if (!New && (F == Key || (It->second != Key && F < It->second)))
      It->second = F;
  }
  Out.Files.clear();
  for (auto &[Real, F] : ByReal)
    Out.Files.push_back(std::move(F));
  std::sort(Out.Files.begin(), Out.Files.end());
  return Out;
}

} // namespace torchlint
