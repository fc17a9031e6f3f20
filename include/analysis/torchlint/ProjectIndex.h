//===- ProjectIndex.h - What the project's functions return -----*- C++ -*-===//
//
// The summaries of the functions a unit defines, as other units need them:
// what each returns, device- and dtype-wise, in terms of its arguments or
// as a value with the place it came from. Each unit exports the summaries
// of the functions its main file defines; a host that sees every unit (the
// CLI after its first phase) unions them into the project index, and the
// units that call those functions from another file are analysed again
// with it. Keys are USRs, stable across units. Serialised with llvm::json,
// in a deterministic order.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_PROJECTINDEX_H
#define TORCHLINT_PROJECTINDEX_H

#include "torchlint/TorchApi.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <set>
#include <string>

namespace torchlint {

/// What one function returns, as a unit that only declares it needs it.
struct FunctionSummary {
  /// The function's name, for notes ("load_labels").
  std::string Name;
  /// The file defining it, as the unit that exported it named it.
  std::string File;

  enum class Form : uint8_t {
    Unknown,    ///< Nothing a caller can rely on.
    Known,      ///< A value of its own (Device: the CPU; Dtype: Type).
    FollowsArg, ///< What its tensor argument Arg is.
  };

  /// Where the value was made (for Known): its line in File and what the
  /// defining unit's note said there ("is created as Int here (...)").
  struct Origin {
    std::string File;
    unsigned Line = 0;
    std::string Message;
  };

  Form Device = Form::Unknown;
  unsigned DeviceArg = 0;
  Origin DeviceOrigin;

  Form Dtype = Form::Unknown;
  api::ScalarKind Type = api::ScalarKind::Float;
  bool ZeroDim = false;
  unsigned DtypeArg = 0;
  Origin DtypeOrigin;

  /// True when a caller learns nothing from it.
  bool empty() const {
    return Device == Form::Unknown && Dtype == Form::Unknown;
  }
  bool operator==(const FunctionSummary &O) const;
  bool operator!=(const FunctionSummary &O) const { return !(*this == O); }
};

/// The summaries of a project's functions by USR.
class ProjectIndex {
public:
  /// Adds Key's summary. A function two units define differently (an
  /// inline function seen with other macros, two programs with one name)
  /// keeps only what both say.
  void add(const std::string &Key, const FunctionSummary &S);
  /// Every summary of Other, as add() takes them.
  void merge(const ProjectIndex &Other);

  const FunctionSummary *find(llvm::StringRef Key) const;
  size_t size() const { return Functions.size(); }
  bool empty() const { return Functions.empty(); }
  const std::map<std::string, FunctionSummary> &functions() const {
    return Functions;
  }

  /// A digest of what the index says of Keys (absent keys included), for
  /// cache keys: a unit analysed against an index is current while what it
  /// imported is unchanged.
  std::string digest(const std::set<std::string> &Keys) const;

  llvm::json::Value toJSON() const;
  /// The index J holds, or an error naming what is malformed.
  static llvm::Expected<ProjectIndex> fromJSON(const llvm::json::Value &J);

  bool operator==(const ProjectIndex &O) const {
    return Functions == O.Functions;
  }

private:
  std::map<std::string, FunctionSummary> Functions;
};

/// What one unit gives the project index and takes from it.
struct UnitSummaries {
  /// The functions its main file defines.
  ProjectIndex Defined;
  /// The USRs of the functions defined elsewhere whose results it used.
  std::set<std::string> Imports;
};

} // namespace torchlint

#endif
