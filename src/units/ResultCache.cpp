//===- ResultCache.cpp - Unit results reused across runs and machines -----===//

#include "torchlint/units/ResultCache.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

#ifndef TORCHLINT_VERSION
#define TORCHLINT_VERSION "0.0.0"
#endif

namespace torchlint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using nlohmann::json;

/// Entries of another layout live in another folder, so old and new
/// torchlint builds sharing a cache ignore each other's entries.
static constexpr const char *Layout = "results-v1";

namespace {
/// Feeds strings to a BLAKE3 hash with separators, so ("ab","c") and
/// ("a","bc") differ.
class KeyHasher {
public:
  void add(llvm::StringRef S) {
    Hash.update(S);
    Hash.update(llvm::StringRef("\0", 1));
  }
  std::string hex() {
    auto Out = Hash.final();
    return llvm::toHex(Out, /*LowerCase=*/true);
  }

private:
  llvm::BLAKE3 Hash;
};
} // namespace

static std::string hashOfBuffer(llvm::StringRef Data) {
  auto Out = llvm::BLAKE3::hash(llvm::arrayRefFromStringRef(Data));
  return llvm::toHex(Out, /*LowerCase=*/true);
}

std::string toolIdentity() {
  static std::string Id = [] {
    // Any address in this binary finds it.
    std::string Exe =
        fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&toolIdentity));
    auto Buffer = llvm::MemoryBuffer::getFile(Exe, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    // Without its own bytes the build cannot be told apart: never share.
    if (!Buffer)
      return std::string("unidentified-") + std::to_string(::getpid());
    return hashOfBuffer((*Buffer)->getBuffer());
  }();
  return Id;
}

InputStamp stampOf(llvm::StringRef Path, bool ByContent) {
  InputStamp S;
  S.Path = Path.str();
  S.ByContent = ByContent;
  if (ByContent) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    S.Hash = Buffer ? hashOfBuffer((*Buffer)->getBuffer()) : "missing";
    return S;
  }
  fs::file_status St;
  if (fs::status(Path, St)) {
    S.Size = ~0ULL;
    return S;
  }
  S.Size = St.getSize();
  S.MTime = std::chrono::duration_cast<std::chrono::nanoseconds>(
                St.getLastModificationTime().time_since_epoch())
                .count();
  return S;
}

bool stampMatches(const InputStamp &S) {
  InputStamp Now = stampOf(S.Path, S.ByContent);
  return S.ByContent ? Now.Hash == S.Hash
                     : Now.Size == S.Size && Now.MTime == S.MTime;
}

std::optional<std::string>
ResultCache::keyOf(llvm::StringRef File,
                   const std::vector<std::string> &Command,
                   const EffectiveConfig &Config, const UnitJob &Job) {
  if (Job.ResultCacheDir.empty() || Job.Parse.Verify ||
      !Job.Parse.UnsavedFiles.empty())
    return std::nullopt;
  KeyHasher K;
  K.add(Layout);
  K.add(Job.ToolId);
  K.add(TORCHLINT_VERSION);
  K.add(clang::getClangFullVersion());
  K.add(File);
  // Relative paths in the command resolve against the working directory.
  llvm::SmallString<256> Cwd;
  fs::current_path(Cwd);
  K.add(Cwd);
  K.add(std::to_string(Command.size()));
  for (const std::string &A : Command)
    K.add(A);
  K.add(Config.Checks);
  K.add(Config.WarningsAsErrors);
  K.add(Config.HeaderFilterRegex);
  for (const auto &[Name, Value] : Config.Options.all()) {
    K.add(Name);
    K.add(Value);
  }
  K.add(Job.Parse.ResourceDir);
  K.add(Job.Parse.SkipLibraryBodies ? "skip-bodies" : "bodies");
  K.add(Job.Color ? "color" : "plain");
  // The change filter decides which findings carry an "introduced by" note.
  if (Job.Changes) {
    K.add(Job.SrcRoot);
    K.add(Job.Changes->toJson());
    for (const Deletion &D : Job.Changes->Deletions) {
      K.add(D.File);
      K.add(std::to_string(D.After));
      for (const std::string &L : D.Lines)
        K.add(L);
    }
  }
  return K.hex();
}

