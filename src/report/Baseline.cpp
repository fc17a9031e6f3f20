//===- Baseline.cpp - Fingerprints, baselines and changed-line filters ----===//

#include "torchlint/report/Baseline.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

namespace torchlint {

using nlohmann::json;

static llvm::Error failure(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

/// File with symbolic links resolved, or File itself when it does not exist.
static std::string realPathOr(llvm::StringRef File) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(File, Real))
    return File.str();
  return std::string(Real);
}

/// File below Root, without the leading '/', or none.
static std::optional<std::string> below(llvm::StringRef File,
                                        llvm::StringRef Root) {
  llvm::SmallString<256> F(File), R(Root);
  llvm::sys::path::remove_dots(F, true);
  llvm::sys::path::remove_dots(R, true);
  if (R.empty() || !llvm::sys::path::replace_path_prefix(F, R, ""))
    return std::nullopt;
  return llvm::sys::path::convert_to_slash(llvm::StringRef(F).ltrim('/'));
}

std::string relativeToRoot(llvm::StringRef File, llvm::StringRef Root) {
  if (std::optional<std::string> Rel = below(File, Root))
    return *Rel;
  // git names the root by its real path; clang names files by the path they
  // were given, which may pass through a symbolic link.
  if (std::optional<std::string> Rel =
          below(realPathOr(File), realPathOr(Root)))
    return *Rel;
  return llvm::sys::path::convert_to_slash(File);
}

/// Whitespace-insensitive line text, so reindenting does not change it.
static std::string normalizeLine(llvm::StringRef Line) {
  std::string Out;
  bool Space = false;
  for (char C : Line.trim()) {
    if (llvm::isSpace(C)) {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out;
}

void assignFingerprints(std::vector<FindingRecord> &Records,
                        llvm::StringRef Root) {
  Fingerprinter F(Root);
  for (FindingRecord &R : Records)
    F.assign(R);
}

/// A message without its digits: messages cite line numbers ("chosen at run
/// time at line 34"), which move with unrelated edits.
static std::string withoutDigits(llvm::StringRef Message) {
  std::string Out;
  for (char C : Message)
    if (!llvm::isDigit(C))
      Out += C;
  return Out;
}

void Fingerprinter::assign(FindingRecord &R) {
  // Every part is a named string: a range-for over temporaries would hash
  // destroyed buffers.
  std::vector<std::string> Parts = {
      R.Rule ? R.Rule->Id.str() : "?", relativeToRoot(R.Loc.File, Root),
      normalizeLine(R.LineText), withoutDigits(R.Message)};
  // The provenance, by text and not by file or line: a tensor born on a new
  // line makes a new finding even where the crash line and message stay,
  // and moving code (or renaming the header it is in) does not. The tie to
  // a change is not provenance: it depends on the diff.
  for (const PlainNote &N : R.Notes) {
    Parts.push_back(normalizeLine(N.LineText));
    Parts.push_back(withoutDigits(N.Message));
  }
  llvm::SHA1 Hash;
  // Separators that cannot appear in the parts keep "a|bc" != "ab|c".
  for (const std::string &Part : Parts) {
    Hash.update(Part);
    Hash.update(llvm::StringRef("\0", 1));
  }
  std::string Key = llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 32);
  unsigned Index = Seen[Key]++;
  R.Fingerprint = Key + ":" + std::to_string(Index);
}

llvm::Expected<Baseline> readBaseline(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return failure("cannot read baseline '" + Path +
                   "': " + Buffer.getError().message());
  return parseBaseline((*Buffer)->getBuffer(), Path);
}

llvm::Expected<Baseline> parseBaseline(llvm::StringRef Text,
                                       llvm::StringRef Path) {
  json Doc = json::parse(Text.str(), nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object() || !Doc.contains("findings") ||
      !Doc["findings"].is_array())
    return failure("'" + Path + "' is not a torchlint baseline");
  unsigned Version =
      Doc.contains("version") && Doc["version"].is_number_unsigned()
          ? Doc["version"].get<unsigned>()
          : 0;
  if (Version != FingerprintVersion)
    return failure("'" + Path + "' holds fingerprints of version " +
                   llvm::Twine(Version) + "; this torchlint computes version " +
                   llvm::Twine(FingerprintVersion) +
                   " (the provenance counts now): record it again with "
                   "--write-baseline");
  Baseline B;
  for (const json &F : Doc["findings"])
    if (F.is_object() && F.contains("fingerprint") &&
        F["fingerprint"].is_string())
      B.Fingerprints.insert(F["fingerprint"].get<std::string>());
  return B;
}

llvm::Error writeBaseline(llvm::StringRef Path,
                          const std::vector<FindingRecord> &Records,
                          llvm::StringRef Root) {
  json Findings = json::array();
  for (const FindingRecord &R : Records)
    Findings.push_back({{"fingerprint", R.Fingerprint},
                        {"rule", R.Rule ? R.Rule->Id.str() : ""},
                        {"file", relativeToRoot(R.Loc.File, Root)},
                        {"message", R.Message}});
  json Doc = {{"version", FingerprintVersion},
              {"tool", "torchlint"},
              {"findings", Findings}};
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC)
    return failure("cannot write baseline '" + Path + "': " + EC.message());
  OS << Doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
  return llvm::Error::success();
}

