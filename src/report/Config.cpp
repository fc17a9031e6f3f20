//===- Config.cpp - .clang-tidy files as torchlint's configuration --------===//

#include "torchlint/report/Config.h"

#include "torchlint/report/Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace torchlint {

using clang::tidy::ClangTidyOptions;

static llvm::Error configError(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
}

/// Top-level keys of clang-tidy versions after 16, which its parser does not
/// know: a project's .clang-tidy written for a newer clang-tidy keeps working.
static bool isNewerTidyKey(llvm::StringRef Key) {
  static const llvm::StringRef Keys[] = {"ExcludeHeaderFilterRegex",
                                         "CustomChecks",
                                         "RemovedArgs",
                                         "SystemHeaders",
                                         "HeaderFileExtensions",
                                         "ImplementationFileExtensions"};
  return llvm::is_contained(Keys, Key);
}

/// Text without the top-level entry Key: its line and the indented, blank
/// or comment lines below it.
static std::string withoutTopLevelKey(llvm::StringRef Text,
                                      llvm::StringRef Key) {
  std::string Out;
  bool Skipping = false;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    llvm::StringRef Body = Line.rtrim("\r");
    bool TopLevel = !Body.empty() && Body.front() != ' ' &&
                    Body.front() != '\t' && Body.front() != '#';
    if (TopLevel)
      Skipping = Body.starts_with(Key) &&
                 Body.drop_front(Key.size()).ltrim().starts_with(":");
    if (!Skipping)
      Out += Line.str() + "\n";
    Text = Rest;
  }
  return Out;
}

bool namesTorchCheck(llvm::StringRef Globs) {
  llvm::SmallVector<llvm::StringRef, 8> Items;
  Globs.split(Items, ',');
  for (llvm::StringRef Item : Items) {
    // clang-tidy accepts globs across lines, as in a YAML block.
    Item = Item.trim();
    Item.consume_front("-");
    if (Item.trim().starts_with("torch-"))
      return true;
  }
  return false;
}

/// Records whether the one file of Config decides the torch-* rules.
static void noteChecksSource(TidyConfig &Config) {
  if (Config.Options.HeaderFilterRegex && !Config.Sources.empty())
    Config.HeaderFilterFrom = Config.Sources.back();
  const auto &Checks = Config.Options.Checks;
  if (!Checks || Checks->empty() || Config.Sources.empty())
    return;
  if (namesTorchCheck(*Checks))
    Config.ChecksFrom = Config.Sources.back();
  else
    Config.ChecksIgnored.push_back(Config.Sources.back());
}

std::string describeChecksSource(const TidyConfig &Config) {
  if (!Config.ChecksFrom.empty())
    return "torch-* rules as the Checks of " + Config.ChecksFrom + " say";
  if (!Config.ChecksIgnored.empty())
    return "every torch-* rule on: the Checks of " +
           Config.ChecksIgnored.back() +
           " name no torch-* check (add 'torch-...' globs there to choose)";
  if (!Config.Sources.empty())
    return "every torch-* rule on: no .clang-tidy file names Checks";
  return "every torch-* rule on: no .clang-tidy file applies";
}

llvm::Expected<TidyConfig> parseTidyConfig(llvm::StringRef Text,
                                           llvm::StringRef Source) {
  // clang-tidy's parser reports through SourceMgr diagnostics, which name
  // the file, line and column; keep the first as the error.
  std::string Diag, Message, Stripped;
  auto Parse = [&](llvm::StringRef Input) {
    Diag.clear();
    Message.clear();
    return clang::tidy::parseConfigurationWithDiags(
        llvm::MemoryBufferRef(Input, Source), [&](const llvm::SMDiagnostic &D) {
          if (!Diag.empty())
            return;
          llvm::raw_string_ostream OS(Diag);
          D.print(nullptr, OS, /*ShowColors=*/false, /*ShowKindLabel=*/false);
          Message = D.getMessage().str();
        });
  };
  auto Parsed = Parse(Text);
  for (int Tries = 0; !Parsed && Tries < 8; ++Tries) {
    llvm::StringRef Key(Message);
    if (!Key.consume_front("unknown key '") || !Key.consume_back("'") ||
        !isNewerTidyKey(Key))
      break;
    Stripped = withoutTopLevelKey(Stripped.empty() ? Text : Stripped, Key);
    Parsed = Parse(Stripped);
  }
  if (!Parsed)
    return configError(Diag.empty()
                           ? Source + ": " + Parsed.getError().message()
                           : llvm::Twine(llvm::StringRef(Diag).rtrim()));
  TidyConfig Config;
  Config.Options = std::move(*Parsed);
  Config.Sources.push_back(Source.str());
  noteChecksSource(Config);
  for (const auto &Entry : Config.Options.CheckOptions) {
    llvm::StringRef Name = Entry.getKey();
    const std::string &Value = Entry.getValue().Value;
    std::string Level = llvm::StringRef(Value).lower();
    if (Name.starts_with("torch-") && Name.ends_with(".Severity") &&
        Level != "error" && Level != "warning" && Level != "note")
      return configError(Source + ": CheckOptions: " + Name + " is '" + Value +
                         "'; expected error, warning or note");
  }
  return Config;
}

