//===- Lattice.h - The values of every flow property ------------*- C++ -*-===//
//
// The flow engine tracks several properties of each tensor (where it lives,
// what element type it holds) with one lattice shape: a FactSet<V> is what a
// value may be at a program point, one Fact per path that reaches it, each
// with the provenance steps that explain it. A property supplies only V, its
// value type, with operator== (two facts with equal values are one fact).
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_LATTICE_H
#define TORCHLINT_LATTICE_H

#include "torchlint/core/ProjectFacts.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace torchlint {

/// One step of provenance: where a tensor was created, moved or computed.
struct ProvenanceStep {
  ProvenanceStep() = default;
  ProvenanceStep(clang::SourceLocation Loc, std::string Message,
                 std::string Subject = "")
      : Loc(Loc), Message(std::move(Message)), Subject(std::move(Subject)) {}
  clang::SourceLocation Loc;
  std::string Message; ///< "is moved to 'device' here".
  std::string Subject; ///< The variable the step is about, once known.
};

/// One possible value of a property, with the steps that explain it.
template <class V> struct Fact {
  V Value;
  llvm::SmallVector<ProvenanceStep, 3> Steps;
  /// The expression that created the value in this function, where a
  /// fix-it can change it (a factory call, a batch member).
  const void *Birth = nullptr;
  /// True when the birth is a tensor factory that did not say (no device,
  /// no dtype): the default was taken.
  bool FromFactory = false;
  /// True when a discarded `t.to(...)` left this value as it was: the bug
  /// is the discarded move (torch-discarded-move), not a second one.
  bool AfterDiscardedMove = false;
  /// A project fact the value holds only under, or none: the run-time
  /// device of a configuration field that another unit sets
  /// (FactKind::WritesDevice), the CPU tensor another file's function
  /// returns (FactKind::ReturnsCpu). A conflict with the value is reported
  /// only where the project shows the fact.
  ProjectFact Needs;
};

/// What a value may be: a small set of facts, or unknown.
///
/// The facts are immutable and shared: the dataflow copies whole states at
/// every block boundary, so a copy must cost a pointer, not a dozen strings.
/// Modifications copy on write.
template <class V> class FactSet {
public:
  using FactTy = Fact<V>;
  static constexpr unsigned MaxFacts = 4;
  /// Reference counted without atomics: one analysis runs on one thread,
  /// and state copies are the hot path.
  struct FactList : llvm::SmallVector<FactTy, 2> {
    FactList() = default;
    explicit FactList(FactTy F) { this->push_back(std::move(F)); }
    FactList(const FactList &O) : llvm::SmallVector<FactTy, 2>(O) {}
    void Retain() const { ++Refs; }
    void Release() const {
      if (--Refs == 0)
        delete this;
    }
    unsigned useCount() const { return Refs; }

  private:
    mutable unsigned Refs = 0;
  };

  FactSet() = default; ///< Unknown.
  explicit FactSet(FactTy F) : Facts(new FactList(std::move(F))) {}
  /// A single fact with no provenance yet.
  static FactSet of(V Value) {
    FactTy F;
    F.Value = std::move(Value);
    return FactSet(std::move(F));
  }

  bool isUnknown() const { return !Facts || Facts->empty(); }
  /// The single fact when every path agrees.
  const FactTy *single() const & {
    return Facts && Facts->size() == 1 ? &Facts->front() : nullptr;
  }
  // The fact lives in the set; a temporary set would leave it dangling.
  const FactTy *single() const && = delete;
  llvm::ArrayRef<FactTy> facts() const {
    return Facts ? llvm::ArrayRef<FactTy>(*Facts) : llvm::ArrayRef<FactTy>();
  }

  /// Adds the facts of Other (a control-flow merge). Unknown absorbs.
  void join(const FactSet &Other) {
    if (Facts == Other.Facts)
      return;
    if (isUnknown() || Other.isUnknown()) {
      clear();
      return;
    }
    for (const FactTy &F : Other.facts())
      if (llvm::none_of(facts(), [&](const FactTy &Mine) {
            return Mine.Value == F.Value;
          }))
        mutableFacts().push_back(F);
    // Too many possibilities say nothing useful.
    if (Facts->size() > MaxFacts)
      clear();
  }

  /// Appends a provenance step to every fact.
  void addStep(clang::SourceLocation Loc, const std::string &Message) {
    if (isUnknown())
      return;
    for (FactTy &F : mutableFacts())
      if (F.Steps.size() < 6)
        F.Steps.push_back({Loc, Message, ""});
  }

  /// Same values (provenance is not compared: it does not change what can
  /// conflict, and comparing it would delay the fixpoint).
  bool sameValues(const FactSet &O) const {
    if (Facts == O.Facts)
      return true;
    if (facts().size() != O.facts().size())
      return false;
    return llvm::all_of(facts(), [&](const FactTy &F) {
      return llvm::any_of(O.facts(),
                          [&](const FactTy &G) { return F.Value == G.Value; });
    });
  }

  /// Names the variable that steps without a subject are about.
  void nameSubject(const std::string &Name) {
    bool Needed = llvm::any_of(facts(), [](const FactTy &F) {
      return llvm::any_of(
          F.Steps, [](const ProvenanceStep &S) { return S.Subject.empty(); });
    });
    if (!Needed)
      return;
    for (FactTy &F : mutableFacts())
      for (ProvenanceStep &S : F.Steps)
        if (S.Subject.empty())
          S.Subject = Name;
  }

  /// Marks every fact as left behind by a discarded move.
  void markDiscardedMove() {
    if (isUnknown())
      return;
    for (FactTy &F : mutableFacts())
      F.AfterDiscardedMove = true;
  }

  /// Marks this value as unknown.
  void clear() { Facts.reset(); }

private:
  /// The facts, unshared, for modification.
  FactList &mutableFacts() {
    if (!Facts || Facts->useCount() > 1)
      Facts = Facts ? new FactList(*Facts) : new FactList();
    return *Facts;
  }

  llvm::IntrusiveRefCntPtr<FactList> Facts;
};

