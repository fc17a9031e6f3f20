//===- ProjectFacts.cpp - Spelling project facts --------------------------===//

#include "torchlint/core/ProjectFacts.h"

#include "llvm/ADT/STLExtras.h"

namespace torchlint {

namespace {
/// Each kind's spelling; the kinds about a subject end in ':'.
struct Spelling {
  FactKind Kind;
  llvm::StringLiteral Text;
  bool Indexed; ///< Subject#Index.
};
constexpr Spelling Spellings[] = {
    {FactKind::RuntimeDevice, "runtime-device", false},
    {FactKind::RunsWithoutCuda, "runs-without-cuda", false},
    {FactKind::LeavesCpu, "leaves-cpu", false},
    {FactKind::RequiresCuda, "requires-cuda", false},
    {FactKind::StaysOnCpu, "stays-on-cpu", false},
    {FactKind::ReturnsCpu, "returns-cpu:", false},
    {FactKind::PassesDevice, "passes-device:", true},
    {FactKind::PassesCpu, "passes-cpu:", true},
    {FactKind::RegistersState, "registers-state:", false},
    {FactKind::WritesDevice, "writes-device:", false},
};
} // namespace

std::string ProjectFact::str() const {
  const auto *S = llvm::find_if(
      Spellings, [&](const Spelling &Sp) { return Sp.Kind == Kind; });
  if (S == std::end(Spellings))
    return "";
  std::string Out = S->Text.str();
  if (S->Text.ends_with(":"))
    Out += Subject;
  if (S->Indexed)
    Out += "#" + std::to_string(Index);
  return Out;
}

ProjectFact ProjectFact::parse(llvm::StringRef Text) {
  for (const Spelling &S : Spellings) {
    if (!S.Text.ends_with(":")) {
      if (Text == S.Text)
        return ProjectFact(S.Kind);
      continue;
    }
    if (!Text.consume_front(S.Text))
      continue;
    unsigned Index = 0;
    if (S.Indexed) {
      size_t Hash = Text.rfind('#');
      if (Hash == llvm::StringRef::npos ||
          Text.substr(Hash + 1).getAsInteger(10, Index))
        return {};
      Text = Text.take_front(Hash);
    }
    return ProjectFact(S.Kind, Text.str(), Index);
  }
  return {};
}

std::string Need::str() const {
  switch (Kind) {
  case KindTy::Shown:
    return Fact.str();
  case KindTy::Unless:
    return "!" + Fact.str() + (Keep.empty() ? "" : "|" + Keep.str());
  case KindTy::AloneUnless:
    return "~" + Fact.str() + "|" + Keep.str();
  }
  return "";
}

std::optional<Need> Need::parse(llvm::StringRef Text) {
  Need N;
  if (Text.consume_front("!"))
    N.Kind = KindTy::Unless;
  else if (Text.consume_front("~"))
    N.Kind = KindTy::AloneUnless;
  // A subject may hold '|' (operator|), so the second fact is what follows
  // the last '|' when that parses.
  if (N.Kind != KindTy::Shown) {
    auto [Head, Tail] = Text.rsplit('|');
    if (!Tail.empty() && Head != Text)
      if (ProjectFact Keep = ProjectFact::parse(Tail); !Keep.empty()) {
        N.Keep = std::move(Keep);
        Text = Head;
      }
  }
  N.Fact = ProjectFact::parse(Text);
  if (N.Fact.empty() || (N.Kind == KindTy::AloneUnless && N.Keep.empty()))
    return std::nullopt;
  return N;
}

} // namespace torchlint
