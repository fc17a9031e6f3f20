//===- FuzzCompileCommands.cpp - Fuzzes compile_commands.json -------------===//
//
// A compile database is written by the user's build system, or by hand, and
// read before anything is parsed. CommandResolver loads it from a folder, so
// each input is written to a scratch folder as compile_commands.json, loaded
// as `-p` does, and asked for the commands of the files it names and of files
// it does not (a header, a new source), which clang infers from the nearest
// entry. Every command that comes back must at least name a compiler.
//
//===----------------------------------------------------------------------===//

#include "torchlint/frontend/Frontend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>

using namespace torchlint;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

static std::string &scratch() {
  static std::string Dir;
  return Dir;
}

static void removeScratch() {
  llvm::SmallString<256> Db(scratch());
  path::append(Db, "compile_commands.json");
  fs::remove(Db);
  fs::remove(scratch());
}

extern "C" int LLVMFuzzerInitialize(int *Argc, char ***Argv) {
  llvm::SmallString<256> Dir;
  if (fs::createUniqueDirectory("torchlint-fuzz-ccdb", Dir))
    std::abort();
  scratch() = std::string(Dir);
  std::atexit(removeScratch);
  return 0;
}

/// The "file" entries of the database as a JSON reader sees them (none when
/// it is not JSON), made absolute against the scratch folder; bounded so a
/// large input stays fast.
static std::vector<std::string> namedFiles(llvm::StringRef Text) {
  std::vector<std::string> Out;
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Text);
  if (!Doc) {
    llvm::consumeError(Doc.takeError());
    return Out;
  }
  if (const llvm::json::Array *Entries = Doc->getAsArray())
    for (const llvm::json::Value &Entry : *Entries) {
      const llvm::json::Object *Fields = Entry.getAsObject();
      if (!Fields || Out.size() >= 8)
        continue;
      if (std::optional<llvm::StringRef> File = Fields->getString("file")) {
        llvm::SmallString<256> Abs(scratch());
        if (path::is_absolute(*File))
          Abs = *File;
        else
          path::append(Abs, *File);
        path::remove_dots(Abs, /*remove_dot_dot=*/true);
        Out.push_back(std::string(Abs));
      }
    }
  return Out;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::SmallString<256> Db(scratch());
  path::append(Db, "compile_commands.json");
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Db, EC);
    if (EC)
      std::abort();
    OS << Text;
  }
  CommandResolver Resolver(scratch(), std::nullopt,
                           TorchIncludes{{"/usr/include"}, "fuzz"});
  if (llvm::Error E = Resolver.init()) {
    llvm::consumeError(std::move(E));
    return 0;
  }
  std::vector<std::string> Files = namedFiles(Text);
  for (const char *Other : {"src/new_file.cpp", "include/model.h", "x.cu"}) {
    llvm::SmallString<256> P(scratch());
    path::append(P, Other);
    Files.push_back(std::string(P));
  }
  for (const std::string &File : Files) {
    auto Command = Resolver.commandFor(File);
    if (!Command) {
      llvm::consumeError(Command.takeError());
      continue;
    }
    // What the frontend reads from a command before parsing.
    (void)includeDirsOf(*Command);
    (void)Resolver.sourceOf(File);
    if (Command->empty())
      std::abort();
  }
  return 0;
}
