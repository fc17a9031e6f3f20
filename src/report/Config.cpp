//===- Config.cpp - .clang-tidy files as torchlint's configuration --------===//

#include "report/Config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/raw_ostream.h"

namespace torchlint {

namespace yaml = llvm::yaml;

namespace {

llvm::Error configError(llvm::StringRef Source, const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 Source + ": " + Why);
}

/// The text of a scalar node, or none for other kinds.
std::optional<std::string> scalarText(yaml::Node *N) {
  auto *S = llvm::dyn_cast_or_null<yaml::ScalarNode>(N);
  if (!S) {
    if (auto *B = llvm::dyn_cast_or_null<yaml::BlockScalarNode>(N))
      return B->getValue().str();
    return std::nullopt;
  }
  llvm::SmallString<64> Storage;
  return S->getValue(Storage).str();
}

/// A YAML boolean as clang-tidy spells it.
std::optional<bool> boolValue(llvm::StringRef V) {
  std::string L = V.lower();
  if (L == "true" || L == "yes" || L == "on" || L == "1")
    return true;
  if (L == "false" || L == "no" || L == "off" || L == "0")
    return false;
  return std::nullopt;
}

/// Checks may be written as one string or, since clang-tidy 16, a YAML list.
std::optional<std::string> globsText(yaml::Node *N) {
  if (auto Text = scalarText(N))
    return Text;
  auto *Seq = llvm::dyn_cast_or_null<yaml::SequenceNode>(N);
  if (!Seq)
    return std::nullopt;
  std::string Out;
  for (yaml::Node &Item : *Seq)
    if (auto T = scalarText(&Item))
      Out += (Out.empty() ? "" : ",") + *T;
  return Out;
}

/// The top-level keys of .clang-tidy files, in every clang-tidy version.
bool isTidyKey(llvm::StringRef Key) {
  return llvm::StringSwitch<bool>(Key)
      .Cases("Checks", "WarningsAsErrors", "HeaderFilterRegex",
             "ExcludeHeaderFilterRegex", "SystemHeaders", true)
      .Cases("HeaderFileExtensions", "ImplementationFileExtensions", true)
      .Cases("FormatStyle", "User", "CheckOptions", "InheritParentConfig",
             "UseColor", true)
      .Cases("ExtraArgs", "ExtraArgsBefore", "RemovedArgs", true)
      .Cases("CustomChecks", "AnalyzeTemporaryDtors", true)
      .Default(false);
}

/// clang-tidy writes multi-line glob lists; newlines separate nothing.
std::string flattenGlobs(llvm::StringRef Globs) {
  std::string Out;
  for (char C : Globs)
    Out += (C == '\n' || C == '\r') ? ',' : C;
  return Out;
}

} // namespace

