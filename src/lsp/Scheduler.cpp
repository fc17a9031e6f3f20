//===- Scheduler.cpp - Per-document analyses in worker processes ----------===//

#include "Scheduler.h"

#include "torchlint/units/WorkerPool.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace torchlint {
namespace lsp {

Scheduler::~Scheduler() {
  for (auto &[File, R] : Workers)
    kill(R);
}

void Scheduler::schedule(const std::string &File, int64_t Version,
                         std::string Text, std::chrono::milliseconds Delay) {
  auto It = Workers.find(File);
  if (It != Workers.end() && It->second.Version != Version) {
    // Its result would be stale before it arrived.
    kill(It->second);
    Workers.erase(It);
  }
  Queue[File] = Waiting{Version, std::move(Text), Clock::now() + Delay};
}

void Scheduler::cancel(const std::string &File) {
  Queue.erase(File);
  auto It = Workers.find(File);
  if (It != Workers.end()) {
    kill(It->second);
    Workers.erase(It);
  }
}

bool Scheduler::busy(const std::string &File) const {
  return Queue.count(File) || Workers.count(File);
}

int Scheduler::msUntilDue() const {
  int Best = -1;
  auto Now = Clock::now();
  for (const auto &[File, W] : Queue) {
    // A document whose worker still runs waits for it to be cancelled or
    // to finish; a full pool waits for a worker to end. Both wake the
    // poll through a pipe, so no timer is needed for them.
    if (Workers.count(File) || Workers.size() >= MaxWorkers)
      continue;
    auto Ms = std::chrono::duration_cast<std::chrono::milliseconds>(W.Due - Now)
                  .count();
    int Wait = Ms < 0 ? 0 : int(Ms);
    if (Best < 0 || Wait < Best)
      Best = Wait;
  }
  // Worker time limits are checked once a second.
  if (!Workers.empty() && TimeoutSeconds && (Best < 0 || Best > 1000))
    Best = 1000;
  return Best;
}

void Scheduler::addPollFds(std::vector<pollfd> &Fds) const {
  for (const auto &[File, R] : Workers)
    if (!R.Eof)
      Fds.push_back({R.Fd, POLLIN, 0});
}

/// In a forked worker: writes Text to Fd and exits, 0 when all of it was
/// written, 3 when the pipe failed.
[[noreturn]] static void writeAllAndExit(int Fd, const std::string &Text) {
  const char *P = Text.data();
  size_t Left = Text.size();
  while (Left > 0) {
    ssize_t N = ::write(Fd, P, Left);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      ::_exit(3);
    P += N;
    Left -= size_t(N);
  }
  ::_exit(0);
}

bool Scheduler::start(const std::string &File, Waiting &W) {
  int Pipe[2];
  if (::pipe2(Pipe, O_CLOEXEC) != 0)
    return false;
  pid_t Pid = ::fork();
  if (Pid < 0) {
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return false;
  }
  if (Pid == 0) {
    // The worker: stdin and stdout are the client's channel, and must stay
    // untouched; stderr stays the server's log.
    int Null = ::open("/dev/null", O_RDWR);
    ::dup2(Null, STDIN_FILENO);
    ::dup2(Null, STDOUT_FILENO);
    ::close(Pipe[0]);
    UnitResult R = Analyze(File, W.Text);
    std::string Text = unitResultToJson(R).dump(
        -1, ' ', false, nlohmann::json::error_handler_t::replace);
    writeAllAndExit(Pipe[1], Text);
  }
  ::close(Pipe[1]);
  ::fcntl(Pipe[0], F_SETFL, ::fcntl(Pipe[0], F_GETFL) | O_NONBLOCK);
  Workers[File] = Running{
      W.Version, std::move(W.Text), Pid, Pipe[0], Clock::now(), "", false};
  return true;
}

void Scheduler::kill(Running &R) {
  ::kill(R.Pid, SIGKILL);
  int Status;
  ::waitpid(R.Pid, &Status, 0);
  ::close(R.Fd);
}

AnalysisDone Scheduler::finish(const std::string &File, Running &R,
                               std::optional<int> Status) {
  AnalysisDone D;
  D.File = File;
  D.Version = R.Version;
  D.Text = std::move(R.Text);
  D.Result.File = File;
  if (!Status) {
    D.WorkerFailed = true;
    D.Result.Failure = "analysing '" + File + "' took longer than " +
                       std::to_string(TimeoutSeconds) + " s and was stopped";
  } else if (WIFEXITED(*Status) && WEXITSTATUS(*Status) == 0) {
    auto J = nlohmann::json::parse(R.Output, nullptr, false);
    auto Parsed = unitResultFromJson(J);
    if (Parsed) {
      D.Result = std::move(*Parsed);
    } else {
      D.WorkerFailed = true;
      D.Result.Failure = "the worker for '" + File + "' sent no result: " +
                         llvm::toString(Parsed.takeError());
    }
  } else {
    D.WorkerFailed = true;
    D.Result.Failure = "torchlint " + describeWaitStatus(*Status) +
                       " while analysing '" + File +
                       "'; the language server lives on";
  }
  return D;
}

std::vector<AnalysisDone> Scheduler::step() {
  std::vector<AnalysisDone> Done;
  for (auto It = Workers.begin(); It != Workers.end();) {
    Running &R = It->second;
    char Buf[65536];
    while (!R.Eof) {
      ssize_t N = ::read(R.Fd, Buf, sizeof(Buf));
      if (N > 0)
        R.Output.append(Buf, size_t(N));
      else if (N == 0)
        R.Eof = true;
      else if (errno != EINTR)
        break; // EAGAIN: more later.
    }
    bool Late = TimeoutSeconds &&
                Clock::now() - R.Start > std::chrono::seconds(TimeoutSeconds);
    if (R.Eof) {
      // The worker closed its pipe: it has exited or is about to.
      int Status = 0;
      ::waitpid(R.Pid, &Status, 0);
      ::close(R.Fd);
      Done.push_back(finish(It->first, R, Status));
      It = Workers.erase(It);
    } else if (Late) {
      kill(R);
      Done.push_back(finish(It->first, R, std::nullopt));
      It = Workers.erase(It);
    } else {
      ++It;
    }
  }
  auto Now = Clock::now();
  for (auto It = Queue.begin(); It != Queue.end();) {
    if (Workers.size() >= MaxWorkers)
      break;
    if (Workers.count(It->first) || It->second.Due > Now) {
      ++It;
      continue;
    }
    std::string File = It->first;
    Waiting W = std::move(It->second);
    It = Queue.erase(It);
    if (!start(File, W)) {
      AnalysisDone D;
      D.File = File;
      D.Version = W.Version;
      D.Text = std::move(W.Text);
      D.WorkerFailed = true;
      D.Result.File = File;
      D.Result.Failure = "cannot start a worker process for '" + File + "'";
      Done.push_back(std::move(D));
    }
  }
  return Done;
}

llvm::Expected<std::string>
runInWorker(const std::function<std::string()> &Work, unsigned TimeoutSeconds) {
  auto Fail = [](const std::string &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  int Pipe[2];
  if (::pipe2(Pipe, O_CLOEXEC) != 0)
    return Fail("cannot start a worker process");
  pid_t Pid = ::fork();
  if (Pid < 0) {
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return Fail("cannot start a worker process");
  }
  if (Pid == 0) {
    // As an analysis's worker: the client's channel stays untouched.
    int Null = ::open("/dev/null", O_RDWR);
    ::dup2(Null, STDIN_FILENO);
    ::dup2(Null, STDOUT_FILENO);
    ::close(Pipe[0]);
    std::string Text = Work();
    writeAllAndExit(Pipe[1], Text);
  }
  ::close(Pipe[1]);
  using Clock = Scheduler::Clock;
  auto Start = Clock::now();
  std::string Output;
  char Buf[65536];
  for (;;) {
    if (TimeoutSeconds &&
        Clock::now() - Start > std::chrono::seconds(TimeoutSeconds)) {
      ::kill(Pid, SIGKILL);
      int Status;
      ::waitpid(Pid, &Status, 0);
      ::close(Pipe[0]);
      return Fail("the worker took longer than " +
                  std::to_string(TimeoutSeconds) + " s and was stopped");
    }
    pollfd Fd = {Pipe[0], POLLIN, 0};
    if (::poll(&Fd, 1, 1000) <= 0)
      continue;
    ssize_t N = ::read(Pipe[0], Buf, sizeof(Buf));
    if (N > 0)
      Output.append(Buf, size_t(N));
    else if (N == 0 || errno != EINTR)
      break;
  }
  ::close(Pipe[0]);
  int Status = 0;
  ::waitpid(Pid, &Status, 0);
  if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0)
    return Fail("torchlint " + describeWaitStatus(Status) +
                "; the language server lives on");
  return Output;
}

} // namespace lsp
} // namespace torchlint
