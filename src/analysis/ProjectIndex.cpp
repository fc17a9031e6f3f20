//===- ProjectIndex.cpp - What the project's functions return -------------===//

#include "torchlint/analysis/ProjectIndex.h"
#include "torchlint/analysis/DeviceLattice.h"
#include "torchlint/analysis/DtypeLattice.h"
#include "torchlint/core/ProjectFacts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

namespace torchlint {

using Form = FunctionSummary::Form;

/// Each property's facts are kept under the property's own name.
static constexpr llvm::StringLiteral DeviceKey = Device::PropertyName;
static constexpr llvm::StringLiteral DtypeKey = Dtype::PropertyName;

static bool sameOrigin(const FunctionSummary::Origin &A,
                       const FunctionSummary::Origin &B) {
  return A.File == B.File && A.Line == B.Line && A.Message == B.Message;
}

bool FunctionSummary::Requirement::operator==(const Requirement &O) const {
  return Kind == O.Kind && Arg == O.Arg && Device == O.Device && At == O.At &&
         Promoted == O.Promoted && Floor == O.Floor && Other == O.Other &&
         OtherType == O.OtherType && OtherZeroDim == O.OtherZeroDim &&
         OtherArg == O.OtherArg && sameOrigin(OtherOrigin, O.OtherOrigin) &&
         OtherText == O.OtherText && Operation == O.Operation &&
         Line == O.Line;
}

bool FunctionSummary::FieldSummary::operator==(const FieldSummary &O) const {
  return HasDtype == O.HasDtype && Type == O.Type && ZeroDim == O.ZeroDim &&
         sameOrigin(Made, O.Made) && Cpu == O.Cpu &&
         sameOrigin(CpuMade, O.CpuMade) && OnDevice == O.OnDevice &&
         DeviceText == O.DeviceText && sameOrigin(DeviceMade, O.DeviceMade);
}

bool FunctionSummary::operator==(const FunctionSummary &O) const {
  auto SameOrigin = sameOrigin;
  return Name == O.Name && Class == O.Class && Overrides == O.Overrides &&
         File == O.File && Path == O.Path && Uses == O.Uses &&
         Device == O.Device &&
         DeviceArg == O.DeviceArg && DeviceText == O.DeviceText &&
         SameOrigin(DeviceOrigin, O.DeviceOrigin) && Dtype == O.Dtype &&
         Type == O.Type && ZeroDim == O.ZeroDim && DtypeArg == O.DtypeArg &&
         SameOrigin(DtypeOrigin, O.DtypeOrigin) && Requires == O.Requires &&
         Fields == O.Fields;
}

void ProjectIndex::add(const std::string &Key, const FunctionSummary &S) {
  auto [It, New] = Functions.try_emplace(Key, S);
  if (New || It->second == S)
    return;
  // Two definitions that disagree: keep each property only where both say
  // the same thing.
  FunctionSummary &Old = It->second;
  Old.Uses.insert(S.Uses.begin(), S.Uses.end());
  if (Old.Device != S.Device || Old.DeviceArg != S.DeviceArg ||
      Old.DeviceText != S.DeviceText)
    Old.Device = Form::Unknown;
  if (Old.Dtype != S.Dtype || Old.DtypeArg != S.DtypeArg ||
      Old.Type != S.Type || Old.ZeroDim != S.ZeroDim)
    Old.Dtype = Form::Unknown;
  llvm::erase_if(Old.Requires, [&](const FunctionSummary::Requirement &R) {
    return !llvm::is_contained(S.Requires, R);
  });
  for (auto It = Old.Fields.begin(); It != Old.Fields.end();) {
    auto Theirs = S.Fields.find(It->first);
    if (Theirs == S.Fields.end() || !(Theirs->second == It->second))
      It = Old.Fields.erase(It);
    else
      ++It;
  }
}

void ProjectIndex::noteUses(const std::string &Key,
                            const std::set<std::string> &Paths) {
  auto It = Functions.find(Key);
  if (It == Functions.end())
    return;
  for (const std::string &P : Paths)
    if (P != It->second.Path)
      It->second.Uses.insert(P);
}

void ProjectIndex::merge(const ProjectIndex &Other) {
  for (const auto &[Key, S] : Other.Functions)
    add(Key, S);
}

const FunctionSummary *ProjectIndex::find(llvm::StringRef Key) const {
  auto It = Functions.find(Key.str());
  return It == Functions.end() ? nullptr : &It->second;
}

std::vector<const FunctionSummary *>
ProjectIndex::resolve(llvm::StringRef Key) const {
  std::vector<const FunctionSummary *> Out;
  if (Key.consume_front(OverridersKey)) {
    for (const auto &[Usr, S] : overridersOf(Key))
      Out.push_back(S);
  } else if (const FunctionSummary *S = find(Key)) {
    Out.push_back(S);
  }
  return Out;
}

std::vector<std::pair<std::string, const FunctionSummary *>>
ProjectIndex::overridersOf(llvm::StringRef Key) const {
  // Few functions are virtual, and a unit asks once per call site: a scan
  // keeps the index a plain map that merges and serialises as it is.
  std::vector<std::pair<std::string, const FunctionSummary *>> Out;
  for (const auto &[Usr, S] : Functions)
    if (S.Overrides.count(Key.str()))
      Out.emplace_back(Usr, &S);
  return Out;
}

/// The name of a requirement's kind in the index.
static llvm::StringRef kindName(FunctionSummary::Requirement::KindTy K) {
  using K_ = FunctionSummary::Requirement::KindTy;
  switch (K) {
  case K_::SameDtype:
    return "same";
  case K_::ClassTarget:
    return "class-target";
  case K_::IndexTarget:
    return "index-target";
  case K_::SameDevice:
    return "same-device";
  case K_::OnHost:
    return "on-host";
  case K_::OwnDevice:
    return "own-device";
  case K_::DataPtr:
    return "data-ptr";
  }
  return "same";
}

/// The kind kindName() names.
static std::optional<FunctionSummary::Requirement::KindTy>
kindNamed(llvm::StringRef S) {
  using K_ = FunctionSummary::Requirement::KindTy;
  for (K_ K : {K_::SameDtype, K_::ClassTarget, K_::IndexTarget,
               K_::SameDevice, K_::OnHost,
               K_::OwnDevice, K_::DataPtr})
    if (kindName(K) == S)
      return K;
  return std::nullopt;
}

static llvm::StringRef formName(Form F) {
  switch (F) {
  case Form::Unknown:
    return "unknown";
  case Form::Known:
    return "known";
  case Form::FollowsArg:
    return "follows-arg";
  case Form::OnDevice:
    return "on-device";
  }
  return "unknown";
}

static std::optional<Form> formOf(llvm::StringRef S) {
  if (S == "unknown")
    return Form::Unknown;
  if (S == "known")
    return Form::Known;
  if (S == "follows-arg")
    return Form::FollowsArg;
  if (S == "on-device")
    return Form::OnDevice;
  return std::nullopt;
}

/// One property of a summary as JSON: {"form", "arg"?, "line"?, "note"?}.
static llvm::json::Object propertyJSON(Form F, unsigned Arg,
                                       const FunctionSummary::Origin &O) {
  llvm::json::Object J{{"form", formName(F)}};
  if (F == Form::FollowsArg)
    J["arg"] = Arg;
  if (F == Form::Known || F == Form::OnDevice) {
    J["file"] = O.File;
    J["line"] = O.Line;
    J["note"] = O.Message;
  }
  return J;
}

llvm::json::Value ProjectIndex::toJSON() const {
  llvm::json::Object Out;
  for (const auto &[Key, S] : Functions) {
    llvm::json::Object Dtype =
        propertyJSON(S.Dtype, S.DtypeArg, S.DtypeOrigin);
    if (S.Dtype == Form::Known) {
      Dtype["type"] = api::scalarName(S.Type);
      Dtype["zero-dim"] = S.ZeroDim;
    }
    llvm::json::Object Entry{
        {"name", S.Name},
        {"file", S.File},
        {"path", S.Path},
        {"uses", llvm::json::Array(S.Uses)},
        {DeviceKey, propertyJSON(S.Device, S.DeviceArg, S.DeviceOrigin)},
        {DtypeKey, std::move(Dtype)}};
    if (S.Device == Form::OnDevice)
      Entry.getObject(DeviceKey)->try_emplace("text", S.DeviceText);
    if (!S.Class.empty())
      Entry["class"] = S.Class;
    if (!S.Overrides.empty())
      Entry["overrides"] = llvm::json::Array(S.Overrides);
    if (!S.Requires.empty()) {
      llvm::json::Array Requires;
      for (const FunctionSummary::Requirement &R : S.Requires) {
        llvm::json::Object Other =
            propertyJSON(R.Other, R.OtherArg, R.OtherOrigin);
        if (R.Other == Form::Known) {
          Other["type"] = api::scalarName(R.OtherType);
          Other["zero-dim"] = R.OtherZeroDim;
        }
        llvm::json::Object J{{"arg", R.Arg},
                             {"kind", kindName(R.Kind)},
                             {"other", std::move(Other)},
                             {"text", R.OtherText},
                             {"operation", R.Operation},
                             {"line", R.Line}};
        if (R.Promoted)
          J["floor"] = api::scalarName(R.Floor);
        if (!R.Device.empty())
          J[DeviceKey] = R.Device;
        if (!R.At.empty())
          J["at"] = R.At;
        Requires.push_back(std::move(J));
      }
      Entry["requires"] = std::move(Requires);
    }
    if (!S.Fields.empty()) {
      llvm::json::Object Fields;
      for (const auto &[Name, F] : S.Fields) {
        llvm::json::Object J;
        if (F.HasDtype) {
          llvm::json::Object Dtype = propertyJSON(Form::Known, 0, F.Made);
          Dtype["type"] = api::scalarName(F.Type);
          Dtype["zero-dim"] = F.ZeroDim;
          J[DtypeKey] = std::move(Dtype);
        }
        if (F.Cpu)
          J[DeviceKey] = propertyJSON(Form::Known, 0, F.CpuMade);
        if (F.OnDevice) {
          llvm::json::Object Device =
              propertyJSON(Form::OnDevice, 0, F.DeviceMade);
          Device["text"] = F.DeviceText;
          J[DeviceKey] = std::move(Device);
        }
        Fields[Name] = std::move(J);
      }
      Entry["fields"] = std::move(Fields);
    }
    Out[Key] = std::move(Entry);
  }
  llvm::json::Object Files;
  for (const auto &[Path, Stamp] : Stamps)
    Files[Path] = Stamp;
  llvm::json::Object Root{{"version", 1},
                          {"functions", std::move(Out)},
                          {"files", std::move(Files)}};
  if (HasFacts) {
    llvm::json::Array SitesJ;
    for (const IndexedSite &S : Sites)
      SitesJ.push_back(llvm::json::Object{{"fact", S.Fact.str()},
                                          {"program", S.Program},
                                          {"path", S.Path},
                                          {"line", S.Line},
                                          {"column", S.Column},
                                          {"note", S.Message}});
    llvm::json::Object Programs;
    for (const auto &[Path, Program] : ProgramOf)
      Programs[Path] = Program;
    Root["facts"] = llvm::json::Object{{"sites", std::move(SitesJ)},
                                       {"programs", std::move(Programs)}};
  }
  return Root;
}

/// Reads one property of a summary; false when it is malformed.
static bool readProperty(const llvm::json::Object *J, Form &F, unsigned &Arg,
                         FunctionSummary::Origin &O) {
  if (!J)
    return false;
  std::optional<llvm::StringRef> Name = J->getString("form");
  std::optional<Form> Parsed = Name ? formOf(*Name) : std::nullopt;
  if (!Parsed)
    return false;
  F = *Parsed;
  Arg = static_cast<unsigned>(J->getInteger("arg").value_or(0));
  O.File = J->getString("file").value_or("").str();
  O.Line = static_cast<unsigned>(J->getInteger("line").value_or(0));
  O.Message = J->getString("note").value_or("").str();
  return true;
}

/// Reads the known dtype of a property ({"type", "zero-dim"}); false when
/// it names none.
static bool readKnownDtype(const llvm::json::Object *J, api::ScalarKind &Type,
                           bool &ZeroDim) {
  std::optional<api::ScalarKind> K =
      J ? api::scalarKindNamed(J->getString("type").value_or(""))
        : std::nullopt;
  if (!K)
    return false;
  Type = *K;
  ZeroDim = J->getBoolean("zero-dim").value_or(false);
  return true;
}

llvm::Expected<ProjectIndex> ProjectIndex::fromJSON(const llvm::json::Value &J) {
  auto Malformed = [](const llvm::Twine &What) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "project index: " + What);
  };
  const llvm::json::Object *Root = J.getAsObject();
  if (!Root || Root->getInteger("version") != 1)
    return Malformed("not a version 1 index");
  const llvm::json::Object *Functions = Root->getObject("functions");
  if (!Functions)
    return Malformed("no 'functions'");
  ProjectIndex Index;
  for (const auto &[Key, Value] : *Functions) {
    const llvm::json::Object *F = Value.getAsObject();
    if (!F)
      return Malformed("'" + Key.str() + "' is not an object");
    FunctionSummary S;
    S.Name = F->getString("name").value_or("").str();
    S.File = F->getString("file").value_or("").str();
    S.Path = F->getString("path").value_or("").str();
    S.Class = F->getString("class").value_or("").str();
    if (const llvm::json::Array *Overrides = F->getArray("overrides"))
      for (const llvm::json::Value &O : *Overrides)
        if (std::optional<llvm::StringRef> U = O.getAsString())
          S.Overrides.insert(U->str());
    if (const llvm::json::Array *Uses = F->getArray("uses"))
      for (const llvm::json::Value &U : *Uses)
        if (std::optional<llvm::StringRef> P = U.getAsString())
          S.Uses.insert(P->str());
    const llvm::json::Object *Dtype = F->getObject(DtypeKey);
    if (!readProperty(F->getObject(DeviceKey), S.Device, S.DeviceArg,
                      S.DeviceOrigin) ||
        !readProperty(Dtype, S.Dtype, S.DtypeArg, S.DtypeOrigin))
      return Malformed("'" + Key.str() + "' has a malformed property");
    if (S.Device == Form::OnDevice)
      S.DeviceText =
          F->getObject(DeviceKey)->getString("text").value_or("").str();
    if (S.Dtype == Form::OnDevice)
      return Malformed("'" + Key.str() + "' has a malformed property");
    if (S.Dtype == Form::Known && !readKnownDtype(Dtype, S.Type, S.ZeroDim))
      return Malformed("'" + Key.str() + "' has an unknown dtype");
    if (const llvm::json::Array *Requires = F->getArray("requires"))
      for (const llvm::json::Value &RV : *Requires) {
        const llvm::json::Object *RJ = RV.getAsObject();
        FunctionSummary::Requirement R;
        const llvm::json::Object *Other = RJ ? RJ->getObject("other") : nullptr;
        if (!RJ || !readProperty(Other, R.Other, R.OtherArg, R.OtherOrigin))
          return Malformed("'" + Key.str() + "' has a malformed requirement");
        R.Arg = static_cast<unsigned>(RJ->getInteger("arg").value_or(0));
        std::optional<FunctionSummary::Requirement::KindTy> Kind =
            kindNamed(RJ->getString("kind").value_or(""));
        if (!Kind)
          return Malformed("'" + Key.str() + "' has an unknown requirement");
        R.Kind = *Kind;
        R.Device = RJ->getString(DeviceKey).value_or("").str();
        R.At = RJ->getString("at").value_or("").str();
        R.OtherText = RJ->getString("text").value_or("").str();
        R.Operation = RJ->getString("operation").value_or("").str();
        R.Line = static_cast<unsigned>(RJ->getInteger("line").value_or(0));
        if (std::optional<llvm::StringRef> Floor = RJ->getString("floor")) {
          std::optional<api::ScalarKind> K = api::scalarKindNamed(*Floor);
          if (!K)
            return Malformed("'" + Key.str() + "' has an unknown dtype");
          R.Promoted = true;
          R.Floor = *K;
        }
        if (R.Other == Form::Known &&
            !readKnownDtype(Other, R.OtherType, R.OtherZeroDim))
          return Malformed("'" + Key.str() + "' has an unknown dtype");
        S.Requires.push_back(std::move(R));
      }
    if (const llvm::json::Object *Fields = F->getObject("fields"))
      for (const auto &[Name, FV] : *Fields) {
        const llvm::json::Object *FJ = FV.getAsObject();
        if (!FJ)
          return Malformed("'" + Key.str() + "' has a malformed field");
        Form Kind;
        unsigned Unused;
        FunctionSummary::FieldSummary Field;
        if (const llvm::json::Object *Dtype = FJ->getObject(DtypeKey)) {
          if (!readProperty(Dtype, Kind, Unused, Field.Made) ||
              Kind != Form::Known ||
              !readKnownDtype(Dtype, Field.Type, Field.ZeroDim))
            return Malformed("'" + Key.str() + "' has a malformed field");
          Field.HasDtype = true;
        }
        if (const llvm::json::Object *Device = FJ->getObject(DeviceKey)) {
          FunctionSummary::Origin Made;
          if (!readProperty(Device, Kind, Unused, Made) ||
              (Kind != Form::Known && Kind != Form::OnDevice))
            return Malformed("'" + Key.str() + "' has a malformed field");
          if (Kind == Form::Known) {
            Field.Cpu = true;
            Field.CpuMade = std::move(Made);
          } else {
            Field.OnDevice = true;
            Field.DeviceMade = std::move(Made);
            Field.DeviceText = Device->getString("text").value_or("").str();
          }
        }
        if (Field.HasDtype || Field.Cpu || Field.OnDevice)
          S.Fields.emplace(Name.str(), std::move(Field));
      }
    Index.Functions.emplace(Key.str(), std::move(S));
  }
  if (const llvm::json::Object *Files = Root->getObject("files"))
    for (const auto &[Path, Stamp] : *Files)
      if (std::optional<llvm::StringRef> S = Stamp.getAsString())
        Index.Stamps[Path.str()] = S->str();
  if (const llvm::json::Object *Facts = Root->getObject("facts")) {
    Index.HasFacts = true;
    if (const llvm::json::Array *SitesJ = Facts->getArray("sites"))
      for (const llvm::json::Value &V : *SitesJ) {
        const llvm::json::Object *O = V.getAsObject();
        std::optional<llvm::StringRef> Fact =
            O ? O->getString("fact") : std::nullopt;
        std::optional<llvm::StringRef> Path =
            O ? O->getString("path") : std::nullopt;
        if (!Fact || !Path)
          return Malformed("a fact site without 'fact' or 'path'");
        IndexedSite S;
        // A fact of a newer release is none this one can settle.
        S.Fact = ProjectFact::parse(*Fact);
        if (S.Fact.empty())
          continue;
        S.Path = Path->str();
        S.Program = O->getString("program").value_or("").str();
        S.Line = static_cast<unsigned>(O->getInteger("line").value_or(0));
        S.Column = static_cast<unsigned>(O->getInteger("column").value_or(0));
        S.Message = O->getString("note").value_or("").str();
        Index.Sites.push_back(std::move(S));
      }
    if (const llvm::json::Object *Programs = Facts->getObject("programs"))
      for (const auto &[Path, Program] : *Programs)
        if (std::optional<llvm::StringRef> P = Program.getAsString())
          Index.ProgramOf[Path.str()] = P->str();
  }
  return Index;
}

