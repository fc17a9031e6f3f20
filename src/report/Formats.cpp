//===- Formats.cpp - Findings as JSON, SARIF and clang-tidy YAML ----------===//

#include "torchlint/report/Formats.h"

#include "torchlint/report/Baseline.h"
#include "torchlint/report/RuleDocs.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#ifndef TORCHLINT_VERSION
#define TORCHLINT_VERSION "0.0.0"
#endif

namespace torchlint {

using nlohmann::json;

std::map<std::string, unsigned>
findingsByRule(const std::vector<FindingRecord> &Records) {
  std::map<std::string, unsigned> Out;
  for (const FindingRecord &R : Records)
    ++Out[R.Rule->Id.str()];
  return Out;
}

static json locationToJson(const PlainLocation &L) {
  json J = {{"file", L.File},
            {"line", L.Line},
            {"column", L.Column},
            {"offset", L.Offset}};
  if (L.Utf16Column)
    J["utf16_column"] = L.Utf16Column;
  return J;
}

json noteToJson(const PlainNote &N) {
  json Note = locationToJson(N.Loc);
  Note["message"] = N.Message;
  Note["line_text"] = N.LineText;
  return Note;
}

static PlainLocation locationFromJson(const json &J);

PlainNote noteFromJson(const json &N) {
  return PlainNote{locationFromJson(N), N.value("message", ""),
                   N.value("line_text", "")};
}

json pendingToJson(const RunSummary &Summary) {
  json Pending = json::array();
  for (const PendingRecord &P : Summary.Pending) {
    json J = recordToJson(P.Record);
    J["after"] = P.After;
    J["program"] = P.Program;
    Pending.push_back(J);
  }
  json Sites = json::array();
  for (const SiteRecord &S : Summary.Sites) {
    json J = noteToJson(S.Note);
    J["fact"] = S.Fact.str();
    J["unit"] = S.Unit;
    J["program"] = S.Program;
    Sites.push_back(J);
  }
  return {{"pending", Pending}, {"sites", Sites}};
}

llvm::Error pendingFromJson(const json &J, RunSummary &Summary) {
  for (const json &F : J.value("pending", json::array())) {
    auto R = recordFromJson(F);
    if (!R)
      return R.takeError();
    Summary.Pending.push_back(
        {std::move(*R), F.value("after", ""), F.value("program", "")});
  }
  for (const json &S : J.value("sites", json::array()))
    // A fact of a newer release's shard is none this one can settle.
    if (ProjectFact Fact = ProjectFact::parse(S.value("fact", ""));
        !Fact.empty())
      Summary.Sites.push_back({std::move(Fact), noteFromJson(S),
                               S.value("unit", ""), S.value("program", "")});
  return llvm::Error::success();
}

json recordToJson(const FindingRecord &R) {
  json J = {
      {"rule", R.Rule->Id.str()}, {"severity", severityName(R.Level).str()},
      {"file", R.Loc.File},       {"line", R.Loc.Line},
      {"column", R.Loc.Column},   {"offset", R.Loc.Offset},
      {"message", R.Message},     {"line_text", R.LineText}};
  if (R.Loc.Utf16Column)
    J["utf16_column"] = R.Loc.Utf16Column;
  if (!R.Fingerprint.empty())
    J["fingerprint"] = R.Fingerprint;
  if (!R.Unit.empty())
    J["unit"] = R.Unit;
  if (!R.Needs.empty()) {
    json Needs = json::array();
    for (const Need &N : R.Needs)
      Needs.push_back(N.str());
    J["needs"] = Needs;
  }
  json Notes = json::array();
  for (const PlainNote &N : R.Notes)
    Notes.push_back(noteToJson(N));
  J["notes"] = Notes;
  // Only under --diff or --line-filter; text shows it as the last note.
  if (R.IntroducedBy)
    J["introduced_by"] = noteToJson(*R.IntroducedBy);
  json Fixes = json::array();
  for (const PlainEdit &E : R.Edits)
    Fixes.push_back({{"file", E.File},
                     {"offset", E.Offset},
                     {"length", E.Length},
                     {"replacement", E.Text}});
  J["fixes"] = Fixes;
  return J;
}

static PlainLocation locationFromJson(const json &J) {
  PlainLocation L;
  L.File = J.value("file", "");
  L.Line = J.value("line", 0u);
  L.Column = J.value("column", 0u);
  L.Offset = J.value("offset", 0u);
  L.Utf16Column = J.value("utf16_column", 0u);
  return L;
}

llvm::Expected<FindingRecord> recordFromJson(const json &J) {
  FindingRecord R;
  std::string Id = J.value("rule", "");
  R.Rule = findReportedRule(Id);
  if (!R.Rule)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "unknown rule '" + Id + "'");
  std::string Level = J.value("severity", "warning");
  R.Level = Level == "error"  ? Severity::Error
            : Level == "note" ? Severity::Note
                              : Severity::Warning;
  R.Loc = locationFromJson(J);
  R.Message = J.value("message", "");
  R.LineText = J.value("line_text", "");
  R.Fingerprint = J.value("fingerprint", "");
  R.Unit = J.value("unit", "");
  // One fact as a string (shards of earlier releases), or a list. A
  // finding that needs a fact this release cannot read is not guessed at.
  std::vector<std::string> Needs;
  if (const auto It = J.find("needs"); It != J.end() && It->is_string())
    Needs = {It->get<std::string>()};
  else
    Needs = J.value("needs", std::vector<std::string>());
  for (const std::string &Text : Needs) {
    std::optional<Need> N = Need::parse(Text);
    if (!N)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "unknown project fact '" + Text + "'");
    R.Needs.push_back(std::move(*N));
  }
  for (const json &N : J.value("notes", json::array()))
    R.Notes.push_back(noteFromJson(N));
  if (J.contains("introduced_by"))
    R.IntroducedBy = noteFromJson(J["introduced_by"]);
  for (const json &E : J.value("fixes", json::array()))
    R.Edits.push_back({E.value("file", ""), E.value("offset", 0u),
                       E.value("length", 0u), E.value("replacement", "")});
  return R;
}

