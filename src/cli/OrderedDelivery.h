//===- OrderedDelivery.h - Unit results in order, once decided --*- C++ -*-===//
//
// A finding that depends on a project fact (a checkpoint loaded where no
// device is in scope, in a project that moves models to a run-time device)
// waits until a unit shows the fact or every unit is in. Units are still
// delivered in input order: one with an undecided finding holds back the
// units after it, so the output is the same whatever -j and the cache.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_CLI_ORDEREDDELIVERY_H
#define TORCHLINT_SRC_CLI_ORDEREDDELIVERY_H

#include "Audit.h"

#include <deque>
#include <functional>

namespace torchlint {

/// What the project is for findings that depend on project facts.
enum class ProjectScope {
  Run, ///< Every unit of the run (the default).
  Unit ///< Each unit alone, as clang-tidy sees it.
};

/// Hands unit results on in input order, each once the project facts its
/// findings depend on are decided.
class OrderedDelivery {
public:
  /// Receives unit I's result, settled, and what its worker printed.
  using DeliverFn =
      std::function<void(size_t I, UnitResult &R, llvm::StringRef Log)>;

  /// Sharded: a shard decides nothing that another shard's units may decide
  /// otherwise, so its results go on at once with their undecided findings.
  OrderedDelivery(const Programs &Progs, ProjectScope Scope, bool Sharded,
                  DeliverFn Deliver)
      : Facts(Progs), Progs(Progs), Scope(Scope), Sharded(Sharded),
        Deliver(std::move(Deliver)) {}

  /// Takes unit I's result, the next in input order (R may be moved from).
  void arrive(size_t I, UnitResult &R, llvm::StringRef Log);
  /// Every unit is in: delivers the held results, settled on what the run
  /// showed.
  void allIn() { release(/*AllIn=*/true); }
  /// How many results wait for a project fact or for an earlier unit.
  size_t held() const { return Held.size(); }
  /// The first site of each fact in each program that the run showed.
  std::vector<SiteRecord> sites() const { return Facts.sites(); }

private:
  struct Waiting {
    size_t I;
    UnitResult R;
    std::string Log;
  };
  /// Delivers the held results from the front that are decided (all of them
  /// when AllIn).
  void release(bool AllIn);

  ProjectFacts Facts;
  const Programs &Progs;
  ProjectScope Scope;
  bool Sharded;
  DeliverFn Deliver;
  std::deque<Waiting> Held;
};

} // namespace torchlint

#endif