void ProjectIndex::setProjectFacts(
    std::vector<IndexedSite> NewSites,
    std::map<std::string, std::string> Programs) {
  HasFacts = true;
  Sites = std::move(NewSites);
  ProgramOf = std::move(Programs);
}

void ProjectIndex::keepProjectFactsOf(const ProjectIndex &Old) {
  if (!HasFacts || !Old.HasFacts)
    return;
  // What this run analysed is in ProgramOf; the rest of the project keeps
  // what the earlier run showed of it.
  for (const IndexedSite &S : Old.Sites)
    if (!ProgramOf.count(S.Path) &&
        llvm::none_of(Sites, [&](const IndexedSite &Mine) {
          return Mine.Fact == S.Fact && Mine.Program == S.Program;
        }))
      Sites.push_back(S);
  for (const auto &[Path, Program] : Old.ProgramOf)
    ProgramOf.try_emplace(Path, Program);
}

std::optional<std::string> ProjectIndex::programOf(llvm::StringRef Path) const {
  auto It = ProgramOf.find(Path.str());
  if (It == ProgramOf.end())
    return std::nullopt;
  return It->second;
}

const IndexedSite *ProjectIndex::siteFor(const ProjectFact &Fact,
                                         llvm::StringRef Program) const {
  for (const IndexedSite &S : Sites)
    if (S.Fact == Fact && facts::relatedPrograms(S.Fact, S.Program, Program))
      return &S;
  return nullptr;
}

