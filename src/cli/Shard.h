//===- Shard.h - A deterministic split of the units over CI jobs -*- C++
//-*-===//
//
// A CI matrix runs `torchlint --shard I/N` on N machines that never talk to
// each other, so every shard must compute the same split from what all of
// them see alike: the list of units (paths relative to the source root), the
// files' sizes, and optionally the unit costs of an earlier report given with
// --shard-costs (never the shared result cache, which the shards fill while
// they run). Each report records a digest of the split, and --merge refuses
// shards cut from different splits instead of silently losing units.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_SRC_CLI_SHARD_H
#define TORCHLINT_SRC_CLI_SHARD_H

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace torchlint {

/// "I/N": this run is shard I (1-based) of N.
struct ShardSpec {
  unsigned Index = 1;
  unsigned Count = 1;
};

/// Parses "I/N" with 1 <= I <= N.
llvm::Expected<ShardSpec> parseShard(llvm::StringRef Text);

/// This shard's units and the identity of the whole split.
struct ShardPlan {
  std::vector<std::string> Files; ///< This shard's units, in input order.
  std::string Digest;             ///< Same on every shard of one split.
  size_t UnitsTotal = 0;          ///< Units of all shards together.
};

/// Splits Files (absolute, in input order) into Spec.Count shards of about
/// equal cost: a unit's cost is its seconds in Costs (keyed by the path
/// relative to Root), else its size in bytes scaled by the known units'
/// median seconds per byte. Largest first, each to the least loaded shard.
ShardPlan planShard(const std::vector<std::string> &Files, ShardSpec Spec,
                    const std::map<std::string, double> &Costs,
                    llvm::StringRef Root);

/// Unit costs from a torchlint JSON report (its "units"), keyed by the path
/// relative to the report's source root.
llvm::Expected<std::map<std::string, double>>
readShardCosts(llvm::StringRef ReportPath);

} // namespace torchlint

#endif
