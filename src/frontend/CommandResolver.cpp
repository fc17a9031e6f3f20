//===- CommandResolver.cpp - Compile commands for each file ---------------===//

#include "ReadFence.h"
#include "torchlint/frontend/Frontend.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace torchlint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using clang::tooling::CompilationDatabase;
using clang::tooling::JSONCommandLineSyntax;
using clang::tooling::JSONCompilationDatabase;

CommandResolver::CommandResolver(
    std::optional<std::string> BuildPath,
    std::optional<std::vector<std::string>> FixedFlags,
    std::optional<TorchIncludes> Torch, std::vector<std::string> ReadableRoots)
    : BuildPath(std::move(BuildPath)), FixedFlags(std::move(FixedFlags)),
      Torch(std::move(Torch)), ReadableRoots(std::move(ReadableRoots)) {}

/// The database's text with every relative "directory" made absolute
/// against the database's folder, or none when there is none to change.
/// Clang keys such entries by a relative path that no file matches, but
/// hand-written and sandboxed-build databases say "." or "..".
static std::optional<std::string>
withAbsoluteDirectories(llvm::StringRef File) {
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return std::nullopt;
  // A first look at the text, so that the usual database (every directory
  // absolute) is not parsed twice.
  static constexpr llvm::StringLiteral Key = "\"directory\"";
  llvm::StringRef Text = (*Buffer)->getBuffer();
  bool MaybeRelative = false;
  for (size_t At = Text.find(Key);
       At != llvm::StringRef::npos && !MaybeRelative;
       At = Text.find(Key, At + Key.size())) {
    llvm::StringRef Rest = Text.substr(At + Key.size()).ltrim();
    if (Rest.consume_front(":")) {
      Rest = Rest.ltrim();
      MaybeRelative = Rest.consume_front("\"") && !Rest.starts_with("/");
    }
  }
  if (!MaybeRelative)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Text);
  if (!Doc) {
    // Clang's own parse says what is wrong.
    llvm::consumeError(Doc.takeError());
    return std::nullopt;
  }
  llvm::SmallString<256> Folder(path::parent_path(File));
  fs::make_absolute(Folder);
  bool Changed = false;
  if (llvm::json::Array *Entries = Doc->getAsArray())
    for (llvm::json::Value &Entry : *Entries) {
      llvm::json::Object *Fields = Entry.getAsObject();
      std::optional<llvm::StringRef> Dir =
          Fields ? Fields->getString("directory") : std::nullopt;
      if (!Dir || path::is_absolute(*Dir))
        continue;
      llvm::SmallString<256> Abs(Folder);
      path::append(Abs, *Dir);
      path::remove_dots(Abs, /*remove_dot_dot=*/true);
      (*Fields)["directory"] = std::string(Abs);
      Changed = true;
    }
  if (!Changed)
    return std::nullopt;
  return llvm::formatv("{0}", *Doc).str();
}

