//===- Server.cpp - torchlint's language server ---------------------------===//
//
// The features layer: lifecycle, documents, diagnostics (pushed or pulled),
// code actions and hover, over the protocol layer (Transport) and the
// scheduling layer (Scheduler). One thread: the loop polls the client's input
// and the workers' result pipes, so every handler runs to completion alone.
//
//===----------------------------------------------------------------------===//

#include "torchlint/lsp/LanguageServer.h"

#include "Protocol.h"
#include "Scheduler.h"
#include "Transport.h"
#include "torchlint/explain/RuntimeError.h"
#include "torchlint/report/RuleDocs.h"
#include "torchlint/units/ErrorAnswers.h"

#include "torchlint/frontend/Frontend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <map>
#include <set>
#include <unistd.h>

#ifndef TORCHLINT_VERSION
#define TORCHLINT_VERSION "0.0.0"
#endif

namespace torchlint {
namespace lsp {
namespace {

using nlohmann::json;

/// The command that explains a pasted runtime error (docs/from-error.md).
constexpr const char *ExplainErrorCommand = "torchlint.explainError";

/// A request the handler could not serve, answered as a JSON-RPC error.
struct RequestError {
  int Code;
  std::string Message;
};

/// The completed analysis of one version of a document.
struct Analysis {
  int64_t Version = 0;
  std::string Text;
  std::vector<FindingRecord> Findings; ///< In this document only.
  std::string Failure;
  bool WorkerFailed = false;
  std::string ResultId; ///< For pull diagnostics.
};

/// An open document.
struct Document {
  std::string Uri;
  std::string File; ///< The absolute path, the key of Server::Docs.
  int64_t Version = 0;
  std::string Text;
  /// The compile command, or why there is none.
  std::vector<std::string> Command;
  std::string CommandError;
  std::optional<Analysis> Last;
  /// Pull-diagnostics requests waiting for the current version's analysis.
  std::vector<json> PendingPulls;
};

class Server {
public:
  Server(const LspOptions &Options, int InFd, int OutFd)
      : Options(Options), InFd(InFd), Out(OutFd),
        Configs(Options.Job.ConfigFile),
        Sched([this](const std::string &File,
                     const std::string &Text) { return analyze(File, Text); },
              Options.UnitTimeout, 4) {
    // As the CLI: flags after -- get the detected LibTorch folders unless
    // they reach torch/torch.h themselves (CommandResolver decides).
    if (!Options.BuildPath)
      Torch = locateTorch(processEnv);
    resetResolver();
  }

  int run();

private:
  // Protocol plumbing.
  void handle(const json &Message);
  void handleRequest(const json &Id, const std::string &Method,
                     const json &Params);
  void handleNotification(const std::string &Method, const json &Params);
  void reply(const json &Id, json Result);
  void replyError(const json &Id, int Code, const std::string &Message);
  void notify(const std::string &Method, json Params);
  void log(int Type, const std::string &Message);

  // Requests.
  json initialize(const json &Params);
  json codeActions(const json &Params);
  json hover(const json &Params);
  json executeCommand(const json &Params);
  /// torchlint.explainError: the pasted errors' answers in the open
  /// documents, ranked as --from-error ranks them.
  json explainError(const std::string &Text);
  /// Answers now, or returns none when the reply waits for an analysis.
  std::optional<json> pullDiagnostics(const json &Id, const json &Params);
  void cancelRequest(const json &Params);

  // Notifications.
  void didOpen(const json &Params);
  void didChange(const json &Params);
  void didSave(const json &Params);
  void didClose(const json &Params);
  void didChangeConfiguration(const json &Params);
  void didChangeWatchedFiles(const json &Params);
  void applySettings(const json &Settings);

  // Analyses.
  void resetResolver();
  void resolveCommand(Document &D);
  void schedule(const std::string &File, std::chrono::milliseconds Delay);
  void rescheduleAll();
  /// Re-analyses the other open documents after an edit of a header.
  void dependentsChanged(const Document &D);
  UnitResult analyze(const std::string &File, const std::string &Text);
  void analysed(AnalysisDone &Done);
  json diagnosticsOf(const std::string &File, const Analysis &A);
  json fullReport(const std::string &File, const Analysis &A,
                  const json &Params);

  Document &documentOf(const json &Params);
  std::optional<std::string> textOf(const std::string &File);

