//===- Fixes.cpp - Applying fix-its to files ------------------------------===//

#include "torchlint/report/Fixes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace torchlint {

namespace fs = llvm::sys::fs;

std::string applyEditsToText(llvm::StringRef Text,
                             std::vector<PlainEdit> Edits) {
  // From the end backwards, so earlier offsets stay valid.
  std::stable_sort(Edits.begin(), Edits.end(),
                   [](const PlainEdit &A, const PlainEdit &B) {
                     return A.Offset > B.Offset;
                   });
  std::string Out = Text.str();
  for (const PlainEdit &E : Edits)
    if (E.Offset + E.Length <= Out.size())
      Out.replace(E.Offset, E.Length, E.Text);
  return Out;
}

/// True when two edits touch overlapping bytes (two insertions at the same
/// offset also conflict: their order would be a guess).
static bool overlaps(const PlainEdit &A, const PlainEdit &B) {
  if (A.File != B.File)
    return false;
  if (A.Offset == B.Offset)
    return true;
  return A.Offset < B.Offset + B.Length && B.Offset < A.Offset + A.Length;
}

static std::string writeAtomically(llvm::StringRef Path, llvm::StringRef Text) {
  // The rename below needs only the folder's permission; a file its owner
  // made read-only must stay as it is.
  if (std::error_code EC = fs::access(Path, fs::AccessMode::Write))
    return "cannot write '" + Path.str() + "': " + EC.message();
  llvm::SmallString<256> Tmp;
  llvm::SmallString<256> Model(Path);
  Model += ".torchlint-%%%%%%";
  int FD;
  if (std::error_code EC = fs::createUniqueFile(Model, FD, Tmp))
    return "cannot create a temporary file beside '" + Path.str() +
           "': " + EC.message();
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.flush();
    if (OS.has_error()) {
      OS.clear_error();
      fs::remove(Tmp);
      return "cannot write '" + std::string(Tmp) + "'";
    }
  }
  // Keep the original's permissions.
  fs::file_status St;
  if (!fs::status(Path, St))
    fs::setPermissions(Tmp, St.permissions());
  if (std::error_code EC = fs::rename(Tmp, Path)) {
    fs::remove(Tmp);
    return "cannot replace '" + Path.str() + "': " + EC.message();
  }
  return "";
}

FixOutcome applyFixes(const std::vector<FindingRecord> &Findings,
                      const FixVerifier &Verify) {
  FixOutcome Out;
  std::map<std::string, std::vector<PlainEdit>> ByFile;
  std::vector<PlainEdit> Accepted;
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> Seen;
  for (const FindingRecord &F : Findings) {
    std::vector<PlainEdit> Mine;
    for (const PlainEdit &E : F.Edits)
      // The same fix reached through two units (a shared header) once.
      if (Seen.insert({E.File, E.Offset, E.Length, E.Text}).second)
        Mine.push_back(E);
    bool Conflict = llvm::any_of(Mine, [&](const PlainEdit &E) {
      return llvm::any_of(Accepted,
                          [&](const PlainEdit &A) { return overlaps(A, E); });
    });
    if (Conflict) {
      Out.Problems.push_back(F.Loc.File + ":" + std::to_string(F.Loc.Line) +
                             ": fix-it for [" + F.Rule->Id.str() +
                             "] conflicts with another fix-it; not applied");
      continue;
    }
    for (const PlainEdit &E : Mine) {
      Accepted.push_back(E);
      ByFile[E.File].push_back(E);
    }
  }
  std::map<std::string, std::string> NewTexts;
  for (auto &[File, Edits] : ByFile) {
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer) {
      Out.Problems.push_back("cannot read '" + File +
                             "': " + Buffer.getError().message());
      continue;
    }
    NewTexts[File] = applyEditsToText((*Buffer)->getBuffer(), Edits);
  }
  std::map<std::string, std::string> Rejected;
  if (Verify && !NewTexts.empty())
    Rejected = Verify(NewTexts);
  for (auto &[File, Text] : NewTexts) {
    if (auto It = Rejected.find(File); It != Rejected.end()) {
      Out.Problems.push_back("fix-its for '" + File +
                             "' not applied: " + It->second);
      continue;
    }
    if (std::string Error = writeAtomically(File, Text); !Error.empty()) {
      Out.Problems.push_back(Error);
      continue;
    }
    ++Out.FilesChanged;
    Out.EditsApplied += ByFile[File].size();
  }
  return Out;
}

} // namespace torchlint