/// S with each byte outside valid UTF-8 made the code point U+10FF00+byte.
static std::string keepBytes(const std::string &S) {
  std::string Out;
  const auto *P = reinterpret_cast<const llvm::UTF8 *>(S.data());
  const auto *End = P + S.size();
  while (P < End) {
    unsigned Len = llvm::getNumBytesForUTF8(*P);
    if (P + Len <= End && llvm::isLegalUTF8Sequence(P, P + Len)) {
      Out.append(reinterpret_cast<const char *>(P), Len);
      P += Len;
      continue;
    }
    unsigned Byte = *P++;
    // U+10FF00 + Byte (Byte >= 0x80) in UTF-8.
    Out += char(0xF4);
    Out += char(0x8F);
    Out += char(0x80 | ((0xFF00 | Byte) >> 6 & 0x3F));
    Out += char(0x80 | (Byte & 0x3F));
  }
  return Out;
}

/// The inverse of keepBytes.
static std::string restoreBytes(const std::string &S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    if (I + 3 < S.size() && uint8_t(S[I]) == 0xF4 &&
        uint8_t(S[I + 1]) == 0x8F &&
        (uint8_t(S[I + 2]) == 0xBE || uint8_t(S[I + 2]) == 0xBF)) {
      Out +=
          char(((uint8_t(S[I + 2]) & 0x3F) << 6 | (uint8_t(S[I + 3]) & 0x3F)) &
               0xFF);
      I += 3;
      continue;
    }
    Out += S[I];
  }
  return Out;
}

template <typename Fn> static json mapStrings(const json &Doc, Fn F) {
  if (Doc.is_string())
    return F(Doc.get<std::string>());
  if (Doc.is_array()) {
    json Out = json::array();
    for (const json &E : Doc)
      Out.push_back(mapStrings(E, F));
    return Out;
  }
  if (Doc.is_object()) {
    json Out = json::object();
    for (auto It = Doc.begin(); It != Doc.end(); ++It)
      Out[F(It.key())] = mapStrings(It.value(), F);
    return Out;
  }
  return Doc;
}

json withBytesKept(const json &Doc) { return mapStrings(Doc, keepBytes); }