TidyConfig mergeTidyConfig(const TidyConfig &Parent, const TidyConfig &Child) {
  TidyConfig Out;
  Out.Options = Parent.Options.merge(Child.Options, /*Order=*/0);
  // merge() keeps the parent's flag when the child has none; the result
  // inherits exactly when the child asked to.
  Out.Options.InheritParentConfig = Child.Options.InheritParentConfig;
  Out.Sources = Parent.Sources;
  Out.Sources.insert(Out.Sources.end(), Child.Sources.begin(),
                     Child.Sources.end());
  Out.ChecksFrom =
      Child.ChecksFrom.empty() ? Parent.ChecksFrom : Child.ChecksFrom;
  Out.HeaderFilterFrom = Child.HeaderFilterFrom.empty()
                             ? Parent.HeaderFilterFrom
                             : Child.HeaderFilterFrom;
  Out.ChecksIgnored = Parent.ChecksIgnored;
  Out.ChecksIgnored.insert(Out.ChecksIgnored.end(), Child.ChecksIgnored.begin(),
                           Child.ChecksIgnored.end());
  return Out;
}

std::string dumpTidyConfig(const TidyConfig &Config) {
  std::string Out;
  for (const std::string &S : Config.Sources)
    Out += "# from " + S + "\n";
  Out += "# " + describeChecksSource(Config) + "\n";
  return Out + clang::tidy::configurationAsText(Config.Options);
}

/// clang-tidy's upward search, with a parser that remembers which files did
/// not parse instead of printing and skipping them.
class ConfigProvider::Search : public clang::tidy::FileOptionsBaseProvider {
  using BrokenFiles = std::map<std::string, std::string>;

public:
  Search() : Search(std::make_shared<BrokenFiles>()) {}

  /// The .clang-tidy files that apply to File, outermost first.
  std::vector<OptionsSource> getRawOptions(llvm::StringRef File) override {
    // clang-tidy prints an error for each folder of the path that does not
    // exist (an editor's unsaved file in a new folder); the search starts at
    // the deepest one that does.
    llvm::SmallString<256> Probe(llvm::sys::path::parent_path(File));
    while (!Probe.empty() && !llvm::sys::fs::is_directory(Probe))
      llvm::sys::path::remove_filename(Probe);
    llvm::sys::path::append(Probe, llvm::sys::path::filename(File));
    std::vector<OptionsSource> Sources;
    addRawFileOptions(Probe, Sources);
    return Sources;
  }

  /// The error of the .clang-tidy file in Dir, if it did not parse.
  const std::string *brokenIn(llvm::StringRef Dir) const {
    auto It = Broken->find(Dir.str());
    return It == Broken->end() ? nullptr : &It->second;
  }

private:
  // The parser's record of errors exists before the base, which takes the
  // parser as its argument.
  explicit Search(std::shared_ptr<BrokenFiles> Errors)
      : FileOptionsBaseProvider(clang::tidy::ClangTidyGlobalOptions(),
                                ClangTidyOptions(), ClangTidyOptions(),
                                handlersRecordingInto(Errors)),
        Broken(std::move(Errors)) {
    // This constructor of the base leaves the file system unset.
    FS = llvm::vfs::getRealFileSystem();
  }

  static ConfigFileHandlers
  handlersRecordingInto(std::shared_ptr<BrokenFiles> Errors) {
    ConfigFileHandlers H;
    H.emplace_back(
        ".clang-tidy",
        [Errors](
            llvm::MemoryBufferRef Text) -> llvm::ErrorOr<ClangTidyOptions> {
          auto Parsed =
              parseTidyConfig(Text.getBuffer(), Text.getBufferIdentifier());
          if (Parsed)
            return std::move(Parsed->Options);
          (*Errors)[llvm::sys::path::parent_path(Text.getBufferIdentifier())
                        .str()] = llvm::toString(Parsed.takeError());
          // An empty error code: the base class then skips the file without
          // printing; configFor() reports it.
          return std::error_code();
        });
    return H;
  }