llvm::Expected<TidyConfig> parseTidyConfig(llvm::StringRef Text,
                                           llvm::StringRef Source) {
  TidyConfig Config;
  Config.Sources.push_back(Source.str());
  llvm::SourceMgr SM;
  std::string Diag;
  llvm::raw_string_ostream DiagOS(Diag);
  yaml::Stream Stream(Text, SM, /*ShowColors=*/false);
  // Errors are printed by the parser; keep them for our message instead.
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Ctx) {
        D.print(nullptr, *static_cast<llvm::raw_string_ostream *>(Ctx), false);
      },
      &DiagOS);
  auto Doc = Stream.begin();
  if (Doc == Stream.end() || !Doc->getRoot())
    return Config;
  yaml::Node *Root = Doc->getRoot();
  if (llvm::isa<yaml::NullNode>(Root))
    return Config;
  auto *Map = llvm::dyn_cast<yaml::MappingNode>(Root);
  if (!Map)
    return configError(Source, "expected a mapping at the top level");
  for (yaml::KeyValueNode &KV : *Map) {
    std::optional<std::string> Key = scalarText(KV.getKey());
    if (!Key)
      return configError(Source, "expected a scalar key");
    yaml::Node *Value = KV.getValue();
    if (*Key == "Checks") {
      if (auto G = globsText(Value))
        Config.Checks = flattenGlobs(*G);
    } else if (*Key == "WarningsAsErrors") {
      if (auto G = globsText(Value))
        Config.WarningsAsErrors = flattenGlobs(*G);
    } else if (*Key == "HeaderFilterRegex") {
      Config.HeaderFilterRegex = scalarText(Value);
    } else if (*Key == "InheritParentConfig") {
      if (auto T = scalarText(Value))
        Config.InheritParentConfig = boolValue(*T);
    } else if (*Key == "CheckOptions") {
      if (auto *Seq = llvm::dyn_cast_or_null<yaml::SequenceNode>(Value)) {
        // The old form: - key: torch-x.Opt
        //                 value: v
        for (yaml::Node &Item : *Seq) {
          auto *Entry = llvm::dyn_cast<yaml::MappingNode>(&Item);
          if (!Entry)
            return configError(Source, "CheckOptions entries must be maps");
          std::optional<std::string> K, V;
          for (yaml::KeyValueNode &F : *Entry) {
            auto Name = scalarText(F.getKey());
            if (Name && *Name == "key")
              K = scalarText(F.getValue());
            else if (Name && *Name == "value")
              V = scalarText(F.getValue());
          }
          if (!K || !V)
            return configError(Source,
                               "CheckOptions entries need a key and a value");
          Config.CheckOptions.push_back({*K, *V});
        }
      } else if (auto *M = llvm::dyn_cast_or_null<yaml::MappingNode>(Value)) {
        // The new form: torch-x.Opt: v
        for (yaml::KeyValueNode &F : *M) {
          auto K = scalarText(F.getKey());
          auto V = scalarText(F.getValue());
          if (!K || !V)
            return configError(Source, "CheckOptions values must be scalars");
          Config.CheckOptions.push_back({*K, *V});
        }
      } else if (!llvm::isa_and_nonnull<yaml::NullNode>(Value)) {
        return configError(Source, "CheckOptions must be a list or a map");
      }
    } else if (isTidyKey(*Key)) {
      // Other clang-tidy keys (FormatStyle, User, ...) do not concern us, but
      // must still be valid YAML.
      KV.skip();
    } else {
      // A misspelt key ("Check:") would leave the file without effect and
      // say nothing; clang-tidy rejects it too.
      auto [Line, Column] =
          SM.getLineAndColumn(KV.getKey()->getSourceRange().Start);
      return configError(Source.str() + ":" + std::to_string(Line) + ":" +
                             std::to_string(Column),
                         "unknown key '" + *Key + "'");
    }
  }
  if (Stream.failed())
    return configError(Source, "invalid YAML: " + llvm::StringRef(Diag).trim());
  // A severity torchlint does not know would silently keep the default.
  for (const auto &[K, V] : Config.CheckOptions) {
    llvm::StringRef Name(K);
    std::string Level = llvm::StringRef(V).lower();
    if (Name.startswith("torch-") && Name.endswith(".Severity") &&
        Level != "error" && Level != "warning" && Level != "note")
      return configError(Source, "CheckOptions: " + K + " is '" + V +
                                     "'; expected error, warning or note");
  }
  return Config;
}

TidyConfig mergeTidyConfig(const TidyConfig &Parent, const TidyConfig &Child) {
  TidyConfig Out = Parent;
  auto Concat = [](std::optional<std::string> &Into,
                   const std::optional<std::string> &More) {
    if (!More)
      return;
    Into = Into && !Into->empty() ? *Into + "," + *More : *More;
  };
  Concat(Out.Checks, Child.Checks);
  Concat(Out.WarningsAsErrors, Child.WarningsAsErrors);
  if (Child.HeaderFilterRegex)
    Out.HeaderFilterRegex = Child.HeaderFilterRegex;
  Out.InheritParentConfig = Child.InheritParentConfig;
  Out.CheckOptions.insert(Out.CheckOptions.end(), Child.CheckOptions.begin(),
                          Child.CheckOptions.end());
  Out.Sources.insert(Out.Sources.end(), Child.Sources.begin(),
                     Child.Sources.end());
  return Out;
}

/// A YAML single-quoted scalar.
static std::string quoted(llvm::StringRef S) {
  std::string Out = "'";
  for (char C : S)
    Out += C == '\'' ? std::string("''") : std::string(1, C);
  return Out + "'";
}

