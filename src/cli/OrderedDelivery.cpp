//===- OrderedDelivery.cpp - Unit results in order, once decided ----------===//

#include "OrderedDelivery.h"

namespace torchlint {

void OrderedDelivery::release(bool AllIn) {
  while (!Held.empty() && (AllIn || Facts.settles(Held.front().R))) {
    Waiting &W = Held.front();
    Facts.settle(W.R);
    Deliver(W.I, W.R, W.Log);
    Held.pop_front();
  }
}

void OrderedDelivery::arrive(size_t I, UnitResult &R, llvm::StringRef Log) {
  if (Scope == ProjectScope::Unit) {
    // The unit is its own project: only its sites decide its findings, and
    // the run learns nothing from it.
    ProjectFacts Own(Progs);
    Own.learn(R);
    Own.settle(R);
    Deliver(I, R, Log);
    return;
  }
  Facts.learn(R);
  if (Sharded) {
    // The first unit to show a fact may be in another shard. The audit
    // keeps such findings for --merge, which decides them with every
    // shard's sites.
    Deliver(I, R, Log);
    return;
  }
  if (Held.empty() && Facts.settles(R)) {
    Facts.settle(R);
    Deliver(I, R, Log);
    return;
  }
  Held.push_back({I, std::move(R), Log.str()});
  release(/*AllIn=*/false);
}

} // namespace torchlint
