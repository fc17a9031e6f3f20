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

#include "torchlint/api/TorchApi.h"
#include "torchlint/core/ProjectFacts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace torchlint {

/// What one function returns, as a unit that only declares it needs it.
struct FunctionSummary {
  /// The function's name, for notes ("load_labels").
  std::string Name;
  /// The class of a member function ("CudaBackend"), for notes; "" for a
  /// free function.
  std::string Class;
  /// For a virtual member function: the USRs of every function it
  /// overrides, so that a virtual call in another unit reaches it.
  std::set<std::string> Overrides;
  /// The file defining it: its name, for notes, and its absolute path, to
  /// drop the summary once the file changes.
  std::string File;
  std::string Path;
  /// The other files whose summaries the defining unit imported: a change
  /// to one of them may change this summary too.
  std::set<std::string> Uses;

  enum class Form : uint8_t {
    Unknown,    ///< Nothing a caller can rely on.
    Known,      ///< A value of its own (Device: the CPU; Dtype: Type).
    FollowsArg, ///< What its tensor argument Arg is.
    /// Device only: on a device other than the CPU that the function
    /// itself picks (a CUDA device, a device its object holds, such as
    /// the device a backend loaded its module onto), spelled DeviceText.
    OnDevice,
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
  /// For OnDevice: the device as the defining unit spells it ("a CUDA
  /// device", "'device_'").
  std::string DeviceText;

  Form Dtype = Form::Unknown;
  api::ScalarKind Type = api::ScalarKind::Float;
  bool ZeroDim = false;
  unsigned DtypeArg = 0;
  Origin DtypeOrigin;

  /// A tensor parameter's precondition: where argument Arg meets another
  /// dtype (DtypeRequirement) or, OnDevice, argument OtherArg's device
  /// (DeviceRequirement) in the function's body.
  struct Requirement {
    enum class KindTy : uint8_t {
      SameDtype,   ///< Must have the dtype of what it meets (Other).
      ClassTarget, ///< A loss's class indices: must be Long.
      /// A loss's class indices that may not be probabilities either
      /// (nll_loss): must be Long or Byte, never floating.
      IndexTarget,
      SameDevice,  ///< Must be on argument OtherArg's device.
      /// Its memory is read on the host (data_ptr): must be on the CPU.
      OnHost,
      /// Read as the element type OtherText (data_ptr<T>, accessor<T, N>):
      /// must be the known dtype Other exactly.
      DataPtr,
      /// Meets a device the function itself holds (a module loaded onto
      /// it, a device field): must not be a tensor created on the CPU.
      /// OtherText names the holder, Device the device as spelled.
      OwnDevice,
    };
    KindTy Kind = KindTy::SameDtype;
    unsigned Arg = 0;
    /// OwnDevice: the device the function meets it with ("'device_'").
    std::string Device;
    /// The argument promoted with Floor beside a Float matrix first.
    bool Promoted = false;
    api::ScalarKind Floor = api::ScalarKind::Float;
    /// What it meets: a known dtype made at OtherOrigin, or argument
    /// OtherArg's dtype.
    Form Other = Form::Unknown;
    api::ScalarKind OtherType = api::ScalarKind::Float;
    bool OtherZeroDim = false;
    unsigned OtherArg = 0;
    Origin OtherOrigin;
    std::string OtherText; ///< "'lin(x)'".
    std::string Operation; ///< "torch::matmul".
    /// Of the operation, in File; for a precondition the function hands on
    /// from a callee in another file, of its call of that callee, and At
    /// says where the operation is ("losses.cpp:24").
    unsigned Line = 0;
    std::string At;
    bool operator==(const Requirement &O) const;
  };
  std::vector<Requirement> Requires;

  /// For a function returning a struct of tensors: what it says of each
  /// field, by name: its known dtype, and whether the function created it
  /// on the CPU, each with where it was made.
  struct FieldSummary {
    bool HasDtype = false;
    api::ScalarKind Type = api::ScalarKind::Float;
    bool ZeroDim = false;
    Origin Made;
    bool Cpu = false;
    Origin CpuMade;
    /// On a device the function itself picks (Form::OnDevice), spelled
    /// DeviceText, with where it was put there.
    bool OnDevice = false;
    std::string DeviceText;
    Origin DeviceMade;
    bool operator==(const FieldSummary &O) const;
  };
  std::map<std::string, FieldSummary> Fields;

  /// True when a caller learns nothing from it.
  bool empty() const {
    return Device == Form::Unknown && Dtype == Form::Unknown &&
           Requires.empty() && Fields.empty();
  }
  bool operator==(const FunctionSummary &O) const;
  bool operator!=(const FunctionSummary &O) const { return !(*this == O); }
};

/// Where a unit of the project shows a project fact (ProjectFacts.h), as
/// the run that linked the index saw it: what settles, for a host that sees
/// one file, a finding that depends on the rest of the project.
struct IndexedSite {
  ProjectFact Fact;
  /// The program of the unit that showed it ("" for shared code).
  std::string Program;
  /// The site's file (absolute), line and column.
  std::string Path;
  unsigned Line = 0;
  unsigned Column = 0;
  /// The note a finding settled by it gets ("" for none).
  std::string Message;
  bool operator==(const IndexedSite &O) const {
    return Fact == O.Fact && Program == O.Program && Path == O.Path &&
           Line == O.Line && Column == O.Column && Message == O.Message;
  }
};

/// The summaries of a project's functions by USR, and the sites of its
/// project facts.
class ProjectIndex {
public:
  /// Adds Key's summary. A function two units define differently (an
  /// inline function seen with other macros, two programs with one name)
  /// keeps only what both say.
  void add(const std::string &Key, const FunctionSummary &S);
  /// Every summary of Other, as add() takes them.
  void merge(const ProjectIndex &Other);
  /// Records that Key's summary was computed with the summaries of the
  /// files Paths define.
  void noteUses(const std::string &Key, const std::set<std::string> &Paths);

