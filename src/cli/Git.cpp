//===- Git.cpp - The few git queries the CLI makes ------------------------===//

#include "Git.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

namespace torchlint {

namespace fs = llvm::sys::fs;

llvm::Expected<std::string> captureOutput(const std::vector<std::string> &Args,
                                          llvm::StringRef WorkDir) {
  auto Failure = [](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  auto Program = llvm::sys::findProgramByName(Args.front());
  if (!Program)
    return Failure("'" + Args.front() + "' not found in PATH");
  std::vector<std::string> Full = Args;
  // git -C is the portable way to choose the directory without chdir.
  if (!WorkDir.empty())
    Full.insert(Full.begin() + 1, {"-C", WorkDir.str()});
  llvm::SmallVector<llvm::StringRef, 8> Argv(Full.begin(), Full.end());
  // An output that cannot be captured must be an error: an empty diff would
  // silently filter out every finding of a pre-merge check.
  llvm::SmallString<128> Out, Err;
  if (std::error_code EC = fs::createTemporaryFile("torchlint-out", "txt", Out))
    return Failure(llvm::Twine("cannot create a temporary file for the "
                               "output of '") +
                   Args.front() + "': " + EC.message());
  if (std::error_code EC =
          fs::createTemporaryFile("torchlint-err", "txt", Err)) {
    fs::remove(Out);
    return Failure(llvm::Twine("cannot create a temporary file for the "
                               "errors of '") +
                   Args.front() + "': " + EC.message());
  }
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Out.str(),
                                                Err.str()};
  std::string Message;
  int RC = llvm::sys::ExecuteAndWait(*Program, Argv, std::nullopt, Redirects, 0,
                                     0, &Message);
  auto StdoutBuffer = llvm::MemoryBuffer::getFile(Out);
  auto StderrBuffer = llvm::MemoryBuffer::getFile(Err);
  fs::remove(Out);
  fs::remove(Err);
  std::string Stderr =
      StderrBuffer ? (*StderrBuffer)->getBuffer().str() : std::string();
  if (RC != 0) {
    llvm::StringRef Why = llvm::StringRef(Stderr.empty() ? Message : Stderr);
    if (Why.trim().empty())
      return Failure(llvm::Twine("'") + Args.front() + "' exited with status " +
                     llvm::Twine(RC));
    return Failure(Why.trim());
  }
  if (!StdoutBuffer)
    return Failure(llvm::Twine("cannot read the output of '") + Args.front() +
                   "': " + StdoutBuffer.getError().message());
  return (*StdoutBuffer)->getBuffer().str();
}

llvm::Expected<std::string> gitWorkTreeTop(llvm::StringRef Dir) {
  auto Out = captureOutput({"git", "rev-parse", "--show-toplevel"}, Dir);
  if (!Out)
    return Out.takeError();
  std::string Top = llvm::StringRef(*Out).trim().str();
  if (Top.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "not inside a git work tree");
  return Top;
}

std::optional<std::string> gitTopLevel(llvm::StringRef Dir) {
  auto Top = gitWorkTreeTop(Dir);
  if (!Top) {
    llvm::consumeError(Top.takeError());
    return std::nullopt;
  }
  return *Top;
}

llvm::Expected<std::string> gitDiff(llvm::StringRef Root, llvm::StringRef Ref) {
  // The user's configuration must not change the format parsed: no colour,
  // no external differ, the usual a/ b/ prefixes, unquoted UTF-8 names. The
  // ref goes after --end-of-options, so "--output=x" is a bad revision and
  // never an option of git's.
  return captureOutput({"git", "-c", "core.quotePath=false", "diff", "-U0",
                        "--no-color", "--no-ext-diff", "--src-prefix=a/",
                        "--dst-prefix=b/", "--end-of-options", Ref.str(), "--"},
                       Root);
}

llvm::Expected<std::vector<std::string>>
gitUntrackedFiles(llvm::StringRef Root) {
  auto Out = captureOutput(
      {"git", "ls-files", "--others", "--exclude-standard", "-z"}, Root);
  if (!Out)
    return Out.takeError();
  std::vector<std::string> Files;
  llvm::SmallVector<llvm::StringRef, 16> Names;
  llvm::StringRef(*Out).split(Names, '\0', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Name : Names)
    Files.push_back(Name.str());
  return Files;
}

} // namespace torchlint
