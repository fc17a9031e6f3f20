//===- WorkerPool.h - Units in isolated worker processes --------*- C++ -*-===//
//
// An audit must survive any one unit: a crash in Clang or a rule, or a unit
// that never finishes. Each unit runs in a forked worker with a time limit;
// its result comes back as JSON through a file. Results are delivered in
// input order whatever -j is, so output is deterministic.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_WORKERPOOL_H
#define TORCHLINT_WORKERPOOL_H

#include "torchlint/units/Progress.h"
#include "torchlint/units/UnitRunner.h"

#include <cstdint>
#include <functional>

namespace torchlint {

/// Runs units in parallel worker processes.
class WorkerPool {
public:
  /// Work analyses unit I (it runs in the worker); Done receives unit I's
  /// result, and what the worker printed, in input order in the parent.
  using WorkFn = std::function<UnitResult(size_t I)>;
  using DoneFn =
      std::function<void(size_t I, UnitResult &Result, llvm::StringRef Log)>;

  /// MemoryBytes bounds each worker's address space (0: no bound); a unit
  /// that needs more fails alone, instead of the machine swapping.
  WorkerPool(unsigned Jobs, unsigned TimeoutSeconds, Progress &P,
             uint64_t MemoryBytes = 0)
      : Jobs(Jobs ? Jobs : 1), TimeoutSeconds(TimeoutSeconds), P(P),
        MemoryBytes(MemoryBytes) {}

  /// Runs Files.size() units; returns an error only when no worker can be
  /// started at all.
  llvm::Error run(const std::vector<std::string> &Files, const WorkFn &Work,
                  const DoneFn &Done);

private:
  unsigned Jobs;
  unsigned TimeoutSeconds;
  Progress &P;
  uint64_t MemoryBytes;
};

/// Asks the pool running in this process to stop (Ctrl-C): it ends its
/// workers, hands on the results of the units that finished, and returns an
/// error with std::errc::interrupted. Safe in a signal handler.
void requestPoolStop();
/// True while WorkerPool::run runs and has not been asked to stop: a
/// signal handler then asks it, instead of ending the process.
bool poolCanStop();

/// The default bound of a worker's memory: three quarters of the machine's
/// memory shared by Jobs workers, and never under 2 GiB (a LibTorch unit
/// maps about 1 GiB).
uint64_t defaultUnitMemory(unsigned Jobs);

/// "1.5 GiB" style text for messages.
std::string formatBytes(uint64_t Bytes);

/// Describes how a worker ended when it did not end normally.
std::string describeWaitStatus(int Status);

} // namespace torchlint

#endif