  const FunctionSummary *find(llvm::StringRef Key) const;
  /// What an import key (a USR, or OverridersKey and a USR) reads: the
  /// summary of that function, or those of every overrider.
  std::vector<const FunctionSummary *> resolve(llvm::StringRef Key) const;
  /// The summaries of the functions that override Key (its USR), by USR:
  /// what a virtual call of Key may run.
  std::vector<std::pair<std::string, const FunctionSummary *>>
  overridersOf(llvm::StringRef Key) const;
  size_t size() const { return Functions.size(); }
  bool empty() const { return Functions.empty(); }
  const std::map<std::string, FunctionSummary> &functions() const {
    return Functions;
  }

  /// The prefix of an import key that stands for every overrider of the
  /// USR after it (what a virtual call imports).
  static constexpr const char *OverridersKey = "overriders-of:";

  /// A digest of what the index says of Keys (absent keys included;
  /// OverridersKey keys: the overriders' summaries), for cache keys: a
  /// unit analysed against an index is current while what it imported is
  /// unchanged.
  std::string digest(const std::set<std::string> &Keys) const;

  llvm::json::Value toJSON() const;
  /// The index J holds, or an error naming what is malformed.
  static llvm::Expected<ProjectIndex> fromJSON(const llvm::json::Value &J);

  /// Records the size and modification time of every file that defines a
  /// summary, as they are now (the host that links the index does).
  void stampFiles();
  /// Drops the summaries and fact sites of files changed since stampFiles()
  /// (an index written by an earlier run, read by a host that sees one
  /// file); returns how many summaries were dropped.
  unsigned dropStale();

  /// Records what a run over the whole project showed of its facts: the
  /// first site of each fact in each program, and the program of each file
  /// it analysed (absolute paths). Files of Program keep the sites and
  /// programs of files the run did not analyse.
  void setProjectFacts(std::vector<IndexedSite> Sites,
                       std::map<std::string, std::string> ProgramOf);
  /// Keeps Old's sites and programs of the files this index's run did not
  /// analyse (a run over some files of the project).
  void keepProjectFactsOf(const ProjectIndex &Old);
  /// True when a run over the project recorded its facts here.
  bool hasProjectFacts() const { return HasFacts; }
  /// The program Path (absolute) belongs to, as that run saw it: "" for
  /// shared code; nothing for a file it did not analyse, which its facts
  /// say nothing of.
  std::optional<std::string> programOf(llvm::StringRef Path) const;
  /// The first recorded site of Fact that holds for a finding of Program
  /// (facts::relatedPrograms), or null.
  const IndexedSite *siteFor(const ProjectFact &Fact,
                             llvm::StringRef Program) const;
  const std::vector<IndexedSite> &sites() const { return Sites; }
  const std::map<std::string, std::string> &programs() const {
    return ProgramOf;
  }

  bool operator==(const ProjectIndex &O) const {
    return Functions == O.Functions;
  }

private:
  std::map<std::string, FunctionSummary> Functions;
  bool HasFacts = false;
  std::vector<IndexedSite> Sites;
  std::map<std::string, std::string> ProgramOf;
  /// File path -> "size:mtime" when stamped.
  std::map<std::string, std::string> Stamps;
};

/// Where the index of the project rooted at Root is kept in CacheDir
/// (torchlint's cache folder): one file per project, as clangd keeps one
/// background index per project.
std::string projectIndexPath(llvm::StringRef CacheDir, llvm::StringRef Root);

/// The index stored at Path; an error when it cannot be read or parsed
/// (a missing file included).
llvm::Expected<ProjectIndex> readProjectIndex(llvm::StringRef Path);

/// The index kept in CacheDir for the project File belongs to: the nearest
/// folder above File with a kept index. Stale summaries are dropped (Stale
/// counts them); null when there is none or it cannot be read.
std::shared_ptr<const ProjectIndex>
findProjectIndex(llvm::StringRef CacheDir, llvm::StringRef File,
                 unsigned *Stale = nullptr, std::string *Where = nullptr);

/// Writes Index to Path, whole or not at all (a reader never sees half).
llvm::Error storeProjectIndex(llvm::StringRef Path, const ProjectIndex &Index);

/// torchlint's cache folder when none is given: $XDG_CACHE_HOME/torchlint,
/// else ~/.cache/torchlint ("" when neither is known).
std::string defaultTorchlintCacheDir();

/// What one unit gives the project index and takes from it.
struct UnitSummaries {
  /// The functions its main file defines.
  ProjectIndex Defined;
  /// The USRs of the functions defined elsewhere whose results it used.
  std::set<std::string> Imports;
};

} // namespace torchlint

#endif