/// Loads compile_commands.json from a directory or names the file itself.
static llvm::Expected<std::unique_ptr<CompilationDatabase>>
loadJson(llvm::StringRef Where, const std::vector<std::string> &Roots) {
  llvm::SmallString<256> File(Where);
  if (fs::is_directory(File))
    path::append(File, "compile_commands.json");
  if (!fs::exists(File))
    return llvm::createStringError(std::errc::no_such_file_or_directory,
                                   "no compile_commands.json in '%s'",
                                   Where.str().c_str());
  std::string Error;
  std::unique_ptr<JSONCompilationDatabase> DB;
  if (std::optional<std::string> Fixed = withAbsoluteDirectories(File))
    DB = JSONCompilationDatabase::loadFromBuffer(
        *Fixed, Error, JSONCommandLineSyntax::AutoDetect);
  else
    DB = JSONCompilationDatabase::loadFromFile(
        File, Error, JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return llvm::createStringError(std::errc::invalid_argument,
                                   "cannot load '%s': %s", File.c_str(),
                                   Error.c_str());
  // With no entry there is no command to give any file, nor one to infer.
  if (DB->getAllFiles().empty())
    return llvm::createStringError(std::errc::invalid_argument,
                                   "'%s' lists no compile commands",
                                   File.c_str());
  // Flags in response files (@file, relative to each command's directory)
  // are read as the compiler would, from the project's folders and the
  // database's own only: `@/etc/shadow` would make the file's words
  // arguments, and the errors about them would show them.
  std::vector<std::string> RspRoots = Roots;
  if (!RspRoots.empty())
    RspRoots.push_back(path::parent_path(File).str());
  // Headers and files added since the last configure get the command of
  // the most similar file, as clang-tidy does.
  return clang::tooling::inferMissingCompileCommands(
      clang::tooling::expandResponseFiles(
          std::move(DB),
          fencedFileSystem(llvm::vfs::getRealFileSystem(), RspRoots, nullptr)));
}

llvm::Error CommandResolver::init() {
  if (!BuildPath)
    return llvm::Error::success();
  auto DB = loadJson(*BuildPath, ReadableRoots);
  if (!DB)
    return DB.takeError();
  Explicit = std::move(*DB);
  return llvm::Error::success();
}

llvm::Expected<CompilationDatabase *>
CommandResolver::databaseAbove(llvm::StringRef File) {
  llvm::SmallString<256> Dir(File);
  path::remove_filename(Dir);
  std::vector<std::string> Visited;
  // The folder whose database serves File; "" when none does.
  std::string Holder;
  for (; !Dir.empty(); path::remove_filename(Dir)) {
    std::string Key(Dir);
    if (auto It = NearestOf.find(Key); It != NearestOf.end()) {
      Holder = It->second;
      break;
    }
    Visited.push_back(Key);
    // As clangd looks: the folder's own database, else the one CMake's
    // usual out-of-source build folder holds (build/).
    for (llvm::StringRef Sub : {"", "build"}) {
      llvm::SmallString<256> Folder(Dir);
      path::append(Folder, Sub);
      llvm::SmallString<256> Candidate(Folder);
      path::append(Candidate, "compile_commands.json");
      if (!fs::exists(Candidate))
        continue;
      auto DB = loadJson(Folder, ReadableRoots);
      if (!DB)
        return DB.takeError();
      Sources[Key] = std::string(Candidate);
      ByDir[Key] = std::move(*DB);
      Holder = Key;
      break;
    }
    if (!Holder.empty() || Dir == path::root_path(Dir))
      break;
  }
  // Remember the answer for every folder on the way up, the database's
  // own folder included: the next file of any of them stops there. A
  // folder with no database above it remembers "", so the walk is done
  // once per folder. (Remembering "none" for the folders below a found
  // database gave every file after the first the default flags.)
  for (const std::string &V : Visited)
    NearestOf.emplace(V, Holder);
  return Holder.empty() ? nullptr : ByDir[Holder].get();
}

std::string CommandResolver::sourceOf(llvm::StringRef File) const {
  if (FixedFlags)
    return "flags after --";
  if (BuildPath)
    return *BuildPath;
  // The answer commandFor's walk recorded for the file's folder.
  auto It = NearestOf.find(path::parent_path(File).str());
  if (It == NearestOf.end() || It->second.empty())
    return "";
  auto Source = Sources.find(It->second);
  return Source == Sources.end() ? "" : Source->second;
}

llvm::Expected<std::vector<std::string>>
CommandResolver::commandFor(llvm::StringRef File) {
  CompilationDatabase *DB = Explicit.get();
  if (!DB && !FixedFlags) {
    auto Above = databaseAbove(File);
    if (!Above)
      return Above.takeError();
    DB = *Above;
  }
  if (DB) {
    std::vector<clang::tooling::CompileCommand> Commands =
        DB->getCompileCommands(File);
    if (!Commands.empty()) {
      std::vector<std::string> Line = Commands.front().CommandLine;
      // Relative paths in the command are relative to its directory.
      Line.insert(Line.begin() + 1,
                  "-working-directory=" + Commands.front().Directory);
      return analyseHeaderAsSource(std::move(Line), File);
    }
  }
  std::vector<std::string> Line = {"clang++"};
  if (FixedFlags)
    Line.insert(Line.end(), FixedFlags->begin(), FixedFlags->end());
  else
    Line.push_back("-std=c++17");
  // The detected LibTorch folders come after the user's own, and only where
  // the user's flags do not already reach torch/torch.h.
  if (Torch && !(FixedFlags && reachesTorchHeaders(*FixedFlags)))
    for (const std::string &Dir : Torch->Dirs) {
      Line.push_back("-isystem");
      Line.push_back(Dir);
    }
  Line.push_back(File.str());
  return analyseHeaderAsSource(std::move(Line), File);
}

bool isHeaderPath(llvm::StringRef File) {
  llvm::StringRef Ext = path::extension(File);
  return Ext == ".h" || Ext == ".hh" || Ext == ".hpp" || Ext == ".hxx" ||
         Ext == ".h++" || Ext == ".cuh" || Ext == ".inl" || Ext == ".ipp";
}

std::vector<std::string> includeDirsOf(llvm::ArrayRef<std::string> Args,
                                       llvm::ArrayRef<llvm::StringRef> Flags) {
  std::vector<std::string> Dirs;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    for (llvm::StringRef Flag : Flags)
      if (A.starts_with(Flag)) {
        if (A == Flag && I + 1 < Args.size())
          Dirs.push_back(Args[++I]);
        else if (A != Flag)
          Dirs.push_back(A.drop_front(Flag.size()).str());
        break;
      }
  }
  return Dirs;
}

bool reachesTorchHeaders(llvm::ArrayRef<std::string> Flags) {
  return llvm::any_of(includeDirsOf(Flags), [](const std::string &Dir) {
    llvm::SmallString<256> Probe(Dir);
    path::append(Probe, "torch", "torch.h");
    return fs::exists(Probe);
  });
}

std::vector<std::string> analyseHeaderAsSource(std::vector<std::string> Line,
                                               llvm::StringRef File) {
  if (!isHeaderPath(File) || Line.empty())
    return Line;
  // A header on the command line would be precompiled (a second job, not a
  // parse): drop the command's own -x and parse the header as C++ source.
  std::vector<std::string> Out = {Line.front()};
  for (size_t I = 1; I < Line.size(); ++I) {
    llvm::StringRef A = Line[I];
    if (A == "-x" && I + 1 < Line.size())
      ++I;
    else if (!(A.starts_with("-x") && A.size() > 2))
      Out.push_back(Line[I]);
  }
  // The file is the last argument that names it.
  for (size_t I = Out.size(); I-- > 1;)
    if (path::filename(Out[I]) == path::filename(File)) {
      Out.insert(Out.begin() + I, {"-x", "c++"});
      break;
    }
  return Out;
}

} // namespace torchlint