/// The value of facts that all agree (elements of one container, operands
/// that must match); unknown when they do not, or when one is unknown.
/// Elements are not paths: a tuple of a CPU and a device tensor says nothing
/// about either.
template <class V> FactSet<V> agree(llvm::ArrayRef<FactSet<V>> Elements) {
  if (Elements.empty())
    return FactSet<V>();
  const Fact<V> *First = Elements.front().single();
  if (!First)
    return FactSet<V>();
  for (const FactSet<V> &E : Elements.drop_front()) {
    const Fact<V> *One = E.single();
    if (!One || !(One->Value == First->Value))
      return FactSet<V>();
  }
  return Elements.front();
}

/// The first fact of Maybe whose value conflicts with the value of Sure, by
/// the property's Conflict(V, V), or null: the one-path conflicts of an
/// operation where one operand is certain and the other varies by path.
template <class V, class ConflictFn>
const Fact<V> *conflictingFact(const FactSet<V> &Maybe, const Fact<V> &Sure,
                               ConflictFn Conflict) {
  for (const Fact<V> &F : Maybe.facts())
    if (Conflict(F.Value, Sure.Value))
      return &F;
  return nullptr;
}

/// A conflict between two operands of one operation, and the one to
/// convert.
template <class V> struct PairConflict {
  bool FirstIsStray;    ///< The first operand is the one to convert.
  const Fact<V> *Stray; ///< Its fact.
  const Fact<V> *Sure;  ///< The other operand's fact.
  bool OnePath;         ///< The stray fact is one path of several.
};

/// Whether the operands First and Second conflict by Conflict(V, V): both
/// certain and conflicting (PickFirst(A, B) says whether to convert the
/// first), or one path of one operand against the other's certain fact.
template <class V, class ConflictFn, class PickFn>
std::optional<PairConflict<V>>
pairConflict(const FactSet<V> &First, const FactSet<V> &Second,
             ConflictFn Conflict, PickFn PickFirst) {
  const Fact<V> *A = First.single();
  const Fact<V> *B = Second.single();
  if (A && B && Conflict(A->Value, B->Value)) {
    bool Pick = PickFirst(*A, *B);
    return PairConflict<V>{Pick, Pick ? A : B, Pick ? B : A, false};
  }
  if (B)
    if (const Fact<V> *Stray = conflictingFact(First, *B, Conflict))
      return PairConflict<V>{true, Stray, B, true};
  if (A)
    if (const Fact<V> *Stray = conflictingFact(Second, *A, Conflict))
      return PairConflict<V>{false, Stray, A, true};
  return std::nullopt;
}

} // namespace torchlint

#endif
