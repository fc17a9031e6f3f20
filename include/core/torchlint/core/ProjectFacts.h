//===- ProjectFacts.h - Facts about the whole project -----------*- C++ -*-===//
//
// What one unit shows about the project (a run-time device, a CPU fallback,
// a function returning a CPU tensor) and where it shows it. The analysis
// names these facts; rules make findings depend on them; hosts settle them
// across units. It belongs to the core layer, below the analysis, so that a
// finding (Finding::Needs) is plain data the report layer reads without it.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_PROJECTFACTS_H
#define TORCHLINT_PROJECTFACTS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

namespace torchlint {

/// What a project fact says. The first five are about the whole project;
/// the others about one function, class or field of it (the fact's Subject).
enum class FactKind : uint8_t {
  None,
  /// Models or tensors go to a device chosen at run time: checkpoints the
  /// project saves may come from a GPU, and the CPU may read them.
  RuntimeDevice,
  /// Some code asks whether CUDA is there (torch::cuda::is_available(),
  /// device_count()) or falls back to the CPU: the project is meant to run
  /// without a GPU, so a CUDA device it names unguarded is a bug, not its
  /// design. Its sites carry no note (the finding explains itself).
  RunsWithoutCuda,
  /// Some code names a device other than the CPU (kCUDA, a device string, a
  /// `.cuda()` call): the program can leave the CPU. A program that never
  /// does runs every tensor on the CPU, so a conflict with the device an
  /// input merely may have (a module's forward()) cannot happen there.
  LeavesCpu,
  /// The project is shown to need CUDA: code that stops when CUDA is missing
  /// (`if (!torch::cuda::is_available()) throw ...`), a build that declares
  /// CUDA (CMake's `LANGUAGES CUDA`, `find_package(CUDA REQUIRED)`, .cu
  /// sources). A CUDA device named unguarded is then the design.
  RequiresCuda,
  /// The unit holds a whole program (its main(), calling nothing defined
  /// elsewhere) that never names a device other than the CPU: every tensor
  /// of it stays on the CPU.
  StaysOnCpu,
  /// Function Subject (its project key), defined in some unit, returns a
  /// tensor created on the CPU.
  ReturnsCpu,
  /// Some unit calls Function Subject with a tensor (or module) on a device,
  /// or on a run-time device, for its parameter Index.
  PassesDevice,
  /// Some unit calls Function Subject with a tensor created on the CPU for
  /// its parameter Index: what makes a conflict of that parameter with a
  /// device in the function's body real.
  PassesCpu,
  /// Class Subject (a module's qualified name), whose constructor some unit
  /// defines, registers parameters or buffers there: a member of its type is
  /// state.
  RegistersState,
  /// Some unit writes a device that may be a GPU (a run-time choice, kCUDA)
  /// into field Subject (its qualified name, "TrainConfig::device"): a
  /// configuration field whose default a unit sees as the CPU holds that
  /// device there.
  WritesDevice,
};

/// A fact about the project that one unit may not show. A finding that
/// depends on one is reported only where some unit of the project shows it:
/// the engine settles it from the unit's own sites, and a host that sees
/// every unit (the CLI after its run, --merge across shards) settles the rest.
/// A host that sees one unit at a time (clang-tidy, the language server) has
/// only that unit's sites, and the project index's when one is linked.
class ProjectFact {
public:
  ProjectFact() = default; ///< No fact.
  /// A fact about the whole project.
  ProjectFact(FactKind Kind) : Kind(Kind) {}
  /// A fact about Subject (and its parameter Index).
  ProjectFact(FactKind Kind, std::string Subject, unsigned Index = 0)
      : Kind(Kind), Subject(std::move(Subject)), Index(Index) {}

  FactKind kind() const { return Kind; }
  const std::string &subject() const { return Subject; }
  unsigned index() const { return Index; }
  bool empty() const { return Kind == FactKind::None; }
  /// True when the fact, shown by one program, holds for every program of
  /// the run: whether the project runs without CUDA is a property of the
  /// project, not of the program that happens to check.
  bool holdsAcrossPrograms() const {
    return Kind == FactKind::RunsWithoutCuda || Kind == FactKind::RequiresCuda;
  }

  /// Its spelling in results, shards, caches and the project index
  /// ("runtime-device", "passes-cpu:load(int)#0"), stable across releases.
  std::string str() const;
  /// What str() spelled; no fact for anything else (a newer release's).
  static ProjectFact parse(llvm::StringRef Text);