llvm::Expected<LineFilter> LineFilter::fromJson(llvm::StringRef Text) {
  json Doc = json::parse(Text.str(), nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_array())
    return failure("--line-filter: expected a JSON array of "
                   "{\"name\": ..., \"lines\": [[first, last], ...]}");
  LineFilter Out;
  for (const json &Entry : Doc) {
    if (!Entry.is_object() || !Entry.contains("name") ||
        !Entry["name"].is_string())
      return failure("--line-filter: every entry needs a \"name\"");
    std::vector<std::pair<unsigned, unsigned>> Ranges;
    if (Entry.contains("lines")) {
      for (const json &R : Entry["lines"]) {
        if (!R.is_array() || R.size() != 2 || !R[0].is_number_unsigned() ||
            !R[1].is_number_unsigned())
          return failure("--line-filter: \"lines\" holds [first, last] pairs");
        Ranges.push_back({R[0].get<unsigned>(), R[1].get<unsigned>()});
      }
    }
    Out.Files.push_back({Entry["name"].get<std::string>(), Ranges});
  }
  return Out;
}

/// Reads "a,b" or "a" of a hunk header (b defaults to 1).
static bool parseHunkSide(llvm::StringRef Side, unsigned &First,
                          unsigned &Count) {
  auto [Start, N] = Side.split(',');
  Count = 1;
  return !Start.getAsInteger(10, First) &&
         (N.empty() || !N.getAsInteger(10, Count));
}

LineFilter LineFilter::fromGitDiff(llvm::StringRef Diff, llvm::StringRef Root) {
  LineFilter Out;
  std::string Current;
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  auto Flush = [&] {
    if (!Current.empty() && !Ranges.empty())
      Out.Files.push_back({Current, Ranges});
    Ranges.clear();
  };
  // Lines of the current hunk still to come: with -U0 a hunk is its removed
  // lines, then its added ones. Counting them keeps a removed "-- x" or an
  // added "++ x" from reading as a file header.
  unsigned OldLeft = 0, NewLeft = 0;
  Deletion *Pending = nullptr;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    if (OldLeft && L.starts_with("-")) {
      --OldLeft;
      if (Pending)
        Pending->Lines.push_back(L.drop_front().str());
      continue;
    }
    if (NewLeft && L.starts_with("+")) {
      --NewLeft;
      continue;
    }
    if (L.starts_with("\\"))
      continue; // "\ No newline at end of file".
    OldLeft = NewLeft = 0;
    Pending = nullptr;
    if (L.starts_with("+++ ")) {
      Flush();
      Current.clear();
      llvm::StringRef Name = L.drop_front(4).rtrim();
      if (Name == "/dev/null")
        continue; // A deleted file has no lines to report.
      Name.consume_front("b/");
      llvm::SmallString<256> Abs(Root);
      llvm::sys::path::append(Abs, Name);
      Current = std::string(Abs);
    } else if (L.starts_with("@@ ")) {
      // "@@ -a,b +c,d @@": d lines from c are new; d == 0 deletes b lines
      // that stood between new lines c and c + 1.
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      L.split(Parts, ' ', 3);
      unsigned OldFirst = 0, NewFirst = 0;
      if (Parts.size() < 3 || !Parts[1].starts_with("-") ||
          !Parts[2].starts_with("+") ||
          !parseHunkSide(Parts[1].drop_front(), OldFirst, OldLeft) ||
          !parseHunkSide(Parts[2].drop_front(), NewFirst, NewLeft)) {
        OldLeft = NewLeft = 0;
        continue;
      }
      if (Current.empty())
        continue;
      if (NewLeft > 0) {
        Ranges.push_back({NewFirst, NewFirst + NewLeft - 1});
      } else if (OldLeft > 0) {
        Out.Deletions.push_back({Current, NewFirst, {}});
        Pending = &Out.Deletions.back();
      }
    }
  }
  Flush();
  return Out;
}

void LineFilter::addWholeFile(llvm::StringRef File, llvm::StringRef Root) {
  llvm::SmallString<256> Abs(Root);
  llvm::sys::path::append(Abs, File);
  Files.push_back({std::string(Abs), {}});
}

