//===- Protocol.h - LSP positions, URIs and diagnostics ---------*- C++ -*-===//
//
// Conversions between torchlint's plain records (byte offsets in files) and
// LSP's shapes (lines and characters in a negotiated encoding, file URIs,
// Diagnostic objects). Pure functions, so the protocol tests need no Clang.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_LSP_PROTOCOL_H
#define TORCHLINT_SRC_LSP_PROTOCOL_H

#include "torchlint/report/Report.h"

#include "llvm/ADT/StringRef.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>

namespace torchlint {
namespace lsp {

/// How LSP counts characters within a line.
enum class Encoding { Utf8, Utf16 };

/// The LSP name of an encoding ("utf-16").
llvm::StringRef encodingName(Encoding E);

/// The LSP Position {line, character} of byte Offset in Text.
nlohmann::json positionAt(llvm::StringRef Text, size_t Offset, Encoding E);

/// The byte offset of an LSP Position in Text, clamped to the text; none
/// when Pos is not a Position.
std::optional<size_t> offsetAt(llvm::StringRef Text, const nlohmann::json &Pos,
                               Encoding E);

/// The bytes of the token starting at Offset: an identifier or number, else
/// one character. Findings carry a point; editors want a range to underline.
size_t tokenLength(llvm::StringRef Text, size_t Offset);

/// The LSP Range covering the token at Offset.
nlohmann::json tokenRange(llvm::StringRef Text, size_t Offset, Encoding E);

/// The file:// URI of an absolute path.
std::string uriFromPath(llvm::StringRef Path);

/// The absolute path of a file:// URI; none for other schemes.
std::optional<std::string> pathFromUri(llvm::StringRef Uri);

/// Reads a file's text for positions of notes and edits outside the document.
using TextOf = std::function<std::optional<std::string>(const std::string &)>;

/// The LSP Diagnostic of a finding in a document whose analysed text is Text:
/// range, severity, rule code and its doc page, source, message, and the
/// notes as relatedInformation.
nlohmann::json toDiagnostic(const FindingRecord &R, llvm::StringRef Text,
                            Encoding E, const TextOf &Texts);

/// LSP TextEdits grouped by URI for the edits of a finding.
nlohmann::json toWorkspaceChanges(const std::vector<PlainEdit> &Edits,
                                  const TextOf &Texts, Encoding E);

} // namespace lsp
} // namespace torchlint

#endif