  const LspOptions &Options;
  int InFd;
  FrameWriter Out;
  bool Initialized = false;
  bool ShutdownRequested = false;
  bool Exited = false;
  bool ClientGone = false;
  Encoding Enc = Encoding::Utf16;
  bool PullMode = false;
  bool WatchRegistration = false;
  /// The client re-pulls every document when asked (pull mode).
  bool RefreshSupport = false;
  /// Configuration changed: ask the client to re-pull once the analyses it
  /// caused are done, since no edit of the client's will.
  bool RefreshWanted = false;
  /// Configuration warnings already shown: once per session, not per edit.
  std::set<std::string> ConfigWarned;
  std::chrono::milliseconds Debounce{300};
  std::optional<std::string> ChecksSetting;
  std::optional<TorchIncludes> Torch;
  std::unique_ptr<CommandResolver> Resolver;
  ConfigProvider Configs;
  Scheduler Sched;
  std::map<std::string, Document> Docs;
  unsigned Generation = 0;
  int NextId = 1;
};

int Server::run() {
  FrameReader Reader;
  while (!Exited && !ClientGone) {
    std::vector<pollfd> Fds = {{InFd, POLLIN, 0}};
    Sched.addPollFds(Fds);
    int Ready = ::poll(Fds.data(), Fds.size(), Sched.msUntilDue());
    if (Ready < 0 && errno != EINTR)
      break;
    if (Ready > 0 && Fds[0].revents) {
      char Buf[65536];
      ssize_t N = ::read(InFd, Buf, sizeof(Buf));
      if (N < 0 && errno != EINTR && errno != EAGAIN)
        break;
      if (N == 0) {
        // The client closed our input: it exited or died. Nobody is left
        // to read results, so stop at once.
        if (Options.Verbose)
          llvm::errs() << "torchlint: the client closed the input; exiting\n";
        break;
      }
      if (N > 0)
        Reader.feed(llvm::StringRef(Buf, size_t(N)));
      while (!Exited) {
        std::optional<Frame> F = Reader.next();
        if (!F)
          break;
        if (F->Message)
          handle(*F->Message);
        else
          replyError(nullptr, ParseError, F->Error);
      }
    }
    if (Exited)
      break;
    for (AnalysisDone &D : Sched.step()) {
      // Client data reaches replies made here (a waiting pull's params): a
      // mistake there must cost one reply, not the server.
      try {
        analysed(D);
      } catch (const json::exception &E) {
        log(1, std::string("internal error: ") + E.what());
      }
    }
  }
  return ShutdownRequested ? 0 : 1;
}

/// Adds to Roots the project of an open document: the nearest folder above
/// it that holds .git, else its own folder. The editor's files are the
/// user's; the rest of the bound (docs/ci.md) stays.
static void addProjectOf(llvm::StringRef Path,
                         std::vector<std::string> &Roots) {
  if (Roots.empty())
    return;
  std::string Folder = llvm::sys::path::parent_path(Path).str();
  std::string Project = Folder;
  for (llvm::StringRef Dir = Folder; !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Git(Dir);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git)) {
      Project = Dir.str();
      break;
    }
    if (Dir == llvm::sys::path::parent_path(Dir))
      break;
  }
  if (!llvm::is_contained(Roots, Project))
    Roots.push_back(Project);
}

void Server::handle(const json &M) {
  if (!M.is_object() || M.value("jsonrpc", json()) != "2.0") {
    replyError(nullptr, InvalidRequest, "not a JSON-RPC 2.0 message");
    return;
  }
  bool HasId = M.contains("id");
  const json Id = HasId ? M["id"] : json();
  if (HasId && !Id.is_string() && !Id.is_number_integer()) {
    replyError(nullptr, InvalidRequest, "the id must be a number or string");
    return;
  }
  if (!M.contains("method")) {
    // A response to one of our requests (registerCapability); nothing
    // depends on it.
    if (!HasId)
      replyError(nullptr, InvalidRequest, "neither a request nor a response");
    return;
  }
  if (!M["method"].is_string()) {
    if (HasId)
      replyError(Id, InvalidRequest, "the method must be a string");
    return;
  }
  std::string Method = M["method"].get<std::string>();
  json Params = M.value("params", json::object());
  if (HasId)
    handleRequest(Id, Method, Params);
  else
    handleNotification(Method, Params);
}

void Server::handleRequest(const json &Id, const std::string &Method,
                           const json &Params) {
  if (Method != "initialize" && !Initialized) {
    replyError(Id, ServerNotInitialized, "initialize first");
    return;
  }
  if (ShutdownRequested) {
    replyError(Id, InvalidRequest, "the server is shutting down");
    return;
  }
  try {
    if (Method == "initialize") {
      if (Initialized)
        throw RequestError{InvalidRequest, "already initialized"};
      reply(Id, initialize(Params));
    } else if (Method == "shutdown") {
      ShutdownRequested = true;
      for (auto &[File, D] : Docs) {
        Sched.cancel(File);
        // Their analyses will not finish: answer rather than leave them.
        for (const json &P : D.PendingPulls)
          replyError(P["id"], RequestCancelled, "the server is shutting down");
        D.PendingPulls.clear();
      }
      reply(Id, nullptr);
    } else if (Method == "textDocument/codeAction") {
      reply(Id, codeActions(Params));
    } else if (Method == "textDocument/hover") {
      reply(Id, hover(Params));
    } else if (Method == "workspace/executeCommand") {
      reply(Id, executeCommand(Params));
    } else if (Method == "textDocument/diagnostic") {
      if (std::optional<json> Report = pullDiagnostics(Id, Params))
        reply(Id, *Report);
    } else {
      replyError(Id, MethodNotFound, "unknown method '" + Method + "'");
    }
  } catch (const RequestError &E) {
    replyError(Id, E.Code, E.Message);
  } catch (const json::exception &E) {
    replyError(Id, InvalidParams, std::string("invalid params: ") + E.what());
  }
}

void Server::handleNotification(const std::string &Method, const json &Params) {
  if (Method == "exit") {
    Exited = true;
    return;
  }
  if (!Initialized || ShutdownRequested)
    return; // As LSP says: notifications before initialize are dropped.
  try {
    if (Method == "textDocument/didOpen")
      didOpen(Params);
    else if (Method == "textDocument/didChange")
      didChange(Params);
    else if (Method == "textDocument/didSave")
      didSave(Params);
    else if (Method == "textDocument/didClose")
      didClose(Params);
    else if (Method == "workspace/didChangeConfiguration")
      didChangeConfiguration(Params);
    else if (Method == "workspace/didChangeWatchedFiles")
      didChangeWatchedFiles(Params);
    else if (Method == "$/cancelRequest")
      cancelRequest(Params);
    else if (Method == "initialized" && WatchRegistration)
      // Editors that let servers choose watch .clang-tidy and compile
      // databases for us; others send the notifications on their own.
      Out.write(
          {{"jsonrpc", "2.0"},
           {"id", "torchlint-watch-" + std::to_string(NextId++)},
           {"method", "client/registerCapability"},
           {"params",
            {{"registrations",
              {{{"id", "torchlint-watched-files"},
                {"method", "workspace/didChangeWatchedFiles"},
                {"registerOptions",
                 {{"watchers",
                   {{{"globPattern", "**/.clang-tidy"}},
                    {{"globPattern", "**/compile_commands.json"}}}}}}}}}}}});
    // Other notifications ($/setTrace, ...) need nothing from us.
  } catch (const RequestError &E) {
    log(1, Method + ": " + E.Message);
  } catch (const json::exception &E) {
    log(1, Method + ": invalid params: " + E.what());
  }
}

void Server::reply(const json &Id, json Result) {
  if (!Out.write({{"jsonrpc", "2.0"}, {"id", Id}, {"result", Result}}))
    ClientGone = true;
}

void Server::replyError(const json &Id, int Code, const std::string &Message) {
  if (!Out.write({{"jsonrpc", "2.0"},
                  {"id", Id},
                  {"error", {{"code", Code}, {"message", Message}}}}))
    ClientGone = true;
}

void Server::notify(const std::string &Method, json Params) {
  if (!Out.write({{"jsonrpc", "2.0"}, {"method", Method}, {"params", Params}}))
    ClientGone = true;
}

/// Type: 1 error, 2 warning, 3 info, 4 log (LSP MessageType).
void Server::log(int Type, const std::string &Message) {
  if (Options.Verbose)
    llvm::errs() << "torchlint: " << Message << "\n";
  notify("window/logMessage", {{"type", Type}, {"message", Message}});
}

json Server::initialize(const json &Params) {
  Initialized = true;
  const json Caps = Params.value("capabilities", json::object());
  json Encodings = Caps.value("general", json::object())
                       .value("positionEncodings", json::array());
  // UTF-8 spares a conversion when the client offers it; UTF-16 is the
  // default every client understands.
  for (const json &E : Encodings)
    if (E == "utf-8")
      Enc = Encoding::Utf8;
  const json TextCaps = Caps.value("textDocument", json::object());
  PullMode = TextCaps.contains("diagnostic");
  WatchRegistration = Caps.value("workspace", json::object())
                          .value("didChangeWatchedFiles", json::object())
                          .value("dynamicRegistration", false);
  RefreshSupport = Caps.value("workspace", json::object())
                       .value("diagnostics", json::object())
                       .value("refreshSupport", false);
  if (Params.contains("initializationOptions"))
    applySettings(Params["initializationOptions"]);

  json Capabilities = {
      {"positionEncoding", encodingName(Enc).str()},
      {"textDocumentSync",
       {{"openClose", true},
        {"change", 2}, // Incremental.
        {"save", {{"includeText", false}}}}},
      {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
      {"hoverProvider", true},
      {"executeCommandProvider", {{"commands", {ExplainErrorCommand}}}}};
  if (PullMode)
    Capabilities["diagnosticProvider"] = {{"identifier", "torchlint"},
                                          {"interFileDependencies", false},
                                          {"workspaceDiagnostics", false}};
  return {
      {"capabilities", Capabilities},
      {"serverInfo", {{"name", "torchlint"}, {"version", TORCHLINT_VERSION}}}};
}

void Server::applySettings(const json &Settings) {
  if (!Settings.is_object())
    return;
  // didChangeConfiguration nests them under "torchlint"; initialization
  // options are ours alone.
  const json &S =
      Settings.contains("torchlint") ? Settings["torchlint"] : Settings;
  if (!S.is_object())
    return;
  if (S.contains("debounceMs") && S["debounceMs"].is_number_unsigned())
    Debounce = std::chrono::milliseconds(S["debounceMs"].get<unsigned>());
  if (S.contains("checks") && S["checks"].is_string())
    ChecksSetting = S["checks"].get<std::string>();
}

Document &Server::documentOf(const json &Params) {
  std::string Uri = Params.at("textDocument").at("uri").get<std::string>();
  std::optional<std::string> Path = pathFromUri(Uri);
  llvm::SmallString<256> Clean(Path.value_or(""));
  llvm::sys::path::remove_dots(Clean, true);
  auto It = Path ? Docs.find(std::string(Clean)) : Docs.end();
  if (It == Docs.end())
    throw RequestError{InvalidParams, "'" + Uri + "' is not open"};
  return It->second;
}

std::optional<std::string> Server::textOf(const std::string &File) {
  auto It = Docs.find(File);
  if (It != Docs.end())
    return It->second.Text;
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

//===-- Documents ---------------------------------------------------------===//

void Server::resetResolver() {
  Resolver = std::make_unique<CommandResolver>(Options.BuildPath,
                                               Options.ExtraFlags, Torch);
  if (llvm::Error E = Resolver->init())
    log(1, "compile database: " + llvm::toString(std::move(E)));
  for (auto &[File, D] : Docs)
    resolveCommand(D);
}

void Server::resolveCommand(Document &D) {
  auto Command = Resolver->commandFor(D.File);
  D.CommandError.clear();
  if (Command)
    D.Command = std::move(*Command);
  else
    D.CommandError = llvm::toString(Command.takeError());
}

void Server::didOpen(const json &Params) {
  const json &TD = Params.at("textDocument");
  std::string Uri = TD.at("uri").get<std::string>();
  std::optional<std::string> Path = pathFromUri(Uri);
  if (!Path) {
    log(2, "'" + Uri + "' is not a local file; it is not analysed");
    return;
  }
  llvm::SmallString<256> Clean(*Path);
  llvm::sys::path::remove_dots(Clean, true);
  Document &D = Docs[std::string(Clean)];
  D.Uri = Uri;
  D.File = std::string(Clean);
  D.Version = TD.at("version").get<int64_t>();
  D.Text = TD.at("text").get<std::string>();
  D.Last.reset();
  resolveCommand(D);
  schedule(D.File, std::chrono::milliseconds(0));
  dependentsChanged(D);
}

void Server::didChange(const json &Params) {
  Document &D = documentOf(Params);
  for (const json &C : Params.at("contentChanges")) {
    if (!C.contains("range")) {
      D.Text = C.at("text").get<std::string>();
      continue;
    }
    std::optional<size_t> Begin = offsetAt(D.Text, C["range"].at("start"), Enc);
    std::optional<size_t> End = offsetAt(D.Text, C["range"].at("end"), Enc);
    if (!Begin || !End || *End < *Begin)
      throw RequestError{InvalidParams, "invalid range in didChange"};
    D.Text.replace(*Begin, *End - *Begin, C.at("text").get<std::string>());
  }
  D.Version = Params.at("textDocument").at("version").get<int64_t>();
  schedule(D.File, Debounce);
  dependentsChanged(D);
}

void Server::didSave(const json &Params) {
  Document &Saved = documentOf(Params);
  // A saved header changes the units that include it: analyse the saved
  // document now and the others after the usual pause.
  for (auto &[Path, Doc] : Docs)
    schedule(Path, &Doc == &Saved ? std::chrono::milliseconds(0) : Debounce);
}

void Server::didClose(const json &Params) {
  Document &D = documentOf(Params);
  std::string Uri = D.Uri;
  std::string File = D.File;
  Sched.cancel(File);
  for (const json &Id : D.PendingPulls)
    reply(Id, {{"kind", "full"}, {"items", json::array()}});
  Docs.erase(File);
  if (!PullMode)
    notify("textDocument/publishDiagnostics",
           {{"uri", Uri}, {"diagnostics", json::array()}});
}

void Server::didChangeConfiguration(const json &Params) {
  applySettings(Params.value("settings", json::object()));
  Configs = ConfigProvider(Options.Job.ConfigFile);
  rescheduleAll();
}

void Server::didChangeWatchedFiles(const json &Params) {
  bool Config = false, Database = false;
  for (const json &C : Params.at("changes")) {
    std::optional<std::string> Path =
        pathFromUri(C.at("uri").get<std::string>());
    if (!Path)
      continue;
    llvm::StringRef Name = llvm::sys::path::filename(*Path);
    Config |= Name == ".clang-tidy";
    Database |= Name == "compile_commands.json";
  }
  if (Config)
    Configs = ConfigProvider(Options.Job.ConfigFile);
  if (Database)
    resetResolver();
  if (Config || Database)
    rescheduleAll();
}

//===-- Analyses ----------------------------------------------------------===//

void Server::schedule(const std::string &File,
                      std::chrono::milliseconds Delay) {
  Document &D = Docs.at(File);
  Sched.schedule(File, D.Version, D.Text, Delay);
}

void Server::dependentsChanged(const Document &D) {
  // The units that include a header read its unsaved text: analyse them
  // again. Sources are not included by other files, so their edits cost
  // one analysis only.
  if (isCppSource(D.File))
    return;
  for (auto &[File, Other] : Docs)
    if (&Other != &D)
      schedule(File, Debounce);
}

void Server::rescheduleAll() {
  for (auto &[File, D] : Docs)
    schedule(File, std::chrono::milliseconds(0));
  RefreshWanted = PullMode && RefreshSupport;
}

UnitResult Server::analyze(const std::string &File, const std::string &Text) {
  // In the worker: the server's state is this process's copy of it.
  Document &D = Docs.at(File);
  if (!D.CommandError.empty()) {
    UnitResult R;
    R.File = File;
    R.Failure = D.CommandError;
    return R;
  }
  UnitJob Job = Options.Job;
  if (ChecksSetting)
    Job.Overrides.Checks = ChecksSetting;
  // Every open document is read as the editor holds it, so a unit sees
  // unsaved edits of the headers it includes too.
  for (const auto &[Path, Doc] : Docs) {
    Job.Parse.UnsavedFiles[Path] = Path == File ? Text : Doc.Text;
    addProjectOf(Path, Job.Parse.ReadableRoots);
  }
  // What the project's other files return, from the index the last CLI run
  // kept (docs/editors.md); the summaries of files changed since are
  // dropped. Read for every analysis: it is small, and a run may renew it.
  Job.Index = findProjectIndex(Job.Parse.CacheDir, File);
  Job.IndexSettles = true;
  return runUnit(File, D.Command, Job, Configs);
}

void Server::analysed(AnalysisDone &Done) {
  auto It = Docs.find(Done.File);
  // Closed meanwhile, or a newer version is coming.
  if (It == Docs.end() || It->second.Version != Done.Version)
    return;
  Document &D = It->second;
  Analysis A;
  A.Version = Done.Version;
  A.Text = std::move(Done.Text);
  A.Failure = Done.Result.Failure;
  A.WorkerFailed = Done.WorkerFailed;
  A.ResultId =
      std::to_string(Done.Version) + "." + std::to_string(++Generation);
  // The editor sees one unit at a time: a finding that another unit would
  // have to decide (ProjectFact) is not shown, as in clang-tidy.
  for (RenderedFinding &F : Done.Result.Findings)
    if (F.Record.Loc.File == Done.File && F.Record.Needs.empty())
      A.Findings.push_back(std::move(F.Record));
  D.Last = std::move(A);
  const Analysis &L = *D.Last;

  // A .clang-tidy value read differently than its author likely meant
  // (an invalid HeaderFilterRegex): shown, since a log goes unread.
  for (const std::string &W : Done.Result.ConfigWarnings)
    if (ConfigWarned.insert(W).second) {
      notify("window/showMessage",
             {{"type", 2}, {"message", "torchlint: " + W}});
      log(2, W);
    }
  if (L.WorkerFailed) {
    notify("window/showMessage", {{"type", 1}, {"message", L.Failure}});
    log(1, L.Failure);
  } else if (!L.Failure.empty()) {
    log(2,
        L.Failure +
            (Done.Result.DiagText.empty() ? "" : "\n" + Done.Result.DiagText));
  }
  if (Sched.busy(Done.File))
    return; // The same version is being analysed again (a save).

  if (!PullMode && !L.WorkerFailed)
    notify("textDocument/publishDiagnostics",
           {{"uri", D.Uri},
            {"version", L.Version},
            {"diagnostics", diagnosticsOf(Done.File, L)}});
  std::vector<json> Pulls = std::move(D.PendingPulls);
  D.PendingPulls.clear();
  for (const json &P : Pulls) {
    if (L.WorkerFailed)
      replyError(P["id"], RequestFailed, L.Failure);
    else
      reply(P["id"], fullReport(Done.File, L, P["params"]));
  }
  if (RefreshWanted &&
      std::none_of(Docs.begin(), Docs.end(),
                   [&](const auto &E) { return Sched.busy(E.first); })) {
    RefreshWanted = false;
    if (!Out.write({{"jsonrpc", "2.0"},
                    {"id", "torchlint-refresh-" + std::to_string(NextId++)},
                    {"method", "workspace/diagnostic/refresh"}}))
      ClientGone = true;
  }
}

json Server::diagnosticsOf(const std::string &File, const Analysis &A) {
  json Out = json::array();
  auto Texts = [this](const std::string &F) { return textOf(F); };
  for (const FindingRecord &R : A.Findings)
    Out.push_back(toDiagnostic(R, A.Text, Enc, Texts));
  return Out;
}

json Server::fullReport(const std::string &File, const Analysis &A,
                        const json &Params) {
  // Params were checked by nobody yet when the reply waited for an analysis.
  if (Params.is_object() && Params.contains("previousResultId") &&
      Params["previousResultId"] == A.ResultId)
    return {{"kind", "unchanged"}, {"resultId", A.ResultId}};
  return {{"kind", "full"},
          {"resultId", A.ResultId},
          {"items", diagnosticsOf(File, A)}};
}

std::optional<json> Server::pullDiagnostics(const json &Id,
                                            const json &Params) {
  Document &D = documentOf(Params);
  const std::string &File = D.File;
  if (D.Last && D.Last->Version == D.Version && !Sched.busy(File)) {
    if (D.Last->WorkerFailed)
      throw RequestError{RequestFailed, D.Last->Failure};
    return fullReport(File, *D.Last, Params);
  }
  D.PendingPulls.push_back({{"id", Id}, {"params", Params}});
  return std::nullopt;
}

void Server::cancelRequest(const json &Params) {
  const json Id = Params.at("id");
  for (auto &[File, D] : Docs)
    for (auto It = D.PendingPulls.begin(); It != D.PendingPulls.end(); ++It)
      if ((*It)["id"] == Id) {
        D.PendingPulls.erase(It);
        replyError(Id, RequestCancelled, "cancelled");
        return;
      }
  // Everything else is answered as soon as it arrives: nothing to cancel.
}

//===-- Code actions and hover --------------------------------------------===//

/// The findings of D's current version, or none when the last analysis is
/// of an older text (its offsets would point at the wrong code).
static const std::vector<FindingRecord> *currentFindings(const Document &D) {
  if (!D.Last || D.Last->Version != D.Version || D.Last->Text != D.Text)
    return nullptr;
  return &D.Last->Findings;
}

/// The edit that adds NOLINT(Rule) to the line holding Offset: inside an
/// existing NOLINT(...) list, else as a new trailing comment.
static PlainEdit nolintEdit(const std::string &File, llvm::StringRef Text,
                            size_t Offset, llvm::StringRef Rule) {
  size_t Begin = Text.rfind('\n', Offset);
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  size_t End = Text.find('\n', Offset);
  if (End == llvm::StringRef::npos)
    End = Text.size();
  if (End > Begin && Text[End - 1] == '\r')
    --End;
  llvm::StringRef Line = Text.slice(Begin, End);
  size_t List = Line.find("NOLINT(");
  if (List != llvm::StringRef::npos) {
    size_t Close = Line.find(')', List);
    if (Close != llvm::StringRef::npos)
      return {File, unsigned(Begin + Close), 0, ("," + Rule).str()};
  }
  return {File, unsigned(End), 0, (" // NOLINT(" + Rule + ")").str()};
}

/// A short title for a fix-it: what it inserts or replaces.
static std::string fixTitle(const FindingRecord &R, llvm::StringRef Text) {
  std::string Title = "Fix " + R.Rule->Id.str() + ": ";
  if (R.Edits.size() != 1)
    return Title + "apply " + std::to_string(R.Edits.size()) + " edits";
  const PlainEdit &E = R.Edits.front();
  if (E.Length == 0)
    return Title + "insert '" + E.Text + "'";
  std::string Old = E.File == R.Loc.File && E.Offset + E.Length <= Text.size()
                        ? Text.substr(E.Offset, E.Length).str()
                        : "the code";
  if (E.Text.empty())
    return Title + "remove '" + Old + "'";
  return Title + "replace '" + Old + "' with '" + E.Text + "'";
}

json Server::codeActions(const json &Params) {
  Document &D = documentOf(Params);
  const std::string &File = D.File;
  json Actions = json::array();
  const json Context = Params.value("context", json::object());
  if (Context.contains("only")) {
    bool Wanted = false;
    for (const json &K : Context["only"])
      Wanted |= K == "quickfix";
    if (!Wanted)
      return Actions;
  }
  const std::vector<FindingRecord> *Findings = currentFindings(D);
  if (!Findings)
    return Actions;
  std::optional<size_t> Begin =
      offsetAt(D.Text, Params.at("range").at("start"), Enc);
  std::optional<size_t> End =
      offsetAt(D.Text, Params.at("range").at("end"), Enc);
  if (!Begin || !End)
    throw RequestError{InvalidParams, "invalid range"};
  // Whole lines: editors ask with the cursor's empty range, anywhere on the
  // flagged line.
  llvm::StringRef Text = D.Text;
  size_t LineBegin = Text.rfind('\n', *Begin);
  LineBegin = LineBegin == llvm::StringRef::npos ? 0 : LineBegin + 1;
  size_t LineEnd = Text.find('\n', *End);
  auto Texts = [this](const std::string &F) { return textOf(F); };
  for (const FindingRecord &R : *Findings) {
    size_t Start = R.Loc.Offset;
    if (Start < LineBegin || Start > LineEnd)
      continue;
    json Diagnostic = toDiagnostic(R, D.Text, Enc, Texts);
    if (!R.Edits.empty()) {
      json Changes = toWorkspaceChanges(R.Edits, Texts, Enc);
      if (!Changes.is_null())
        Actions.push_back({{"title", fixTitle(R, D.Text)},
                           {"kind", "quickfix"},
                           {"diagnostics", {Diagnostic}},
                           {"isPreferred", R.Rule->Fix == FixKind::Safe},
                           {"edit", {{"changes", Changes}}}});
    }
    PlainEdit Nolint = nolintEdit(File, D.Text, Start, R.Rule->Id);
    Actions.push_back(
        {{"title",
          "Suppress with NOLINT(" + R.Rule->Id.str() + ") on this line"},
         {"kind", "quickfix"},
         {"diagnostics", {Diagnostic}},
         {"edit", {{"changes", toWorkspaceChanges({Nolint}, Texts, Enc)}}}});
  }
  return Actions;
}

json Server::hover(const json &Params) {
  Document &D = documentOf(Params);
  const std::vector<FindingRecord> *Findings = currentFindings(D);
  std::optional<size_t> At = offsetAt(D.Text, Params.at("position"), Enc);
  if (!Findings || !At)
    return nullptr;
  const std::string &File = D.File;
  auto Covers = [&](size_t Start) {
    return Start <= *At && *At < Start + tokenLength(D.Text, Start);
  };
  auto LineOf = [&](const PlainLocation &L) {
    std::string Where = L.File == File
                            ? "line " + std::to_string(L.Line)
                            : llvm::sys::path::filename(L.File).str() + ":" +
                                  std::to_string(L.Line);
    return Where;
  };
  for (const FindingRecord &R : *Findings) {
    bool OnFinding = Covers(R.Loc.Offset);
    const PlainNote *OnNote = nullptr;
    for (const PlainNote &N : R.Notes)
      if (N.Loc.File == File && Covers(N.Loc.Offset))
        OnNote = &N;
    if (!OnFinding && !OnNote)
      continue;
    // What the analysis inferred is in the finding's message and the
    // provenance in its notes: where each tensor was born and moved.
    std::string Md = "**" + R.Rule->Id.str() + "** (" +
                     severityName(R.Level).str() + ")\n\n";
    if (OnNote && !OnFinding)
      Md += OnNote->Message + "\n\nThis explains the finding at " +
            LineOf(R.Loc) + ": " + R.Message + "\n";
    else
      Md += R.Message + "\n";
    if (!R.Notes.empty()) {
      Md += "\nWhere the tensors come from:\n";
      for (const PlainNote &N : R.Notes)
        Md += "- " + LineOf(N.Loc) + ": " + N.Message + "\n";
    }
    if (findRule(R.Rule->Id))
      Md += "\n[" + R.Rule->Id.str() + "](" + ruleDocUrl(R.Rule->Id) + ")\n";
    size_t Start = OnFinding ? R.Loc.Offset : OnNote->Loc.Offset;
    return {{"contents", {{"kind", "markdown"}, {"value", Md}}},
            {"range", tokenRange(D.Text, Start, Enc)}};
  }
  return nullptr;
}

//===-- Commands ----------------------------------------------------------===//

json Server::executeCommand(const json &Params) {
  std::string Command = Params.at("command").get<std::string>();
  if (Command != ExplainErrorCommand)
    throw RequestError{InvalidParams, "unknown command '" + Command + "'"};
  const json Args = Params.value("arguments", json::array());
  // The pasted text, as a string or as {"text": ...}.
  const json Arg = Args.is_array() && !Args.empty() ? Args[0] : json();
  if (Arg.is_string())
    return explainError(Arg.get<std::string>());
  if (Arg.is_object() && Arg.contains("text") && Arg["text"].is_string())
    return explainError(Arg["text"].get<std::string>());
  throw RequestError{InvalidParams, std::string(ExplainErrorCommand) +
                                        " takes the error's text"};
}

json Server::explainError(const std::string &Text) {
  std::vector<RuntimeError> Errors = parseRuntimeErrors(Text);
  if (Errors.empty()) {
    std::string Message =
        "torchlint: no device or dtype runtime error in the pasted text";
    notify("window/showMessage", {{"type", 3}, {"message", Message}});
    return {{"errors", json::array()}, {"message", Message}};
  }
  // The open sources are the units the server knows; headers are reached
  // through them.
  std::vector<std::string> Units;
  for (const auto &[File, D] : Docs)
    if (isCppSource(File) && D.CommandError.empty())
      Units.push_back(File);
  // In a worker, as analyses run: a crash costs this reply, not the server.
  auto Work = [&]() -> std::string {
    ParseOptions Parse = Options.Job.Parse;
    for (const auto &[Path, Doc] : Docs) {
      Parse.UnsavedFiles[Path] = Doc.Text;
      addProjectOf(Path, Parse.ReadableRoots);
    }
    EngineConfig EC;
    std::optional<std::string> Checks =
        ChecksSetting ? ChecksSetting : Options.Job.Overrides.Checks;
    if (Checks)
      EC.Checks = "torch-*," + *Checks;
    Engine TheEngine(EC);
    std::vector<ErrorAnswer> Answers;
    for (const std::string &File : Units) {
#ifdef TORCHLINT_TEST_HOOKS
      // The isolation test's fault, as runUnit's: a real one.
      if (!Options.Job.CrashOn.empty() &&
          llvm::StringRef(File).ends_with(Options.Job.CrashOn)) {
        volatile int *Null = nullptr;
        *Null = 1;
      }
#endif
      std::string DiagText;
      explainUnit(File, Docs.at(File).Command, TheEngine, Parse, Errors,
                  /*Color=*/false, Answers, DiagText);
    }
    auto Texts = [this](const std::string &F) { return textOf(F); };
    json Out = json::array();
    for (size_t I = 0; I < Errors.size(); ++I) {
      json List = json::array();
      for (const ErrorAnswer *A : answersTo(I, Answers)) {
        std::optional<std::string> FileText = textOf(A->Record.Loc.File);
        if (!FileText)
          continue;
        json D = toDiagnostic(A->Record, *FileText, Enc, Texts);
        json Notes = json::array();
        for (const json &R : D.value("relatedInformation", json::array()))
          Notes.push_back({{"uri", R["location"]["uri"]},
                           {"range", R["location"]["range"]},
                           {"message", R["message"]}});
        List.push_back({{"uri", uriFromPath(A->Record.Loc.File)},
                        {"range", D["range"]},
                        {"ruleId", A->Record.Rule->Id.str()},
                        {"message", A->Record.Message},
                        {"notes", Notes},
                        {"origin", A->fromError() ? "error" : "analysis"}});
      }
      Out.push_back({{"line", Errors[I].Line},
                     {"message", Errors[I].Message},
                     {"answers", List}});
    }
    return Out.dump(-1, ' ', false, json::error_handler_t::replace);
  };
  unsigned Timeout = Options.UnitTimeout * unsigned(Units.size());
  llvm::Expected<std::string> Done = runInWorker(Work, Timeout);
  if (!Done)
    throw RequestError{RequestFailed, ExplainErrorCommand + std::string(": ") +
                                          llvm::toString(Done.takeError())};
  json Answers = json::parse(*Done, nullptr, /*allow_exceptions=*/false);
  if (!Answers.is_array())
    throw RequestError{RequestFailed, std::string(ExplainErrorCommand) +
                                          ": the worker sent no answer"};
  json Result = {{"errors", std::move(Answers)}};
  // The first answer, for a client to jump to, and a line the user sees.
  std::string Message;
  for (const json &E : Result["errors"]) {
    if (E["answers"].empty())
      continue;
    const json &A = E["answers"][0];
    Result["location"] = {{"uri", A["uri"]}, {"range", A["range"]}};
    std::optional<std::string> Path = pathFromUri(A["uri"].get<std::string>());
    Message = "torchlint: " +
              llvm::sys::path::filename(Path.value_or("")).str() + ":" +
              std::to_string(A["range"]["start"]["line"].get<int>() + 1) +
              ": " + A["message"].get<std::string>() + " [" +
              A["ruleId"].get<std::string>() + "] (" +
              (A["origin"] == "error" ? "suggested by the error alone"
                                      : "found by the analysis") +
              "; " + std::to_string(E["answers"].size()) + " candidate" +
              (E["answers"].size() == 1 ? "" : "s") + ")";
    break;
  }
  if (Message.empty())
    Message = "torchlint: no call site in the open documents fits the "
              "pasted error";
  Result["message"] = Message;
  notify("window/showMessage", {{"type", 3}, {"message", Message}});
  return Result;
}

} // namespace
} // namespace lsp

int runLanguageServer(const LspOptions &Options, int InFd, int OutFd) {
  // A client that dies mid-write must not kill us with SIGPIPE: the write
  // fails, and the loop ends.
  ::signal(SIGPIPE, SIG_IGN);
  lsp::Server S(Options, InFd, OutFd);
  return S.run();
}

} // namespace torchlint
