//===- WorkerPool.cpp - Units in isolated worker processes ----------------===//

#include "torchlint/units/WorkerPool.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <optional>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

// AddressSanitizer reserves terabytes of address space for its shadow memory
// when the process starts, so no RLIMIT_AS bound can hold in its builds.
#if defined(__SANITIZE_ADDRESS__)
#define TORCHLINT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TORCHLINT_ASAN 1
#endif
#endif

namespace torchlint {

namespace fs = llvm::sys::fs;
using Clock = std::chrono::steady_clock;

std::string describeWaitStatus(int Status) {
  if (WIFSIGNALED(Status))
    return "crashed (signal " + std::to_string(WTERMSIG(Status)) + ": " +
           strsignal(WTERMSIG(Status)) + ")";
  if (WIFEXITED(Status))
    return "exited with status " + std::to_string(WEXITSTATUS(Status));
  return "ended abnormally";
}

uint64_t defaultUnitMemory(unsigned Jobs) {
  long Pages = ::sysconf(_SC_PHYS_PAGES), PageSize = ::sysconf(_SC_PAGE_SIZE);
  uint64_t Ram = Pages > 0 && PageSize > 0 ? uint64_t(Pages) * PageSize : 0;
  uint64_t Share = Ram / 4 * 3 / (Jobs ? Jobs : 1);
  return std::max<uint64_t>(Share, 2ULL << 30);
}

std::string formatBytes(uint64_t Bytes) {
  char Buffer[32];
  if (Bytes >= (1ULL << 30))
    snprintf(Buffer, sizeof Buffer, "%.1f GiB", double(Bytes) / (1ULL << 30));
  else
    snprintf(Buffer, sizeof Buffer, "%.0f MiB", double(Bytes) / (1ULL << 20));
  return Buffer;
}

/// Threads of this process (Linux's /proc/self/task), or 0 when unknown.
static unsigned threadCount() {
  unsigned N = 0;
  std::error_code EC;
  for (fs::directory_iterator It("/proc/self/task", EC), End; It != End && !EC;
       It.increment(EC))
    ++N;
  return EC ? 0 : N;
}

namespace {

/// One running worker.
struct Worker {
  size_t Index;
  pid_t Pid;
  Clock::time_point Start;
  std::string ResultPath, LogPath;
};

std::string readAll(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  return Buffer ? (*Buffer)->getBuffer().str() : "";
}

/// Runs in the child: analyse, write the result, and leave without running
/// the parent's atexit handlers or flushing its inherited buffers.
[[noreturn]] void workerMain(const WorkerPool::WorkFn &Work, const Worker &W,
                             uint64_t MemoryBytes, pid_t Parent) {
#ifdef __linux__
  // A parent stopped by a signal that reached it alone (`kill -INT`) takes
  // its workers along: one left building a preamble would hold its lock.
  // Checked after: the parent may have gone before the request.
  ::prctl(PR_SET_PDEATHSIG, SIGINT);
  if (::getppid() != Parent)
    ::raise(SIGINT);
#endif
  if (MemoryBytes) {
    struct rlimit Limit = {MemoryBytes, MemoryBytes};
    ::setrlimit(RLIMIT_AS, &Limit);
  }
  // The run's stderr, for the lines that cannot wait for the log.
  setStatusDescriptor(::fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3));
  int Log = ::open(W.LogPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (Log >= 0) {
    ::dup2(Log, STDOUT_FILENO);
    ::dup2(Log, STDERR_FILENO);
    ::close(Log);
  }
  UnitResult R = Work(W.Index);
  // Source lines in findings need not be UTF-8 (Latin-1 comments).
  std::string Text = unitResultToJson(R).dump(
      -1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::error_code EC;
  {
    llvm::raw_fd_ostream OS(W.ResultPath, EC);
    if (!EC)
      OS << Text;
  }
  ::_exit(EC ? 3 : 0);
}

/// Set by requestPoolStop, read by the pool's loop; sig_atomic_t, since a
/// signal handler writes them.
volatile std::sig_atomic_t StopRequested = 0;
volatile std::sig_atomic_t PoolRunning = 0;

} // namespace

void requestPoolStop() { StopRequested = 1; }
bool poolCanStop() { return PoolRunning && !StopRequested; }

llvm::Error WorkerPool::run(const std::vector<std::string> &Files,
                            const WorkFn &Work, const DoneFn &Done) {
  // Workers are forked without exec. In a process with other threads the
  // child would inherit locks those threads hold (malloc's among them) and
  // could deadlock; torchlint never starts threads, and this keeps it so.
  if (unsigned Threads = threadCount(); Threads > 1)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "internal error: the process has %u threads; worker processes are "
        "forked and need a single-threaded parent",
        Threads);
#ifdef TORCHLINT_ASAN
  // Any bound would fail a worker's first allocation, and ASan's own
  // out-of-memory report is no sign of one (README: Developing).
  MemoryBytes = 0;
#endif
  llvm::SmallString<128> Dir;
  if (std::error_code EC = fs::createUniqueDirectory("torchlint", Dir))
    return llvm::createStringError(EC, "cannot create a temporary folder");

  PoolRunning = 1;
  struct Leave {
    ~Leave() { PoolRunning = 0; }
  } OnReturn;
  std::vector<std::optional<UnitResult>> Results(Files.size());
  std::vector<std::string> Logs(Files.size());
  std::vector<Worker> Running;
  size_t Next = 0, NextDelivered = 0;

