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
  llvm::SmallString<128> Out, Err;
  fs::createTemporaryFile("torchlint-out", "txt", Out);
  fs::createTemporaryFile("torchlint-err", "txt", Err);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Out.str(),
                                                Err.str()};
  std::string Message;
  int RC = llvm::sys::ExecuteAndWait(*Program, Argv, std::nullopt, Redirects, 0,
                                     0, &Message);
  auto Read = [](llvm::StringRef Path) {
    auto B = llvm::MemoryBuffer::getFile(Path);
    return B ? (*B)->getBuffer().str() : std::string();
  };
  std::string Stdout = Read(Out), Stderr = Read(Err);
  fs::remove(Out);
  fs::remove(Err);
  if (RC != 0)
    return Failure(llvm::StringRef(Stderr.empty() ? Message : Stderr).trim());
  return Stdout;
}

std::optional<std::string> gitTopLevel(llvm::StringRef Dir) {
  auto Out = captureOutput({"git", "rev-parse", "--show-toplevel"}, Dir);
  if (!Out) {
    llvm::consumeError(Out.takeError());
    return std::nullopt;
  }
  std::string Top = llvm::StringRef(*Out).trim().str();
  return Top.empty() ? std::nullopt : std::optional<std::string>(Top);
}

llvm::Expected<std::string> gitDiff(llvm::StringRef Root, llvm::StringRef Ref) {
  return captureOutput(
      {"git", "diff", "-U0", "--no-color", "--no-ext-diff", Ref.str(), "--"},
      Root);
}

} // namespace torchlint
