//===- Scheduler.h - Per-document analyses in worker processes --*- C++ -*-===//
//
// The scheduling layer of the language server. Each open document has at most
// one analysis in flight, in a forked worker process (as the CLI isolates its
// units), so a crash in Clang or a rule costs one result, never the server.
// Edits are debounced; a newer version of a document kills the worker of an
// older one. The server is single-threaded: it polls the workers' pipes
// beside its input, which also makes fork() safe.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_LSP_SCHEDULER_H
#define TORCHLINT_SRC_LSP_SCHEDULER_H

#include "torchlint/units/UnitRunner.h"

#include <chrono>
#include <functional>
#include <map>
#include <poll.h>
#include <string>
#include <sys/types.h>
#include <vector>

namespace torchlint {
namespace lsp {

/// A finished analysis of one version of a document.
struct AnalysisDone {
  std::string File;
  int64_t Version = 0;
  std::string Text; ///< The text that was analysed.
  UnitResult Result;
  /// The worker crashed or ran out of time, rather than reporting a unit
  /// that could not be analysed.
  bool WorkerFailed = false;
};

/// Runs analyses of document versions in worker processes.
class Scheduler {
public:
  using Clock = std::chrono::steady_clock;
  /// Analyses File with the given text; runs in the worker process.
  using AnalyzeFn = std::function<UnitResult(const std::string &File,
                                             const std::string &Text)>;

  Scheduler(AnalyzeFn Analyze, unsigned TimeoutSeconds, unsigned MaxWorkers)
      : Analyze(std::move(Analyze)), TimeoutSeconds(TimeoutSeconds),
        MaxWorkers(MaxWorkers ? MaxWorkers : 1) {}
  ~Scheduler();

  /// Asks for Version of File to be analysed after Delay; replaces any
  /// waiting version and cancels a running older one.
  void schedule(const std::string &File, int64_t Version, std::string Text,
                std::chrono::milliseconds Delay);

  /// Forgets File: its waiting and running analyses are dropped.
  void cancel(const std::string &File);

  /// True while a version of File waits or runs.
  bool busy(const std::string &File) const;

  /// Milliseconds until the next waiting analysis is due, -1 when none.
  int msUntilDue() const;

  /// Adds the workers' result pipes to Fds.
  void addPollFds(std::vector<pollfd> &Fds) const;

  /// Starts due analyses, reads the workers' pipes, and returns those that
  /// finished.
  std::vector<AnalysisDone> step();

private:
  struct Waiting {
    int64_t Version;
    std::string Text;
    Clock::time_point Due;
  };
  struct Running {
    int64_t Version;
    std::string Text;
    pid_t Pid;
    int Fd;
    Clock::time_point Start;
    std::string Output;
    bool Eof = false;
  };

  bool start(const std::string &File, Waiting &W);
  void kill(Running &R);
  AnalysisDone finish(const std::string &File, Running &R,
                      std::optional<int> Status);

  AnalyzeFn Analyze;
  unsigned TimeoutSeconds;
  unsigned MaxWorkers;
  std::map<std::string, Waiting> Queue;
  std::map<std::string, Running> Workers;
};

/// Runs Work in a forked worker process, as analyses run, and returns what
/// it produced, or why there is nothing: the worker crashed or ran past
/// TimeoutSeconds (0: no limit). Blocks the caller until then.
llvm::Expected<std::string>
runInWorker(const std::function<std::string()> &Work, unsigned TimeoutSeconds);

} // namespace lsp
} // namespace torchlint

#endif