  // Status is the worker's wait status; without one it was stopped for
  // taking too long, or (Lost) it could not be waited for at all.
  auto Finish = [&](const Worker &W, std::optional<int> Status,
                    int LostErrno = 0) {
    double Seconds =
        std::chrono::duration<double>(Clock::now() - W.Start).count();
    std::string Log = readAll(W.LogPath);
    UnitResult R;
    R.File = Files[W.Index];
    if (LostErrno) {
      // No exit status (a parent that ignores SIGCHLD has its children
      // reaped for it): a complete result on disk is still the result.
      auto J = nlohmann::json::parse(readAll(W.ResultPath), nullptr, false);
      auto Parsed = unitResultFromJson(J);
      if (Parsed) {
        R = std::move(*Parsed);
      } else {
        llvm::consumeError(Parsed.takeError());
        R.Failure = "the worker analysing '" + R.File +
                    "' could not be waited for (" + std::strerror(LostErrno) +
                    ") and left no result";
      }
    } else if (!Status) {
      R.Failure = "analysing '" + R.File + "' took longer than " +
                  std::to_string(TimeoutSeconds) +
                  " s and was stopped (--unit-timeout)";
    } else if (WIFEXITED(*Status) && WEXITSTATUS(*Status) == 0) {
      auto J = nlohmann::json::parse(readAll(W.ResultPath), nullptr, false);
      auto Parsed = unitResultFromJson(J);
      if (Parsed)
        R = std::move(*Parsed);
      else
        R.Failure = "worker for '" + R.File +
                    "' sent no result: " + llvm::toString(Parsed.takeError());
    } else if (MemoryBytes && (llvm::StringRef(Log).contains("out of memory") ||
                               llvm::StringRef(Log).contains("bad_alloc"))) {
      // LLVM reports a failed allocation and aborts.
      R.Failure = "analysing '" + R.File + "' needed more than " +
                  formatBytes(MemoryBytes) +
                  " of memory and was stopped (--unit-memory); the other "
                  "units are unaffected";
    } else {
      R.Failure = "torchlint " + describeWaitStatus(*Status) +
                  " while analysing '" + R.File +
                  "'; the other units are unaffected";
      // The crash report (stack trace) is in the log; keep it for the user.
    }
    fs::remove(W.ResultPath);
    fs::remove(W.LogPath);
    // A unit analysed in part (compile errors in some functions) is no
    // "not analysed" one.
    P.finished(R.File, R.Failure.empty() || R.Analysed, Seconds);
    Logs[W.Index] = std::move(Log);
    Results[W.Index] = std::move(R);
  };

  while (NextDelivered < Files.size()) {
    if (StopRequested) {
      // Interrupted: the running workers end as a Ctrl-C ends them (their
      // handler removes a preamble being built), and the units that
      // finished are handed on, so that their findings are not lost.
      for (Worker &W : Running) {
        ::kill(W.Pid, SIGINT);
        int Status;
        while (::waitpid(W.Pid, &Status, 0) < 0 && errno == EINTR)
          ;
        fs::remove(W.ResultPath);
        fs::remove(W.LogPath);
      }
      P.clear();
      for (size_t I = NextDelivered; I < Files.size(); ++I)
        if (Results[I])
          Done(I, *Results[I], Logs[I]);
      fs::remove(Dir);
      return llvm::createStringError(
          std::make_error_code(std::errc::interrupted), "interrupted");
    }
    while (Running.size() < Jobs && Next < Files.size()) {
      Worker W{Next, 0, Clock::now(), "", ""};
      llvm::SmallString<128> Base(Dir);
      llvm::sys::path::append(Base, std::to_string(Next));
      W.ResultPath = (Base + ".json").str();
      W.LogPath = (Base + ".log").str();
      // Buffered output would be written twice, once by each process.
      llvm::outs().flush();
      llvm::errs().flush();
      pid_t Parent = ::getpid();
      pid_t Pid = ::fork();
      if (Pid < 0) {
        if (Running.empty())
          return llvm::createStringError(
              std::error_code(errno, std::generic_category()),
              "cannot start a worker process");
        break; // Try again when a worker ends.
      }
      if (Pid == 0)
        workerMain(Work, W, MemoryBytes, Parent);
      W.Pid = Pid;
      P.started(Files[Next]);
      Running.push_back(W);
      ++Next;
    }

    bool Progressed = false;
    for (size_t I = 0; I < Running.size();) {
      Worker &W = Running[I];
      int Status = 0;
      pid_t Got;
      do
        Got = ::waitpid(W.Pid, &Status, WNOHANG);
      while (Got < 0 && errno == EINTR);
      bool Late = TimeoutSeconds &&
                  Clock::now() - W.Start > std::chrono::seconds(TimeoutSeconds);
      if (Got == W.Pid && StopRequested && WIFSIGNALED(Status)) {
        // Ended by the same Ctrl-C as its parent: not finished, not a crash.
        fs::remove(W.ResultPath);
        fs::remove(W.LogPath);
      } else if (Got == W.Pid) {
        Finish(W, Status);
      } else if (Got < 0) {
        // ECHILD: the worker is not ours to wait for any more. Its pid may
        // already belong to another process: never signal it.
        Finish(W, std::nullopt, /*LostErrno=*/errno);
      } else if (Late) {
        // Still running (Got == 0), so the pid is still our child's.
        ::kill(W.Pid, SIGKILL);
        while (::waitpid(W.Pid, &Status, 0) < 0 && errno == EINTR)
          ;
        Finish(W, std::nullopt);
      } else {
        ++I;
        continue;
      }
      Running.erase(Running.begin() + I);
      Progressed = true;
    }

    while (NextDelivered < Files.size() && Results[NextDelivered]) {
      P.clear();
      Done(NextDelivered, *Results[NextDelivered], Logs[NextDelivered]);
      Results[NextDelivered].reset();
      ++NextDelivered;
    }
    P.tick();
    if (!Progressed)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // The summary that follows starts on a clean line.
  P.clear();
  fs::remove(Dir);
  return llvm::Error::success();
}

} // namespace torchlint