/// "size:mtime" of Path now, or "" when it cannot be read.
static std::string stampOf(llvm::StringRef Path) {
  llvm::sys::fs::file_status Status;
  if (Path.empty() || llvm::sys::fs::status(Path, Status))
    return "";
  return std::to_string(Status.getSize()) + ":" +
         std::to_string(Status.getLastModificationTime()
                            .time_since_epoch()
                            .count());
}

void ProjectIndex::stampFiles() {
  Stamps.clear();
  for (const auto &[Key, S] : Functions) {
    if (!S.Path.empty() && !Stamps.count(S.Path))
      Stamps[S.Path] = stampOf(S.Path);
    for (const std::string &U : S.Uses)
      if (!Stamps.count(U))
        Stamps[U] = stampOf(U);
  }
  for (const IndexedSite &S : Sites)
    if (!Stamps.count(S.Path))
      Stamps[S.Path] = stampOf(S.Path);
}

unsigned ProjectIndex::dropStale() {
  std::map<std::string, bool> Current;
  unsigned Dropped = 0;
  auto Unchanged = [&](const std::string &Path) {
    auto [C, New] = Current.try_emplace(Path, false);
    if (New) {
      auto Stamp = Stamps.find(Path);
      C->second = Stamp != Stamps.end() && !Stamp->second.empty() &&
                  Stamp->second == stampOf(Path);
    }
    return C->second;
  };
  for (auto It = Functions.begin(); It != Functions.end();) {
    if (Unchanged(It->second.Path) &&
        llvm::all_of(It->second.Uses, Unchanged)) {
      ++It;
    } else {
      It = Functions.erase(It);
      ++Dropped;
    }
  }
  // A site in a changed file may be gone: a finding it settled is then
  // left to the next run, not reported on a stale word.
  llvm::erase_if(Sites,
                 [&](const IndexedSite &S) { return !Unchanged(S.Path); });
  return Dropped;
}