json withBytesRestored(const json &Doc) {
  return mapStrings(Doc, restoreBytes);
}

std::string dumpJson(const json &Doc) {
  // JSON text is Unicode: a byte that is no UTF-8 is written as the escape
  // of the lone surrogate U+DC00+byte, Python's surrogateescape, which
  // os.fsencode() turns back into the exact bytes of a file name.
  std::string Text =
      withBytesKept(Doc).dump(2, ' ', false, json::error_handler_t::replace);
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (I + 3 < Text.size() && uint8_t(Text[I]) == 0xF4 &&
        uint8_t(Text[I + 1]) == 0x8F &&
        (uint8_t(Text[I + 2]) == 0xBE || uint8_t(Text[I + 2]) == 0xBF)) {
      unsigned Byte =
          ((uint8_t(Text[I + 2]) & 0x3F) << 6 | (uint8_t(Text[I + 3]) & 0x3F)) &
          0xFF;
      Out += "\\udc" + llvm::utohexstr(Byte, /*LowerCase=*/true, 2);
      I += 3;
      continue;
    }
    Out += Text[I];
  }
  return Out + "\n";
}

json shardToJson(const ShardInfo &S) {
  return {{"index", S.Index},
          {"count", S.Count},
          {"partition", S.Digest},
          {"units_total", S.UnitsTotal}};
}

std::string renderJson(const std::vector<FindingRecord> &Records,
                       const RunSummary &Summary) {
  json Findings = json::array();
  for (const FindingRecord &R : Records)
    Findings.push_back(recordToJson(R));
  json Failed = json::array();
  for (const UnitFailure &F : Summary.Failures)
    Failed.push_back({{"file", F.File}, {"message", F.Message}});
  json ByRule = json::object();
  for (const auto &[Id, N] : findingsByRule(Records))
    ByRule[Id] = N;
  json Units = json::array();
  for (const UnitInfo &U : Summary.Units)
    Units.push_back({{"file", U.File},
                     {"analysed", U.Analysed},
                     {"cached", U.Cached},
                     {"seconds", U.Seconds}});
  json Doc = {{"version", 1},
              {"tool", {{"name", "torchlint"}, {"version", TORCHLINT_VERSION}}},
              {"srcroot", Summary.SrcRoot},
              {"findings", Findings},
              {"summary",
               {{"findings", Records.size()},
                {"by_rule", ByRule},
                {"files_analysed", Summary.FilesAnalysed},
                {"files_failed", Summary.Failures.size()},
                {"failures", Failed},
                {"suppressed", Summary.Suppressed},
                {"outside_filter", Summary.OutsideFilter},
                {"in_baseline", Summary.InBaseline},
                {"seconds", Summary.Seconds}}},
              {"units", Units}};
  if (Summary.Shard) {
    Doc["shard"] = shardToJson(*Summary.Shard);
    Doc.update(pendingToJson(Summary));
  }
  return dumpJson(Doc);
}

std::string uriEncodePath(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/").contains(C))
      Out += C;
    else
      Out += "%" + llvm::utohexstr(C, /*LowerCase=*/false, 2);
  }
  return Out;
}

namespace {

/// Builds SARIF locations relative to the source root.
class SarifLocations {
public:
  explicit SarifLocations(llvm::StringRef Root) : Root(Root) {}

  json artifact(llvm::StringRef File) const {
    std::string Rel = relativeToRoot(File, Root);
    if (llvm::StringRef(Rel).starts_with("/"))
      return {{"uri", "file://" + uriEncodePath(Rel)}};
    return {{"uri", uriEncodePath(Rel)}, {"uriBaseId", "%SRCROOT%"}};
  }

  json physical(const PlainLocation &L) const {
    json Region = {{"startLine", std::max(L.Line, 1u)}};
    if (L.Column)
      Region["startColumn"] = L.Utf16Column ? L.Utf16Column : L.Column;
    return {{"artifactLocation", artifact(L.File)}, {"region", Region}};
  }