std::string dumpTidyConfig(const TidyConfig &Config) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "---\n";
  for (const std::string &S : Config.Sources)
    OS << "# from " << S << "\n";
  OS << "Checks: " << quoted(Config.Checks.value_or("")) << "\n";
  OS << "WarningsAsErrors: " << quoted(Config.WarningsAsErrors.value_or(""))
     << "\n";
  OS << "HeaderFilterRegex: " << quoted(Config.HeaderFilterRegex.value_or(""))
     << "\n";
  OS << "CheckOptions:\n";
  // Later keys win; print each key once, with its final value, sorted.
  std::map<std::string, std::string> Final(Config.CheckOptions.begin(),
                                           Config.CheckOptions.end());
  for (const auto &KV : Config.CheckOptions)
    Final[KV.first] = KV.second;
  for (const auto &[K, V] : Final)
    OS << "  " << K << ": " << quoted(V) << "\n";
  OS << "...\n";
  return Out;
}

ConfigProvider::ConfigProvider(std::optional<std::string> ConfigFile)
    : ConfigFile(std::move(ConfigFile)) {}

llvm::Expected<std::optional<TidyConfig>>
ConfigProvider::configOfDir(llvm::StringRef Dir) {
  auto It = ByDir.find(Dir.str());
  if (It != ByDir.end())
    return It->second;
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, ".clang-tidy");
  std::optional<TidyConfig> Result;
  if (llvm::sys::fs::is_regular_file(Path)) {
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    if (!Buffer)
      return configError(Path, Buffer.getError().message());
    auto Parsed = parseTidyConfig((*Buffer)->getBuffer(), Path);
    if (!Parsed)
      return Parsed.takeError();
    TidyConfig Config = std::move(*Parsed);
    if (Config.InheritParentConfig.value_or(false)) {
      llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
      std::optional<TidyConfig> Above;
      for (; !Parent.empty(); Parent = llvm::sys::path::parent_path(Parent)) {
        auto P = configOfDir(Parent);
        if (!P)
          return P.takeError();
        if ((Above = *P))
          break;
        if (Parent == llvm::sys::path::parent_path(Parent))
          break;
      }
      if (Above)
        Config = mergeTidyConfig(*Above, Config);
    }
    Result = std::move(Config);
  }
  ByDir[Dir.str()] = Result;
  return Result;
}

llvm::Expected<TidyConfig> ConfigProvider::configFor(llvm::StringRef File) {
  if (ConfigFile) {
    auto Buffer = llvm::MemoryBuffer::getFile(*ConfigFile);
    if (!Buffer)
      return configError(*ConfigFile, Buffer.getError().message());
    return parseTidyConfig((*Buffer)->getBuffer(), *ConfigFile);
  }
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Abs); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    auto C = configOfDir(Dir);
    if (!C)
      return C.takeError();
    if (*C)
      return **C;
    if (Dir == llvm::sys::path::parent_path(Dir))
      break;
  }
  return TidyConfig();
}

EffectiveConfig resolveConfig(const TidyConfig &File,
                              const ConfigOverrides &Overrides) {
  EffectiveConfig Out;
  if (File.Checks && !File.Checks->empty())
    Out.Checks += "," + *File.Checks;
  if (Overrides.Checks)
    Out.Checks += "," + *Overrides.Checks;
  Out.WarningsAsErrors = File.WarningsAsErrors.value_or("");
  if (Overrides.WarningsAsErrors)
    Out.WarningsAsErrors +=
        (Out.WarningsAsErrors.empty() ? "" : ",") + *Overrides.WarningsAsErrors;
  Out.HeaderFilterRegex = Overrides.HeaderFilterRegex
                              ? *Overrides.HeaderFilterRegex
                              : File.HeaderFilterRegex.value_or("");
  for (const auto &[K, V] : File.CheckOptions)
    if (llvm::StringRef(K).startswith("torch-"))
      Out.Options.set(K, V);
  return Out;
}

Severity effectiveSeverity(const RuleInfo &Rule, const EffectiveConfig &C) {
  Severity S = Rule.DefaultSeverity;
  std::string Named =
      llvm::StringRef(C.Options.get(Rule.Id, "Severity", "")).lower();
  if (Named == "note")
    S = Severity::Note;
  else if (Named == "warning")
    S = Severity::Warning;
  else if (Named == "error")
    S = Severity::Error;
  if (!C.WarningsAsErrors.empty() &&
      GlobList(C.WarningsAsErrors).contains(Rule.Id))
    S = Severity::Error;
  return S;
}

} // namespace torchlint
