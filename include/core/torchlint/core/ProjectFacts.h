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

#include <optional>
#include <string>
#include <utility>

namespace torchlint {

/// A fact about the whole project that one unit may not show. A finding that
/// depends on one is reported only where some unit of the project shows it:
/// the engine settles it from the unit's own sites, and a host that sees
/// every unit (the CLI after its run, --merge across shards) settles the rest.
/// A host that sees one unit at a time (clang-tidy, the language server) has
/// only that unit's sites.
///
/// A fact is named by a string ("" for none), so that facts about one
/// function or class carry its name.
using ProjectFact = std::string;

namespace facts {
/// Models or tensors go to a device chosen at run time: checkpoints the
/// project saves may come from a GPU, and the CPU may read them.
inline const char *const RuntimeDevice = "runtime-device";
/// Some code asks whether CUDA is there (torch::cuda::is_available(),
/// device_count()) or falls back to the CPU: the project is meant to run
/// without a GPU, so a CUDA device it names unguarded is a bug, not its
/// design. Its sites carry no note (the finding explains itself).
inline const char *const RunsWithoutCuda = "runs-without-cuda";
/// Some code names a device other than the CPU (kCUDA, a device string, a
/// `.cuda()` call): the program can leave the CPU. A program that never does
/// runs every tensor on the CPU, so a conflict with the device an input
/// merely may have (a module's forward()) cannot happen there.
inline const char *const LeavesCpu = "leaves-cpu";
/// The project is shown to need CUDA: code that stops when CUDA is missing
/// (`if (!torch::cuda::is_available()) throw ...`), a build that declares
/// CUDA (CMake's `LANGUAGES CUDA`, `find_package(CUDA REQUIRED)`, .cu
/// sources). A CUDA device named unguarded is then the design.
inline const char *const RequiresCuda = "requires-cuda";
/// The unit holds a whole program (its main(), calling nothing defined
/// elsewhere) that never names a device other than the CPU: every tensor
/// of it stays on the CPU.
inline const char *const StaysOnCpu = "stays-on-cpu";
/// A need that a host seeing the project settles as Need, and that a unit
/// linted alone meets unless it shows Unless: the lesson's classics (a
/// forward() factory meeting its input) are reported in a file linted
/// alone, where the project's facts are out of view.
inline std::string aloneUnless(const std::string &Need,
                               const std::string &Unless) {
  return "~" + Need + "|" + Unless;
}
/// For a need aloneUnless() made: {Need, Unless}; else nothing.
inline std::optional<std::pair<std::string, std::string>>
aloneParts(const std::string &Need) {
  size_t Bar = Need.find('|');
  if (Need.rfind('~', 0) != 0 || Bar == std::string::npos)
    return std::nullopt;
  return std::make_pair(Need.substr(1, Bar - 1), Need.substr(Bar + 1));
}
/// True when Fact, shown by one program, holds for every program of the run:
/// whether the project runs without CUDA is a property of the project, not
/// of the program that happens to check.
inline bool holdsAcrossPrograms(const std::string &Fact) {
  return Fact == RunsWithoutCuda || Fact == RequiresCuda;
}
/// True when Fact, shown by a unit of program Site, holds for a finding of
/// program Finding (a program is its folder, "" for code every program may
/// share): the same program, or Finding's code is shared by (its folder
/// holds) Site's program. What shared code shows says nothing of a program
/// that may never call it. A fact about the whole project holds everywhere.
inline bool relatedPrograms(const std::string &Fact, const std::string &Site,
                            const std::string &Finding) {
  return holdsAcrossPrograms(Fact) || Site.rfind(Finding, 0) == 0;
}
/// A need met unless some unit shows Fact (and none shows Unless, if
/// given): a finding that stands by itself and that evidence elsewhere in
/// the project withdraws. A host that sees one unit keeps it unless that
/// unit withdraws it.
inline std::string unless(const std::string &Fact,
                          const std::string &Unless = "") {
  return "!" + Fact + (Unless.empty() ? "" : "|" + Unless);
}
/// True for a need unless() made.
inline bool isWithdrawable(const std::string &Need) {
  return Need.rfind('!', 0) == 0;
}
/// For a need unless() made: whether the facts Shown(fact) says are shown
/// withdraw it.
template <class ShownFn>
bool withdraws(const std::string &Need, ShownFn &&Shown) {
  if (!isWithdrawable(Need))
    return false;
  size_t Bar = Need.find('|');
  std::string By = Need.substr(1, Bar == std::string::npos ? Bar : Bar - 1);
  std::string Keep = Bar == std::string::npos ? "" : Need.substr(Bar + 1);
  return Shown(By) && (Keep.empty() || !Shown(Keep));
}
/// For a need unless() made: the fact whose site settles it for good (the
/// Unless that keeps it), or "" when only the whole project settles it.
inline std::string keptBy(const std::string &Need) {
  size_t Bar = Need.find('|');
  return isWithdrawable(Need) && Bar != std::string::npos ? Need.substr(Bar + 1)
                                                          : std::string();
}
/// Function (its qualified name and parameter types), defined in some unit,
/// returns a tensor created on the CPU.
inline std::string returnsCpu(const std::string &Function) {
  return "returns-cpu:" + Function;
}
/// True for a fact returnsCpu names (a CPU device's Key carries it).
inline bool isReturnsCpu(const std::string &Fact) {
  return Fact.rfind("returns-cpu:", 0) == 0;
}
/// Some unit calls Function (as returnsCpu) with a tensor on a device, or
/// on a run-time device, for its parameter Index.
inline std::string passesDevice(const std::string &Function, unsigned Index) {
  return "passes-device:" + Function + "#" + std::to_string(Index);
}
/// Some unit calls Function (as returnsCpu) with a tensor created on the
/// CPU for its parameter Index: what makes a conflict of that parameter with
/// a device in Function's body real.
inline std::string passesCpu(const std::string &Function, unsigned Index) {
  return "passes-cpu:" + Function + "#" + std::to_string(Index);
}
/// Class (a module's qualified name), whose constructor some unit defines,
/// registers parameters or buffers there: a member of its type is state.
inline std::string registersState(const std::string &Class) {
  return "registers-state:" + Class;
}
/// Some unit writes a device that may be a GPU (a run-time choice, kCUDA)
/// into Field (its qualified name, "TrainConfig::device"): a configuration
/// field whose default a unit sees as the CPU holds that device there.
inline std::string writesDevice(const std::string &Field) {
  return "writes-device:" + Field;
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