  friend bool operator==(const ProjectFact &A, const ProjectFact &B) {
    return A.Kind == B.Kind && A.Index == B.Index && A.Subject == B.Subject;
  }
  friend bool operator!=(const ProjectFact &A, const ProjectFact &B) {
    return !(A == B);
  }
  friend bool operator<(const ProjectFact &A, const ProjectFact &B) {
    return std::tie(A.Kind, A.Subject, A.Index) <
           std::tie(B.Kind, B.Subject, B.Index);
  }

private:
  FactKind Kind = FactKind::None;
  std::string Subject;
  unsigned Index = 0;
};

/// How a finding depends on a project fact.
struct Need {
  enum class KindTy : uint8_t {
    /// Reported only where some unit of the project shows Fact.
    Shown,
    /// Reported unless some unit shows Fact and none shows Keep (when
    /// given): a finding that stands by itself and that evidence elsewhere
    /// in the project withdraws. A host that sees one unit keeps it unless
    /// that unit withdraws it; Keep shown anywhere settles it for good.
    Unless,
    /// Shown for a host that sees the project; a unit linted alone meets it
    /// unless it shows Keep: the lesson's classics (a forward() factory
    /// meeting its input) are reported in a file linted alone, where the
    /// project's facts are out of view.
    AloneUnless,
  };
  KindTy Kind = KindTy::Shown;
  ProjectFact Fact;
  ProjectFact Keep;

  Need() = default;
  Need(ProjectFact Fact) : Fact(std::move(Fact)) {}
  Need(FactKind Kind) : Fact(Kind) {}
  static Need unless(ProjectFact Fact, ProjectFact Keep = {}) {
    Need N(std::move(Fact));
    N.Kind = KindTy::Unless;
    N.Keep = std::move(Keep);
    return N;
  }
  static Need aloneUnless(ProjectFact Fact, ProjectFact Unless) {
    Need N(std::move(Fact));
    N.Kind = KindTy::AloneUnless;
    N.Keep = std::move(Unless);
    return N;
  }

  bool empty() const { return Fact.empty(); }
  bool isWithdrawable() const { return Kind == KindTy::Unless; }
  /// For an Unless need: whether the facts Shown(fact) says are shown
  /// withdraw it.
  template <class ShownFn> bool withdrawnBy(ShownFn &&Shown) const {
    return isWithdrawable() && Shown(Fact) && (Keep.empty() || !Shown(Keep));
  }

  /// Its spelling in results and shards ("runtime-device",
  /// "!requires-cuda|runs-without-cuda", "~leaves-cpu|stays-on-cpu").
  std::string str() const;
  /// What str() spelled; nothing for a spelling of no known fact.
  static std::optional<Need> parse(llvm::StringRef Text);

  friend bool operator==(const Need &A, const Need &B) {
    return A.Kind == B.Kind && A.Fact == B.Fact && A.Keep == B.Keep;
  }
};

namespace facts {
/// True when Fact, shown by a unit of program Site, holds for a finding of
/// program Finding (a program is its folder, "" for code every program may
/// share): the same program, or Finding's code is shared by (its folder
/// holds) Site's program. What shared code shows says nothing of a program
/// that may never call it. A fact about the whole project holds everywhere.
inline bool relatedPrograms(const ProjectFact &Fact, llvm::StringRef Site,
                            llvm::StringRef Finding) {
  return Fact.holdsAcrossPrograms() || Site.starts_with(Finding);
}
inline ProjectFact returnsCpu(std::string Function) {
  return {FactKind::ReturnsCpu, std::move(Function)};
}
inline ProjectFact passesDevice(std::string Function, unsigned Index) {
  return {FactKind::PassesDevice, std::move(Function), Index};
}
inline ProjectFact passesCpu(std::string Function, unsigned Index) {
  return {FactKind::PassesCpu, std::move(Function), Index};
}
inline ProjectFact registersState(std::string Class) {
  return {FactKind::RegistersState, std::move(Class)};
}
inline ProjectFact writesDevice(std::string Field) {
  return {FactKind::WritesDevice, std::move(Field)};
}
} // namespace facts

/// Where a unit shows a project fact, and how a note pointing there reads.
struct ProjectSite {
  ProjectFact Fact;
  clang::SourceLocation Loc;
  std::string Message; ///< Empty: findings settled here get no note.
};

} // namespace torchlint

#endif