std::string projectIndexPath(llvm::StringRef CacheDir, llvm::StringRef Root) {
  llvm::SHA256 Hash;
  Hash.update(Root);
  std::string Name = llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 16);
  llvm::SmallString<256> Path(CacheDir);
  llvm::sys::path::append(Path, "indexes", Name + ".json");
  return std::string(Path);
}

llvm::Expected<ProjectIndex> readProjectIndex(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return llvm::errorCodeToError(Buffer.getError());
  llvm::Expected<llvm::json::Value> J =
      llvm::json::parse((*Buffer)->getBuffer());
  if (!J)
    return J.takeError();
  return ProjectIndex::fromJSON(*J);
}

std::shared_ptr<const ProjectIndex>
findProjectIndex(llvm::StringRef CacheDir, llvm::StringRef File,
                 unsigned *Stale, std::string *Where) {
  if (CacheDir.empty())
    return nullptr;
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  for (llvm::StringRef D = llvm::sys::path::parent_path(Dir); !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    std::string Path = projectIndexPath(CacheDir, D);
    if (!llvm::sys::fs::exists(Path))
      continue;
    llvm::Expected<ProjectIndex> Index = readProjectIndex(Path);
    if (!Index) {
      llvm::consumeError(Index.takeError());
      return nullptr;
    }
    unsigned Dropped = Index->dropStale();
    if (Stale)
      *Stale = Dropped;
    if (Where)
      *Where = Path;
    return std::make_shared<const ProjectIndex>(std::move(*Index));
  }
  return nullptr;
}