std::string ResultCache::entryPath(llvm::StringRef Key) const {
  llvm::SmallString<256> P(Dir);
  path::append(P, Layout, Key.take_front(2), Key.drop_front(2) + ".json");
  return std::string(P);
}

static json stampToJson(const InputStamp &S) {
  if (S.ByContent)
    return {{"path", S.Path}, {"hash", S.Hash}};
  return {{"path", S.Path}, {"size", S.Size}, {"mtime", S.MTime}};
}

static InputStamp stampFromJson(const json &J) {
  InputStamp S;
  S.Path = J.at("path").get<std::string>();
  S.ByContent = J.contains("hash");
  if (S.ByContent) {
    S.Hash = J.at("hash").get<std::string>();
  } else {
    S.Size = J.at("size").get<uint64_t>();
    S.MTime = J.at("mtime").get<int64_t>();
  }
  return S;
}

std::optional<UnitResult> ResultCache::lookup(llvm::StringRef Key) const {
  std::string Path = entryPath(Key);
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  json Entry = json::parse((*Buffer)->getBuffer().begin(),
                           (*Buffer)->getBuffer().end(), nullptr,
                           /*allow_exceptions=*/false);
  // A damaged or foreign entry is a miss; the unit's run rewrites it.
  if (Entry.is_discarded() || !Entry.is_object())
    return std::nullopt;
  try {
    if (Entry.at("key").get<std::string>() != Key)
      return std::nullopt;
    for (const json &I : Entry.at("inputs"))
      if (!stampMatches(stampFromJson(I)))
        return std::nullopt;
    auto R = unitResultFromJson(Entry.at("result"));
    if (!R) {
      llvm::consumeError(R.takeError());
      return std::nullopt;
    }
    R->Cached = true;
    // The entry's time is its last use: trim() removes the oldest.
    ::utime(Path.c_str(), nullptr);
    return std::move(*R);
  } catch (const json::exception &) {
    return std::nullopt;
  }
}

void ResultCache::store(llvm::StringRef Key, const UnitResult &R) const {
  std::string Path = entryPath(Key);
  if (fs::create_directories(path::parent_path(Path)))
    return;
  json Inputs = json::array();
  for (const InputStamp &S : R.Inputs)
    Inputs.push_back(stampToJson(S));
  json Entry = {{"key", Key},
                {"file", R.File},
                {"inputs", Inputs},
                {"result", unitResultToJson(R)}};
  llvm::SmallString<256> Tmp;
  int FD;
  if (fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Tmp))
    return;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Entry.dump(-1, ' ', false, json::error_handler_t::replace);
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      fs::remove(Tmp);
      return;
    }
  }
  if (fs::rename(Tmp, Path))
    fs::remove(Tmp);
}

unsigned ResultCache::trim() const {
  struct Entry {
    std::string Path;
    uint64_t Size;
    int64_t Used;
  };
  std::vector<Entry> Entries;
  uint64_t Total = 0;
  llvm::SmallString<256> Root(Dir);
  path::append(Root, Layout);
  std::error_code EC;
  for (fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC)) {
    struct stat St;
    if (::stat(It->path().c_str(), &St) || !S_ISREG(St.st_mode))
      continue;
    int64_t Used = int64_t(St.st_mtim.tv_sec) * 1000000000 + St.st_mtim.tv_nsec;
    Entries.push_back({It->path(), uint64_t(St.st_size), Used});
    Total += St.st_size;
  }
  if (Total <= MaxBytes)
    return 0;
  // Oldest first; the path breaks ties so every machine trims alike.
  std::sort(Entries.begin(), Entries.end(), [](const Entry &A, const Entry &B) {
    return std::tie(A.Used, A.Path) < std::tie(B.Used, B.Path);
  });
  // Down to 90%, so that a full cache is not trimmed on every run.
  uint64_t Target = MaxBytes / 10 * 9;
  unsigned Removed = 0;
  for (const Entry &E : Entries) {
    if (Total <= Target)
      break;
    if (!fs::remove(E.Path)) {
      Total -= E.Size;
      ++Removed;
    }
  }
  return Removed;
}

} // namespace torchlint
