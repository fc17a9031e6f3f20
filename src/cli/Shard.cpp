//===- Shard.cpp - A deterministic split of the units over CI jobs --------===//

#include "Shard.h"

#include "torchlint/report/Baseline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA1.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <numeric>

namespace torchlint {

static llvm::Error shardFailure(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

llvm::Expected<ShardSpec> parseShard(llvm::StringRef Text) {
  auto [I, N] = Text.split('/');
  ShardSpec S;
  if (I.trim().getAsInteger(10, S.Index) ||
      N.trim().getAsInteger(10, S.Count) || S.Count == 0 || S.Index == 0 ||
      S.Index > S.Count)
    return shardFailure("--shard '" + Text +
                        "': expected I/N with 1 <= I <= N, e.g. --shard 2/4");
  return S;
}

ShardPlan planShard(const std::vector<std::string> &Files, ShardSpec Spec,
                    const std::map<std::string, double> &Costs,
                    llvm::StringRef Root) {
  size_t N = Files.size();
  std::vector<std::string> Rel(N);
  std::vector<double> Bytes(N);
  for (size_t I = 0; I < N; ++I) {
    Rel[I] = relativeToRoot(Files[I], Root);
    uint64_t Size = 0;
    llvm::sys::fs::file_size(Files[I], Size);
    // An empty file still costs a process start.
    Bytes[I] = double(std::max<uint64_t>(Size, 1));
  }
  // Seconds per byte of the units with a known cost turn the others' sizes
  // into seconds; without any, sizes alone balance.
  std::vector<double> Rates;
  for (size_t I = 0; I < N; ++I)
    if (auto It = Costs.find(Rel[I]); It != Costs.end() && It->second > 0)
      Rates.push_back(It->second / Bytes[I]);
  double Rate = 1;
  if (!Rates.empty()) {
    std::nth_element(Rates.begin(), Rates.begin() + Rates.size() / 2,
                     Rates.end());
    Rate = Rates[Rates.size() / 2];
  }
  std::vector<double> Cost(N);
  for (size_t I = 0; I < N; ++I) {
    auto It = Costs.find(Rel[I]);
    Cost[I] =
        It != Costs.end() && It->second > 0 ? It->second : Bytes[I] * Rate;
  }

  std::vector<size_t> Order(N);
  std::iota(Order.begin(), Order.end(), 0);
  // Relative paths break ties: the same on every machine and checkout.
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    if (Cost[A] != Cost[B])
      return Cost[A] > Cost[B];
    return Rel[A] < Rel[B];
  });
  std::vector<double> Load(Spec.Count, 0);
  std::vector<unsigned> ShardOf(N);
  for (size_t I : Order) {
    unsigned Best = 0;
    for (unsigned S = 1; S < Spec.Count; ++S)
      if (Load[S] < Load[Best])
        Best = S;
    ShardOf[I] = Best;
    Load[Best] += Cost[I];
  }

  ShardPlan Plan;
  Plan.UnitsTotal = N;
  std::vector<size_t> ByPath(N);
  std::iota(ByPath.begin(), ByPath.end(), 0);
  std::sort(ByPath.begin(), ByPath.end(),
            [&](size_t A, size_t B) { return Rel[A] < Rel[B]; });
  llvm::SHA1 Hash;
  Hash.update(std::to_string(Spec.Count));
  for (size_t I : ByPath) {
    Hash.update(llvm::StringRef("\0", 1));
    Hash.update(Rel[I]);
    Hash.update("\t" + std::to_string(ShardOf[I]));
  }
  Plan.Digest = llvm::toHex(Hash.final(), /*LowerCase=*/true).substr(0, 16);
  for (size_t I = 0; I < N; ++I)
    if (ShardOf[I] + 1 == Spec.Index)
      Plan.Files.push_back(Files[I]);
  return Plan;
}

llvm::Expected<std::map<std::string, double>>
readShardCosts(llvm::StringRef ReportPath) {
  auto Buffer = llvm::MemoryBuffer::getFile(ReportPath);
  if (!Buffer)
    return shardFailure("cannot read --shard-costs '" + ReportPath +
                        "': " + Buffer.getError().message());
  nlohmann::json Doc = nlohmann::json::parse(
      (*Buffer)->getBuffer().begin(), (*Buffer)->getBuffer().end(), nullptr,
      /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object() || !Doc.contains("units") ||
      !Doc["units"].is_array())
    return shardFailure("--shard-costs '" + ReportPath +
                        "' is not a torchlint JSON report with units");
  std::string Root = Doc.contains("srcroot") && Doc["srcroot"].is_string()
                         ? Doc["srcroot"].get<std::string>()
                         : "";
  std::map<std::string, double> Costs;
  for (const nlohmann::json &U : Doc["units"]) {
    // A unit without a usable cost is a unit of unknown cost.
    if (!U.is_object() || !U.contains("file") || !U["file"].is_string() ||
        !U.contains("seconds") || !U["seconds"].is_number())
      continue;
    double Seconds = U["seconds"].get<double>();
    if (Seconds > 0)
      Costs[relativeToRoot(U["file"].get<std::string>(), Root)] = Seconds;
  }
  return Costs;
}

} // namespace torchlint
