//===- Nolint.cpp - NOLINT comments, with clang-tidy's semantics ----------===//

#include "report/Nolint.h"

#include "torchlint/RuleInfo.h"

#include "llvm/ADT/SmallVector.h"

namespace torchlint {

namespace {

enum class Kind { Line, NextLine, Begin, End };

/// One directive as written.
struct Directive {
  Kind K;
  unsigned Offset;
  unsigned Line;
  std::string Globs; ///< Text between the parentheses, "" when absent.
};

/// Finds every NOLINT directive. Like clang-tidy, the word is recognised
/// anywhere on a line (normally in a comment), and a parenthesised list right
/// after it restricts which rules it silences.
std::vector<Directive> scan(llvm::StringRef Text) {
  std::vector<Directive> Out;
  size_t Pos = 0;
  while ((Pos = Text.find("NOLINT", Pos)) != llvm::StringRef::npos) {
    size_t Start = Pos;
    Pos += 6;
    llvm::StringRef Rest = Text.drop_front(Pos);
    Kind K = Kind::Line;
    if (Rest.consume_front("NEXTLINE"))
      K = Kind::NextLine, Pos += 8;
    else if (Rest.consume_front("BEGIN"))
      K = Kind::Begin, Pos += 5;
    else if (Rest.consume_front("END"))
      K = Kind::End, Pos += 3;
    std::string Globs;
    if (Rest.startswith("(")) {
      size_t Close = Rest.find(')');
      size_t Eol = Rest.find('\n');
      // An unclosed list is ignored, as clang-tidy does: the directive then
      // silences every rule.
      if (Close != llvm::StringRef::npos && Close < Eol) {
        Globs = Rest.slice(1, Close).trim().str();
        Pos += Close + 1;
        if (Globs.empty())
          Globs = "-*"; // NOLINT() names no rule.
      }
    }
    unsigned Line = 1 + Text.take_front(Start).count('\n');
    Out.push_back({K, unsigned(Start), Line, Globs});
  }
  return Out;
}

} // namespace

bool nolintGlobsMatch(llvm::StringRef Globs, llvm::StringRef RuleId) {
  if (Globs.empty())
    return true;
  return GlobList(Globs).contains(RuleId);
}

NolintIndex::NolintIndex(llvm::StringRef Text) {
  // Open BEGIN directives; an END closes the most recent BEGIN with the same
  // glob list, which is how clang-tidy pairs them.
  std::vector<Directive> Open;
  for (const Directive &D : scan(Text)) {
    switch (D.K) {
    case Kind::Line:
      Spans.push_back({D.Line, D.Line, D.Globs});
      break;
    case Kind::NextLine:
      Spans.push_back({D.Line + 1, D.Line + 1, D.Globs});
      break;
    case Kind::Begin:
      Open.push_back(D);
      break;
    case Kind::End: {
      auto It =
          std::find_if(Open.rbegin(), Open.rend(),
                       [&](const Directive &B) { return B.Globs == D.Globs; });
      if (It == Open.rend()) {
        Problems.push_back({D.Offset, D.Line,
                            "unmatched 'NOLINTEND' comment without a previous "
                            "'NOLINTBEGIN' comment"});
        break;
      }
      Spans.push_back({It->Line, D.Line, D.Globs});
      Open.erase(std::next(It).base());
      break;
    }
    }
  }
  for (const Directive &B : Open)
    Problems.push_back({B.Offset, B.Line,
                        "unmatched 'NOLINTBEGIN' comment without a subsequent "
                        "'NOLINTEND' comment"});
  std::sort(Problems.begin(), Problems.end(),
            [](const NolintProblem &A, const NolintProblem &B) {
              return A.Offset < B.Offset;
            });
}

bool NolintIndex::suppresses(unsigned Line, llvm::StringRef RuleId) const {
  for (const Span &S : Spans)
    if (S.First <= Line && Line <= S.Last && nolintGlobsMatch(S.Globs, RuleId))
      return true;
  return false;
}

} // namespace torchlint