std::string LineFilter::toJson() const {
  json Doc = json::array();
  for (const auto &[Name, Ranges] : Files) {
    json Entry = {{"name", Name}};
    if (!Ranges.empty()) {
      json Lines = json::array();
      for (auto [First, Last] : Ranges)
        Lines.push_back({First, Last});
      Entry["lines"] = Lines;
    }
    Doc.push_back(Entry);
  }
  return Doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool LineFilter::contains(llvm::StringRef File, unsigned Line) const {
  auto Holds = [&](llvm::StringRef Path) {
    for (const auto &[Name, Ranges] : Files) {
      if (!Path.ends_with(Name))
        continue;
      if (Ranges.empty())
        return true;
      for (auto [First, Last] : Ranges)
        if (First <= Line && Line <= Last)
          return true;
    }
    return false;
  };
  if (Holds(File))
    return true;
  // git names files by their real paths, clang by the paths it was given: a
  // work tree reached through a symbolic link must not filter out everything.
  std::string Real = realPathOr(File);
  return Real != File && Holds(Real);
}

/// The names a finding quotes ('labels', 'model'): the tensors, modules and
/// devices its provenance is about.
static std::set<std::string> quotedNames(const FindingRecord &R) {
  std::set<std::string> Names;
  auto Collect = [&](llvm::StringRef Text) {
    while (true) {
      size_t Open = Text.find('\'');
      if (Open == llvm::StringRef::npos)
        return;
      size_t Close = Text.find('\'', Open + 1);
      if (Close == llvm::StringRef::npos)
        return;
      llvm::StringRef Name = Text.slice(Open + 1, Close);
      if (!Name.empty() && !llvm::isDigit(Name.front()) &&
          llvm::all_of(Name,
                       [](char C) { return llvm::isAlnum(C) || C == '_'; }))
        Names.insert(Name.str());
      Text = Text.drop_front(Close + 1);
    }
  };
  Collect(R.Message);
  for (const PlainNote &N : R.Notes)
    Collect(N.Message);
  return Names;
}

/// True when Code (a removed line, comments aside) uses Name as a whole
/// identifier.
static bool usesName(llvm::StringRef Code, llvm::StringRef Name) {
  Code = Code.take_front(Code.find("//"));
  auto IsIdent = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (size_t At = Code.find(Name); At != llvm::StringRef::npos;
       At = Code.find(Name, At + 1)) {
    bool Before = At > 0 && IsIdent(Code[At - 1]);
    size_t End = At + Name.size();
    bool After = End < Code.size() && IsIdent(Code[End]);
    if (!Before && !After)
      return true;
  }
  return false;
}

std::optional<ChangeTie> LineFilter::tieOf(const FindingRecord &R) const {
  if (contains(R.Loc.File, R.Loc.Line))
    return ChangeTie{0, R.Loc, ""};
  for (size_t I = 0; I < R.Notes.size(); ++I) {
    const PlainLocation &L = R.Notes[I].Loc;
    if (!L.File.empty() && contains(L.File, L.Line))
      return ChangeTie{I + 1, L, ""};
  }
  if (Deletions.empty())
    return std::nullopt;
  // Deleting a line adds none, so no location of the finding is on a changed
  // line: `labels = labels.to(device);` deleted between the labels' birth
  // and the loss. A deletion ties when it lies between two locations of the
  // provenance in one file and removed code that names one of the finding's
  // tensors; a deleted comment or an unrelated statement does not.
  std::set<std::string> Names = quotedNames(R);
  std::vector<const PlainLocation *> Locs = {&R.Loc};
  for (const PlainNote &N : R.Notes)
    Locs.push_back(&N.Loc);
  for (const Deletion &D : Deletions) {
    unsigned Below = 0, Above = 0; // Locations before and after the gap.
    std::string DeletedIn = realPathOr(D.File);
    for (const PlainLocation *L : Locs) {
      if (L->File != D.File && realPathOr(L->File) != DeletedIn)
        continue;
      Below += L->Line <= D.After;
      Above += L->Line > D.After;
    }
    if (!Below || !Above)
      continue;
    for (const std::string &Removed : D.Lines)
      for (const std::string &Name : Names)
        if (usesName(Removed, Name))
          return ChangeTie{R.Notes.size() + 1,
                           PlainLocation{D.File, D.After + 1, 1, 0},
                           llvm::StringRef(Removed).trim().str()};
  }
  return std::nullopt;
}

std::string introducedMessage(const ChangeTie &Tie, llvm::StringRef Root) {
  std::string Out = "introduced by the change at " +
                    relativeToRoot(Tie.Loc.File, Root) + ":" +
                    std::to_string(Tie.Loc.Line);
  if (!Tie.Deleted.empty())
    Out += ", which deleted '" + Tie.Deleted + "'";
  return Out;
}

} // namespace torchlint