llvm::Error storeProjectIndex(llvm::StringRef Path, const ProjectIndex &Index) {
  namespace fs = llvm::sys::fs;
  if (std::error_code EC =
          fs::create_directories(llvm::sys::path::parent_path(Path)))
    return llvm::errorCodeToError(EC);
  int FD;
  llvm::SmallString<256> Tmp;
  if (std::error_code EC = fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Tmp))
    return llvm::errorCodeToError(EC);
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Index.toJSON();
  }
  if (std::error_code EC = fs::rename(Tmp, Path)) {
    fs::remove(Tmp);
    return llvm::errorCodeToError(EC);
  }
  return llvm::Error::success();
}

std::string defaultTorchlintCacheDir() {
  llvm::SmallString<256> Dir;
  if (!llvm::sys::path::cache_directory(Dir))
    return "";
  llvm::sys::path::append(Dir, "torchlint");
  return std::string(Dir);
}

std::string ProjectIndex::digest(const std::set<std::string> &Keys) const {
  llvm::SHA256 Hash;
  for (const std::string &Key : Keys) {
    Hash.update(Key);
    Hash.update(llvm::StringRef("\0", 1));
    // A virtual call imported whatever overrides its function: an
    // overrider added, changed or gone changes what the unit imported.
    ProjectIndex Read;
    llvm::StringRef Base(Key);
    if (Base.consume_front(OverridersKey)) {
      for (const auto &[Usr, S] : overridersOf(Base))
        Read.Functions.emplace(Usr, *S);
    } else if (const FunctionSummary *S = find(Key)) {
      Read.Functions.emplace(Key, *S);
    }
    if (!Read.empty()) {
      std::string Text;
      llvm::raw_string_ostream OS(Text);
      OS << Read.toJSON();
      Hash.update(OS.str());
    }
    Hash.update(llvm::StringRef("\1", 1));
  }
  return llvm::toHex(Hash.final(), /*LowerCase=*/true);
}

} // namespace torchlint