  /// Byte offset Offset of File in UTF-16 code units (the run's
  /// columnKind); bytes when the file cannot be read.
  unsigned utf16Offset(const std::string &File, unsigned Offset) {
    auto It = Texts.find(File);
    if (It == Texts.end()) {
      auto Buffer = llvm::MemoryBuffer::getFile(File);
      It =
          Texts.emplace(File, Buffer ? (*Buffer)->getBuffer().str() : "").first;
    }
    const std::string &Text = It->second;
    if (Offset > Text.size())
      return Offset;
    unsigned Units = 0;
    for (size_t I = 0; I < Offset; ++I) {
      unsigned char C = Text[I];
      if ((C & 0xC0) != 0x80)
        Units += C >= 0xF0 ? 2 : 1;
    }
    return Units;
  }

  json location(const PlainLocation &L, llvm::StringRef Message) const {
    json Out = {{"physicalLocation", physical(L)}};
    if (!Message.empty())
      Out["message"] = {{"text", Message.str()}};
    return Out;
  }

  std::string Root;
  std::map<std::string, std::string> Texts;
};

/// A readable rule name distinct from the id, as SARIF wants:
/// "torch-discarded-move" becomes "TorchDiscardedMove".
std::string pascalName(llvm::StringRef Id) {
  std::string Out;
  bool Upper = true;
  for (char C : Id) {
    if (C == '-') {
      Upper = true;
      continue;
    }
    Out += Upper ? llvm::toUpper(C) : C;
    Upper = false;
  }
  return Out;
}

json sarifRule(const RuleInfo &R) {
  std::string Help = ruleHelp(R);
  return {{"id", R.Id.str()},
          {"name", pascalName(R.Id)},
          {"shortDescription", {{"text", R.Summary.str()}}},
          {"fullDescription", {{"text", R.Summary.str() + "."}}},
          {"help", {{"text", Help}, {"markdown", Help}}},
          {"defaultConfiguration",
           {{"level", severityName(R.DefaultSeverity).str()}}},
          {"properties",
           {{"tags", {R.Category.str()}},
            {"precision", "high"},
            {"fix", fixKindName(R.Fix).str()}}}};
}

} // namespace