  std::shared_ptr<BrokenFiles> Broken;
};

ConfigProvider::ConfigProvider(std::optional<std::string> ConfigFile)
    : ConfigFile(std::move(ConfigFile)), Files(std::make_unique<Search>()) {}
ConfigProvider::~ConfigProvider() = default;
ConfigProvider::ConfigProvider(ConfigProvider &&) = default;
ConfigProvider &ConfigProvider::operator=(ConfigProvider &&) = default;

llvm::Expected<TidyConfig> ConfigProvider::configFor(llvm::StringRef File) {
  if (ConfigFile) {
    auto Buffer = llvm::MemoryBuffer::getFile(*ConfigFile);
    if (!Buffer)
      return configError(*ConfigFile + ": " + Buffer.getError().message());
    return parseTidyConfig((*Buffer)->getBuffer(), *ConfigFile);
  }
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  auto Sources = Files->getRawOptions(Abs);
  // A file that does not parse on the way up fails the unit: between the
  // file and the outermost configuration that applies, or anywhere above
  // when none applies.
  llvm::StringRef Top =
      Sources.empty() ? llvm::StringRef()
                      : llvm::sys::path::parent_path(Sources.front().second);
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Abs); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    if (const std::string *Error = Files->brokenIn(Dir))
      return configError(*Error);
    if (Dir == Top || Dir == llvm::sys::path::parent_path(Dir))
      break;
  }
  TidyConfig Out;
  for (const auto &[Options, Source] : Sources) {
    TidyConfig One;
    One.Options = Options;
    One.Sources.push_back(Source);
    noteChecksSource(One);
    Out = Out.Sources.empty() ? One : mergeTidyConfig(Out, One);
  }
  return Out;
}

EffectiveConfig resolveConfig(const TidyConfig &File,
                              const ConfigOverrides &Overrides) {
  EffectiveConfig Out;
  const ClangTidyOptions &O = File.Options;
  // Only a configuration that names torch-* checks chooses among them; the
  // command line always does (planRun stops on globs that enable nothing).
  if (O.Checks && namesTorchCheck(*O.Checks))
    Out.Checks += "," + *O.Checks;
  Out.ChecksSource = describeChecksSource(File);
  if (Overrides.Checks)
    Out.Checks += "," + *Overrides.Checks;
  Out.WarningsAsErrors = O.WarningsAsErrors.value_or("");
  if (Overrides.WarningsAsErrors)
    Out.WarningsAsErrors +=
        (Out.WarningsAsErrors.empty() ? "" : ",") + *Overrides.WarningsAsErrors;
  Out.HeaderFilterRegex = Overrides.HeaderFilterRegex
                              ? *Overrides.HeaderFilterRegex
                              : O.HeaderFilterRegex.value_or("");
  if (!Overrides.HeaderFilterRegex && !Out.HeaderFilterRegex.empty()) {
    // clang-tidy 16 compiles HeaderFilterRegex with llvm::Regex (POSIX
    // extended) and never checks it: a regex it cannot compile matches no
    // header, silently. CLion writes such files ('^.*(?:extras/).*', a Perl
    // group). Read the same way, so that both hosts report the same
    // findings, and said once per file by the host instead of silently.
    std::string Why;
    if (!llvm::Regex(Out.HeaderFilterRegex).isValid(Why)) {
      Out.HeaderFilterMatchesNothing = true;
      Out.Warnings.push_back(
          File.HeaderFilterFrom + ": HeaderFilterRegex '" +
          Out.HeaderFilterRegex +
          "' is not a POSIX extended regular expression (" + Why +
          "); as clang-tidy does, it matches no header, so findings in "
          "headers are not reported (write '(extras/)' for '(?:extras/)', "
          "or pass --header-filter)");
    }
  }
  for (const auto &Entry : O.CheckOptions)
    if (Entry.getKey().starts_with("torch-"))
      Out.Options.set(Entry.getKey(), Entry.getValue().Value);
  return Out;
}

Severity effectiveSeverity(const RuleInfo &Rule, const EffectiveConfig &C) {
  Severity S = configuredSeverity(Rule, C.Options);
  // clang-tidy makes errors of warnings only: a rule set to note stays one.
  if (S == Severity::Warning && !C.WarningsAsErrors.empty() &&
      GlobList(C.WarningsAsErrors).contains(Rule.Id))
    S = Severity::Error;
  return S;
}

} // namespace torchlint
