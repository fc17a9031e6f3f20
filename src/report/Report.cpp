//===- Report.cpp - Findings as plain data, and their output --------------===//

#include "torchlint/report/Report.h"

#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace torchlint {

std::string lexicallyNormal(llvm::StringRef Path) {
  if (!Path.contains("/.") && !Path.starts_with("."))
    return Path.str();
  llvm::SmallString<256> Out(Path);
  llvm::sys::path::remove_dots(Out, /*remove_dot_dot=*/true);
  return std::string(Out);
}

std::string withNormalFileNames(std::string Text,
                                const std::vector<std::string> &Raw) {
  for (const std::string &Name : Raw) {
    std::string Normal = lexicallyNormal(Name);
    if (Normal == Name)
      continue;
    // Only where a line starts with "<name>:", clang's location prefix.
    std::string From = Name + ":", To = Normal + ":";
    for (size_t At = 0; (At = Text.find(From, At)) != std::string::npos;) {
      if (At != 0 && Text[At - 1] != '\n') {
        At += From.size();
        continue;
      }
      Text.replace(At, From.size(), To);
      At += To.size();
    }
  }
  return Text;
}

PlainLocation toPlain(const SourceManager &SM, SourceLocation L) {
  PlainLocation Out;
  SourceLocation File = SM.getFileLoc(L);
  if (File.isInvalid())
    return Out;
  PresumedLoc P = SM.getPresumedLoc(File, /*UseLineDirectives=*/false);
  if (P.isInvalid())
    return Out;
  Out.File = lexicallyNormal(P.getFilename());
  Out.Line = P.getLine();
  Out.Column = P.getColumn();
  Out.Offset = SM.getFileOffset(File);
  // SARIF counts columns in UTF-16 code units: a code point of four UTF-8
  // bytes is two units, any other one unit.
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(File), &Invalid);
  if (!Invalid && Out.Column > 0 && Out.Offset >= Out.Column - 1 &&
      Out.Offset <= Buffer.size()) {
    llvm::StringRef Before =
        Buffer.slice(Out.Offset - (Out.Column - 1), Out.Offset);
    unsigned Units = 0;
    for (unsigned char C : Before)
      if ((C & 0xC0) != 0x80)
        Units += C >= 0xF0 ? 2 : 1;
    if (Units + 1 != Out.Column)
      Out.Utf16Column = Units + 1;
  }
  return Out;
}

std::optional<CharSourceRange> editableRange(const FixItHint &Fix,
                                             const SourceManager &SM,
                                             const LangOptions &LO) {
  CharSourceRange Range = Lexer::makeFileCharRange(Fix.RemoveRange, SM, LO);
  if (Range.isInvalid())
    return std::nullopt;
  std::pair<FileID, unsigned> Begin = SM.getDecomposedLoc(Range.getBegin());
  std::pair<FileID, unsigned> End = SM.getDecomposedLoc(Range.getEnd());
  if (Begin.first != End.first || End.second < Begin.second)
    return std::nullopt;
  return Range;
}

/// The source line holding L, trimmed; "" when it has no file text.
static std::string lineTextAt(const SourceManager &SM, SourceLocation L) {
  SourceLocation FL = SM.getFileLoc(L);
  if (FL.isInvalid())
    return "";
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(FL), &Invalid);
  if (Invalid)
    return "";
  unsigned Off = SM.getFileOffset(FL);
  size_t Start = Buffer.rfind('\n', Off);
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  size_t End = Buffer.find('\n', Off);
  return Buffer.slice(Start, End).trim().str();
}

PlainNote toPlainNote(const SourceManager &SM, SourceLocation L,
                      std::string Message) {
  return {toPlain(SM, L), std::move(Message), lineTextAt(SM, L)};
}

FindingRecord toRecord(const Finding &F, Severity Level,
                       const SourceManager &SM, const LangOptions &LO) {
  FindingRecord R;
  R.Rule = F.Rule;
  R.Level = Level;
  R.Loc = toPlain(SM, F.Loc);
  R.Message = F.Message;
  R.Needs = F.Needs;
  for (const FindingNote &N : F.Notes)
    R.Notes.push_back(toPlainNote(SM, N.Loc, N.Message));
  for (const FixItHint &Fix : F.Fixes) {
    std::optional<CharSourceRange> Range = editableRange(Fix, SM, LO);
    if (!Range)
      continue;
    std::pair<FileID, unsigned> Begin = SM.getDecomposedLoc(Range->getBegin());
    std::pair<FileID, unsigned> End = SM.getDecomposedLoc(Range->getEnd());
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(Begin.first);
    if (!Entry)
      continue;
    R.Edits.push_back({std::string(Entry->getName()), Begin.second,
                       End.second - Begin.second, Fix.CodeToInsert});
  }
  R.LineText = lineTextAt(SM, F.Loc);
  return R;
}

Severity configuredSeverity(const RuleInfo &Rule, const RuleOptions &Options) {
  std::string Named =
      llvm::StringRef(Options.get(Rule.Id, "Severity", "")).lower();
  if (Named == "note")
    return Severity::Note;
  if (Named == "warning")
    return Severity::Warning;
  if (Named == "error")
    return Severity::Error;
  return Rule.DefaultSeverity;
}

DiagnosticsEngine::Level diagnosticLevel(Severity S) {
  switch (S) {
  case Severity::Note:
    return DiagnosticsEngine::Remark;
  case Severity::Warning:
    return DiagnosticsEngine::Warning;
  case Severity::Error:
    return DiagnosticsEngine::Error;
  }
  return DiagnosticsEngine::Warning;
}

void emitDiagnostic(const Finding &F, Severity Level, DiagnosticsEngine &Diags,
                    bool WarningAsError) {
  // Clang shows a fix-it only under the line it is printed for. A fix-it on
  // another line (the creation site of a stray tensor, say) is shown under
  // the note that points there; --fix and exported fixes apply it either way.
  const SourceManager &SM = Diags.getSourceManager();
  auto LineOf = [&](SourceLocation L) {
    SourceLocation FL = SM.getFileLoc(L);
    return std::make_pair(SM.getFileID(FL), SM.getSpellingLineNumber(FL));
  };
  std::vector<FixItHint> Main;
  std::vector<std::vector<FixItHint>> OnNote(F.Notes.size());
  for (const FixItHint &Fix : F.Fixes) {
    auto Where = LineOf(Fix.RemoveRange.getBegin());
    size_t Note = F.Notes.size();
    if (Where != LineOf(F.Loc))
      for (size_t I = 0; I < F.Notes.size() && Note == F.Notes.size(); ++I)
        if (LineOf(F.Notes[I].Loc) == Where)
          Note = I;
    (Note == F.Notes.size() ? Main : OnNote[Note]).push_back(Fix);
  }

  unsigned ID = Diags.getCustomDiagID(diagnosticLevel(Level), "%0 [%1]");
  {
    DiagnosticBuilder B = Diags.Report(F.Loc, ID);
    B << F.Message
      << (F.Rule->Id + (WarningAsError ? ",-warnings-as-errors" : "")).str();
    for (const FixItHint &Fix : Main)
      B << Fix;
  }
  unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  for (size_t I = 0; I < F.Notes.size(); ++I) {
    DiagnosticBuilder B = Diags.Report(F.Notes[I].Loc, NoteID);
    B << F.Notes[I].Message;
    for (const FixItHint &Fix : OnNote[I])
      B << Fix;
  }
}

} // namespace torchlint