std::string renderSarif(const std::vector<FindingRecord> &Records,
                        const RunSummary &Summary, llvm::StringRef SrcRoot) {
  SarifLocations Locs(SrcRoot);
  json Rules = json::array();
  std::map<std::string, unsigned> RuleIndex;
  auto AddRule = [&](const RuleInfo &R) {
    RuleIndex[R.Id.str()] = Rules.size();
    Rules.push_back(sarifRule(R));
  };
  for (const RuleInfo &R : allRules())
    AddRule(R);
  AddRule(nolintRule());

  json Results = json::array();
  for (const FindingRecord &R : Records) {
    json Result = {
        {"ruleId", R.Rule->Id.str()},
        {"ruleIndex", RuleIndex[R.Rule->Id.str()]},
        {"level", severityName(R.Level).str()},
        {"message", {{"text", R.Message}}},
        {"locations", {Locs.location(R.Loc, "")}},
    };
    if (!R.Fingerprint.empty())
      Result["partialFingerprints"] = {
          {"torchlintFingerprint/v" + std::to_string(FingerprintVersion),
           R.Fingerprint}};
    json Related = json::array();
    unsigned Id = 1;
    if (!R.Notes.empty()) {
      json Flow = json::array();
      for (const PlainNote &N : R.Notes) {
        json L = Locs.location(N.Loc, N.Message);
        json RL = L;
        RL["id"] = Id++;
        Related.push_back(RL);
        Flow.push_back({{"location", L}});
      }
      // The provenance walk ends at the finding itself.
      Flow.push_back({{"location", Locs.location(R.Loc, R.Message)}});
      Result["codeFlows"] = {{{"threadFlows", {{{"locations", Flow}}}}}};
    }
    // The changed line that ties the finding to the change is related but
    // not provenance: it stays out of the code flow.
    if (R.IntroducedBy) {
      json RL = Locs.location(R.IntroducedBy->Loc, R.IntroducedBy->Message);
      RL["id"] = Id++;
      Related.push_back(RL);
    }
    if (!Related.empty())
      Result["relatedLocations"] = Related;
    if (!R.Edits.empty()) {
      std::map<std::string, json> ByFile;
      for (const PlainEdit &E : R.Edits) {
        // Offsets count UTF-16 code units, like columns.
        unsigned Begin = Locs.utf16Offset(E.File, E.Offset);
        unsigned End = Locs.utf16Offset(E.File, E.Offset + E.Length);
        ByFile[E.File].push_back(
            {{"deletedRegion",
              {{"charOffset", Begin}, {"charLength", End - Begin}}},
             {"insertedContent", {{"text", E.Text}}}});
      }
      json Changes = json::array();
      for (auto &[File, Replacements] : ByFile)
        Changes.push_back({{"artifactLocation", Locs.artifact(File)},
                           {"replacements", Replacements}});
      Result["fixes"] = {{{"description", {{"text", "apply the fix-it"}}},
                          {"artifactChanges", Changes}}};
    }
    Results.push_back(Result);
  }

  json Notifications = json::array();
  for (const UnitFailure &F : Summary.Failures)
    Notifications.push_back(
        {{"level", "error"},
         {"message", {{"text", F.Message}}},
         {"locations",
          {{{"physicalLocation",
             {{"artifactLocation", Locs.artifact(F.File)}}}}}}});

  std::string RootUri = "file://" + uriEncodePath(SrcRoot);
  if (!llvm::StringRef(RootUri).ends_with("/"))
    RootUri += "/";
  json Run = {{"tool",
               {{"driver",
                 {{"name", "torchlint"},
                  {"version", TORCHLINT_VERSION},
                  {"semanticVersion", TORCHLINT_VERSION},
                  {"informationUri", "https://github.com/torchlint/torchlint"},
                  {"rules", Rules}}}}},
              {"originalUriBaseIds", {{"%SRCROOT%", {{"uri", RootUri}}}}},
              {"invocations",
               {{{"executionSuccessful", Summary.Failures.empty()},
                 {"toolExecutionNotifications", Notifications}}}},
              {"columnKind", "utf16CodeUnits"},
              {"results", Results}};
  // A shard's run is a category of its own if uploaded alone; --merge puts
  // the shards back into one run.
  if (Summary.Shard) {
    Run["automationDetails"] = {
        {"id", "torchlint/shard-" + std::to_string(Summary.Shard->Index) +
                   "-of-" + std::to_string(Summary.Shard->Count) + "/"}};
    json Pending = pendingToJson(Summary);
    Pending["srcroot"] = SrcRoot.str();
    Run["properties"] = {{"torchlintShard", shardToJson(*Summary.Shard)},
                         {"torchlintPending", Pending}};
  }
  json Doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", {Run}}};
  return dumpJson(Doc);
}

namespace {
/// Source lines for renderText, read once per file.
class SourceLines {
public:
  /// Line Number of File as it is on disk, when its text still is Expected
  /// (records keep the line trimmed); none when the file changed or is gone.
  std::optional<std::string> line(const std::string &File, unsigned Number,
                                  llvm::StringRef Expected) {
    auto It = Files.find(File);
    if (It == Files.end()) {
      std::vector<std::string> Lines;
      if (auto Buffer = llvm::MemoryBuffer::getFile(File)) {
        llvm::SmallVector<llvm::StringRef, 0> Parts;
        (*Buffer)->getBuffer().split(Parts, '\n');
        for (llvm::StringRef P : Parts)
          Lines.push_back(P.rtrim("\r").str());
      }
      It = Files.emplace(File, std::move(Lines)).first;
    }
    if (Number == 0 || Number > It->second.size() ||
        llvm::StringRef(It->second[Number - 1]).trim() != Expected)
      return std::nullopt;
    return It->second[Number - 1];
  }

private:
  std::map<std::string, std::vector<std::string>> Files;
};
} // namespace

/// A location line, then the source line with a caret under the column
/// (clang's layout) when the file is still as it was analysed, else the
/// recorded line text alone.
static void printLocated(llvm::raw_ostream &OS, SourceLines &Sources,
                         const PlainLocation &L, llvm::StringRef Level,
                         llvm::StringRef Message, llvm::StringRef LineText) {
  OS << L.File << ":" << L.Line << ":" << L.Column << ": " << Level << ": "
     << Message << "\n";
  if (LineText.empty())
    return;
  std::optional<std::string> Line = Sources.line(L.File, L.Line, LineText);
  if (!Line) {
    OS << "  " << LineText << "\n";
    return;
  }
  OS << *Line << "\n";
  // Tabs stay tabs so the caret lines up however the terminal shows them.
  for (unsigned I = 1; I < L.Column && I <= Line->size(); ++I)
    OS << ((*Line)[I - 1] == '\t' ? '\t' : ' ');
  OS << "^\n";
}

