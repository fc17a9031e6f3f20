//===- Protocol.cpp - LSP positions, URIs and diagnostics -----------------===//

#include "Protocol.h"

#include "torchlint/report/Formats.h"
#include "torchlint/report/RuleDocs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

namespace torchlint {
namespace lsp {

using nlohmann::json;

llvm::StringRef encodingName(Encoding E) {
  return E == Encoding::Utf8 ? "utf-8" : "utf-16";
}

/// UTF-16 code units of a UTF-8 sequence starting with Lead: four-byte
/// sequences are surrogate pairs.
static unsigned utf16Units(unsigned char Lead) { return Lead >= 0xF0 ? 2 : 1; }

/// Whether a byte starts a character (is not a UTF-8 continuation byte).
static bool startsChar(unsigned char C) { return (C & 0xC0) != 0x80; }

json positionAt(llvm::StringRef Text, size_t Offset, Encoding E) {
  Offset = std::min(Offset, Text.size());
  llvm::StringRef Before = Text.take_front(Offset);
  size_t Line = Before.count('\n');
  size_t LineStart = Before.rfind('\n');
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  size_t Character = 0;
  if (E == Encoding::Utf8) {
    Character = Offset - LineStart;
  } else {
    for (size_t I = LineStart; I < Offset; ++I)
      if (startsChar(Text[I]))
        Character += utf16Units(Text[I]);
  }
  return {{"line", Line}, {"character", Character}};
}

std::optional<size_t> offsetAt(llvm::StringRef Text, const json &Pos,
                               Encoding E) {
  if (!Pos.is_object() || !Pos.contains("line") || !Pos.contains("character") ||
      !Pos["line"].is_number_unsigned() ||
      !Pos["character"].is_number_unsigned())
    return std::nullopt;
  size_t Line = Pos["line"].get<size_t>();
  size_t Character = Pos["character"].get<size_t>();
  size_t Offset = 0;
  for (size_t L = 0; L < Line; ++L) {
    size_t Eol = Text.find('\n', Offset);
    if (Eol == llvm::StringRef::npos)
      return Text.size();
    Offset = Eol + 1;
  }
  size_t Eol = Text.find('\n', Offset);
  if (Eol == llvm::StringRef::npos)
    Eol = Text.size();
  if (E == Encoding::Utf8)
    return std::min(Offset + Character, Eol);
  size_t Units = 0;
  while (Offset < Eol && Units < Character) {
    Units += utf16Units(Text[Offset]);
    ++Offset;
    while (Offset < Eol && !startsChar(Text[Offset]))
      ++Offset;
  }
  return Offset;
}

size_t tokenLength(llvm::StringRef Text, size_t Offset) {
  if (Offset >= Text.size())
    return 0;
  auto IsWord = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  size_t End = Offset;
  while (End < Text.size() && IsWord(Text[End]))
    ++End;
  return End > Offset ? End - Offset : 1;
}

json tokenRange(llvm::StringRef Text, size_t Offset, Encoding E) {
  return {{"start", positionAt(Text, Offset, E)},
          {"end", positionAt(Text, Offset + tokenLength(Text, Offset), E)}};
}

std::string uriFromPath(llvm::StringRef Path) {
  return "file://" + uriEncodePath(Path);
}

std::optional<std::string> pathFromUri(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return std::nullopt;
  // An authority (file://host/path) names another machine; only local
  // paths are usable.
  if (!Uri.starts_with("/"))
    return std::nullopt;
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned Hi, Lo;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        (Hi = llvm::hexDigitValue(Uri[I + 1])) != ~0U &&
        (Lo = llvm::hexDigitValue(Uri[I + 2])) != ~0U) {
      Path += char(Hi * 16 + Lo);
      I += 2;
    } else {
      Path += Uri[I];
    }
  }
  return Path;
}

/// LSP DiagnosticSeverity: 1 error, 2 warning, 3 information.
static int lspSeverity(Severity S) {
  switch (S) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  case Severity::Note:
    return 3;
  }
  return 2;
}

json toDiagnostic(const FindingRecord &R, llvm::StringRef Text, Encoding E,
                  const TextOf &Texts) {
  json D = {{"range", tokenRange(Text, R.Loc.Offset, E)},
            {"severity", lspSeverity(R.Level)},
            {"code", R.Rule->Id.str()},
            {"source", "torchlint"},
            {"message", R.Message}};
  if (findRule(R.Rule->Id))
    D["codeDescription"] = {{"href", ruleDocUrl(R.Rule->Id)}};
  json Related = json::array();
  for (const PlainNote &N : R.Notes) {
    std::optional<std::string> NoteText =
        N.Loc.File == R.Loc.File ? std::optional<std::string>(Text.str())
                                 : Texts(N.Loc.File);
    if (!NoteText)
      continue;
    Related.push_back({{"location",
                        {{"uri", uriFromPath(N.Loc.File)},
                         {"range", tokenRange(*NoteText, N.Loc.Offset, E)}}},
                       {"message", N.Message}});
  }
  if (!Related.empty())
    D["relatedInformation"] = Related;
  return D;
}

json toWorkspaceChanges(const std::vector<PlainEdit> &Edits,
                        const TextOf &Texts, Encoding E) {
  json Changes = json::object();
  for (const PlainEdit &Edit : Edits) {
    std::optional<std::string> Text = Texts(Edit.File);
    if (!Text)
      return json();
    std::string Uri = uriFromPath(Edit.File);
    if (!Changes.contains(Uri))
      Changes[Uri] = json::array();
    Changes[Uri].push_back(
        {{"range",
          {{"start", positionAt(*Text, Edit.Offset, E)},
           {"end", positionAt(*Text, Edit.Offset + Edit.Length, E)}}},
         {"newText", Edit.Text}});
  }
  return Changes;
}

} // namespace lsp
} // namespace torchlint