std::string renderText(const std::vector<FindingRecord> &Records) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  SourceLines Sources;
  for (const FindingRecord &R : Records) {
    printLocated(OS, Sources, R.Loc, severityName(R.Level),
                 R.Message + " [" + R.Rule->Id.str() + "]", R.LineText);
    for (const PlainNote &N : R.Notes)
      printLocated(OS, Sources, N.Loc, "note", N.Message, N.LineText);
    if (R.IntroducedBy)
      printLocated(OS, Sources, R.IntroducedBy->Loc, "note",
                   R.IntroducedBy->Message, R.IntroducedBy->LineText);
  }
  return Out;
}

/// Escapes a workflow command's message as the Actions runner reads it.
static std::string githubData(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else
      Out += C;
  }
  return Out;
}

/// Escapes a workflow command's property value, where ':' and ',' separate.
static std::string githubProperty(llvm::StringRef Text) {
  std::string Out;
  for (char C : githubData(Text)) {
    if (C == ':')
      Out += "%3A";
    else if (C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

std::string renderGithub(const std::vector<FindingRecord> &Records,
                         llvm::StringRef SrcRoot) {
  std::string Out;
  for (const FindingRecord &R : Records) {
    // The runner knows error, warning and notice.
    llvm::StringRef Level = R.Level == Severity::Error     ? "error"
                            : R.Level == Severity::Warning ? "warning"
                                                           : "notice";
    std::string Message = R.Message + " [" + R.Rule->Id.str() + "]";
    auto NoteLine = [&](const PlainNote &N) {
      Message += "\n" + relativeToRoot(N.Loc.File, SrcRoot) + ":" +
                 std::to_string(N.Loc.Line) + ": note: " + N.Message;
    };
    for (const PlainNote &N : R.Notes)
      NoteLine(N);
    if (R.IntroducedBy)
      NoteLine(*R.IntroducedBy);
    Out += "::" + Level.str() +
           " file=" + githubProperty(relativeToRoot(R.Loc.File, SrcRoot)) +
           ",line=" + std::to_string(R.Loc.Line) +
           ",col=" + std::to_string(R.Loc.Column) +
           ",title=" + githubProperty(R.Rule->Id) + "::" + githubData(Message) +
           "\n";
  }
  return Out;
}

std::string renderExportFixes(const std::vector<FindingRecord> &Records,
                              llvm::StringRef BuildDirectory) {
  namespace tooling = clang::tooling;
  tooling::TranslationUnitDiagnostics TUD;
  for (const FindingRecord &R : Records) {
    tooling::DiagnosticMessage Message(R.Message);
    Message.FilePath = R.Loc.File;
    Message.FileOffset = R.Loc.Offset;
    for (const PlainEdit &E : R.Edits) {
      tooling::Replacements &Reps = Message.Fix[E.File];
      // Replacements refuses overlapping edits; a finding's own edits never
      // overlap, and conflicts between findings are clang-apply-replacements'
      // to detect, as with clang-tidy.
      llvm::consumeError(
          Reps.add(tooling::Replacement(E.File, E.Offset, E.Length, E.Text)));
    }
    llvm::SmallVector<tooling::DiagnosticMessage, 1> Notes;
    for (const PlainNote &N : R.Notes) {
      tooling::DiagnosticMessage Note(N.Message);
      Note.FilePath = N.Loc.File;
      Note.FileOffset = N.Loc.Offset;
      Notes.push_back(Note);
    }
    TUD.Diagnostics.emplace_back(R.Rule->Id, Message, Notes,
                                 R.Level == Severity::Error
                                     ? tooling::Diagnostic::Error
                                     : tooling::Diagnostic::Warning,
                                 BuildDirectory);
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  OS.flush();
  return Out;
}

} // namespace torchlint
