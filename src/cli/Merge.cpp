//===- Merge.cpp - One report from the reports of several runs -----------===//

#include "Merge.h"
#include "Audit.h"
#include "torchlint/report/Baseline.h"

#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace torchlint {

using nlohmann::json;

static llvm::Error mergeFailure(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

static llvm::Expected<json> readJson(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return mergeFailure("cannot read '" + Path +
                        "': " + Buffer.getError().message());
  json Doc = json::parse((*Buffer)->getBuffer().begin(),
                         (*Buffer)->getBuffer().end(), nullptr,
                         /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object())
    return mergeFailure("'" + Path + "' is not a JSON report");
  return Doc;
}

llvm::Expected<std::string> reportKindOf(llvm::StringRef Path) {
  auto Doc = readJson(Path);
  if (!Doc)
    return Doc.takeError();
  if (Doc->contains("runs"))
    return std::string("sarif");
  if (Doc->contains("findings") && Doc->contains("summary"))
    return std::string("json");
  return mergeFailure("'" + Path +
                      "' is neither a torchlint JSON report nor a SARIF log");
}

namespace {
/// Checks that shard reports come from one split and cover all of it.
class ShardCheck {
public:
  /// Shard is the report's shard object, or null for an unsplit report.
  llvm::Error add(llvm::StringRef Path, const json *Shard) {
    if (!Shard) {
      ++Unsplit;
      return mixed(Path);
    }
    ShardInfo S;
    try {
      S.Index = Shard->at("index").get<unsigned>();
      S.Count = Shard->at("count").get<unsigned>();
      S.Digest = Shard->at("partition").get<std::string>();
    } catch (const json::exception &) {
      return mergeFailure("'" + Path + "' has a malformed shard record");
    }
    if (!First) {
      First = S;
      FirstPath = Path.str();
    } else if (S.Count != First->Count || S.Digest != First->Digest) {
      return mergeFailure("'" + Path + "' (shard " +
                          std::to_string(S.Index) + "/" +
                          std::to_string(S.Count) + ") and '" + FirstPath +
                          "' come from different splits of the units (another "
                          "unit list, shard count or --shard-costs); run every "
                          "shard of one matrix with the same inputs");
    }
    if (!Indexes.insert(S.Index).second)
      return mergeFailure("shard " + std::to_string(S.Index) + "/" +
                          std::to_string(S.Count) + " is given twice ('" +
                          Path + "')");
    return mixed(Path);
  }

  /// Every shard of the split was given.
  llvm::Error complete() const {
    if (!First)
      return llvm::Error::success();
    std::string Missing;
    for (unsigned I = 1; I <= First->Count; ++I)
      if (!Indexes.count(I))
        Missing += (Missing.empty() ? "" : ", ") + std::to_string(I);
    if (!Missing.empty())
      return mergeFailure("shard(s) " + Missing + " of " +
                          std::to_string(First->Count) +
                          " missing: the merged report would lack their units");
    return llvm::Error::success();
  }

private:
  llvm::Error mixed(llvm::StringRef Path) const {
    if (First && Unsplit)
      return mergeFailure("'" + Path +
                          "': shard reports and unsplit reports cannot be "
                          "merged together");
    return llvm::Error::success();
  }

  std::optional<ShardInfo> First;
  std::string FirstPath;
  std::set<unsigned> Indexes;
  unsigned Unsplit = 0;
};
} // namespace

/// Decides the shards' undecided findings (Undecided.Pending) with their
/// sites: a finding that depends on a project fact is reported, with the
/// note of the first unit (in input order) that shows the fact, if any
/// shard's unit does; it goes where its shard had it among its unit's
/// findings in All. Returns the decided ones.
static std::vector<FindingRecord>
decidePending(RunSummary &Undecided, llvm::StringRef SrcRoot,
              std::vector<FindingRecord> &All) {
  std::vector<SiteRecord> &Sites = Undecided.Sites;
  std::stable_sort(
      Sites.begin(), Sites.end(),
      [](const SiteRecord &A, const SiteRecord &B) { return A.Unit < B.Unit; });
  // Fingerprinted now, as one run does once the note is there. Undecided
  // findings in a row follow the same decided one: each goes after the one
  // before it.
  Fingerprinter Prints(SrcRoot);
  std::map<std::pair<std::string, std::string>, std::string> Chain;
  std::vector<FindingRecord> Decided;
  // A header's finding is pending in every unit that includes it, in
  // whichever shard each unit ran. One run decides the first unit's copy and
  // drops the others before fingerprinting; so does the merge, or a dropped
  // copy would take the fingerprint's first index.
  std::stable_sort(Undecided.Pending.begin(), Undecided.Pending.end(),
                   [](const PendingRecord &A, const PendingRecord &B) {
                     return A.Record.Unit < B.Record.Unit;
                   });
  std::set<std::tuple<std::string, unsigned, std::string, std::string>> Once;
  for (PendingRecord &P : Undecided.Pending) {
    FindingRecord &R = P.Record;
    // Every fact the finding needs, each shown by a related program.
    std::vector<const SiteRecord *> Shown;
    size_t Met = 0;
    bool Withdrawn = false;
    auto Related = [&](const ProjectFact &Fact) {
      return llvm::find_if(Sites, [&](const SiteRecord &S) {
        return S.Fact == Fact &&
               Programs::related(S.Fact, S.Program, P.Program);
      });
    };
    for (const Need &N : R.Needs) {
      // A need another unit may withdraw: met unless one has.
      if (N.isWithdrawable()) {
        Withdrawn |= N.withdrawnBy([&](const ProjectFact &Fact) {
          return Related(Fact) != Sites.end();
        });
        ++Met;
        continue;
      }
      auto Site = Related(N.Fact);
      if (Site == Sites.end())
        break;
      Shown.push_back(&*Site);
      ++Met;
    }
    if (Withdrawn || Met != R.Needs.size() ||
        !Once.insert({R.Loc.File, R.Loc.Offset, R.Rule->Id.str(), R.Message})
             .second)
      continue;
    for (const SiteRecord *Site : Shown)
      if (!Site->Note.Message.empty())
        R.Notes.push_back(Site->Note);
    R.Needs.clear();
    Prints.assign(R);
    Decided.push_back(R);
    std::string &Last = Chain[{R.Unit, P.After}];
    std::string After = Last.empty() ? P.After : Last;
    Last = R.Fingerprint;
    auto Where = llvm::find_if(All, [&](const FindingRecord &Other) {
      return Other.Unit == R.Unit &&
             (After.empty() || Other.Fingerprint == After);
    });
    if (Where != All.end() && !After.empty())
      ++Where;
    All.insert(Where, std::move(R));
  }
  return Decided;
}

llvm::Expected<MergedReport>
mergeJsonReports(const std::vector<std::string> &Paths) {
  MergedReport M;
  ShardCheck Shards;
  std::vector<FindingRecord> All;
  RunSummary Undecided; // The shards' pending findings and sites.
  for (const std::string &Path : Paths) {
    auto Doc = readJson(Path);
    if (!Doc)
      return Doc.takeError();
    if (!Doc->contains("findings") || !(*Doc)["findings"].is_array() ||
        !Doc->contains("summary") || !(*Doc)["summary"].is_object())
      return mergeFailure("'" + Path + "' is not a torchlint JSON report");
    if (llvm::Error E = Shards.add(
            Path, Doc->contains("shard") ? &(*Doc)["shard"] : nullptr))
      return E;
    try {
      for (const json &F : (*Doc)["findings"]) {
        auto R = recordFromJson(F);
        if (!R)
          return mergeFailure("'" + Path +
                              "': " + llvm::toString(R.takeError()));
        All.push_back(std::move(*R));
      }
      if (llvm::Error E = pendingFromJson(*Doc, Undecided))
        return mergeFailure("'" + Path + "': " + llvm::toString(std::move(E)));
      const json &S = (*Doc)["summary"];
      M.Summary.FilesAnalysed += S.value("files_analysed", 0u);
      M.Summary.Suppressed += S.value("suppressed", 0u);
      M.Summary.OutsideFilter += S.value("outside_filter", 0u);
      M.Summary.InBaseline += S.value("in_baseline", 0u);
      M.Summary.Seconds += S.value("seconds", 0.0);
      for (const json &F : S.value("failures", json::array()))
        M.Summary.Failures.push_back(
            {F.value("file", ""), F.value("message", "")});
      for (const json &U : Doc->value("units", json::array()))
        M.Summary.Units.push_back(
            {U.value("file", ""), U.value("analysed", false),
             U.value("cached", false), U.value("seconds", 0.0)});
      if (M.Summary.SrcRoot.empty())
        M.Summary.SrcRoot = Doc->value("srcroot", "");
    } catch (const json::exception &E) {
      return mergeFailure("'" + Path + "' is malformed: " + E.what());
    }
  }
  if (llvm::Error E = Shards.complete())
    return E;

  decidePending(Undecided, M.Summary.SrcRoot, All);

  // A single run reports in input order (units sorted by path) and keeps a
  // header's finding from the first unit that reports it; so does the merge.
  std::stable_sort(All.begin(), All.end(),
                   [](const FindingRecord &A, const FindingRecord &B) {
                     return A.Unit < B.Unit;
                   });
  std::set<std::tuple<std::string, unsigned, std::string, std::string>> Seen;
  for (FindingRecord &R : All)
    if (Seen.insert({R.Loc.File, R.Loc.Offset, R.Rule->Id.str(), R.Message})
            .second)
      M.Findings.push_back(std::move(R));
  auto ByFile = [](const auto &A, const auto &B) { return A.File < B.File; };
  std::stable_sort(M.Summary.Failures.begin(), M.Summary.Failures.end(),
                   ByFile);
  std::stable_sort(M.Summary.Units.begin(), M.Summary.Units.end(), ByFile);
  return M;
}

/// What makes two SARIF results the same finding.
static std::string resultIdentity(const json &R) {
  json Key = {R.value("ruleId", ""), R.value("partialFingerprints", json()),
              R.value("locations", json()),
              R.value("message", json::object()).value("text", "")};
  return Key.dump(-1, ' ', false, json::error_handler_t::replace);
}

llvm::Expected<std::string>
mergeSarifReports(const std::vector<std::string> &Paths,
                  llvm::StringRef SrcRoot) {
  ShardCheck Shards;
  json Merged;
  json Results = json::array();
  json Notifications = json::array();
  bool Successful = true;
  std::set<std::string> Seen;
  RunSummary Undecided;
  std::string ShardRoot;
  for (const std::string &Path : Paths) {
    auto Doc = readJson(Path);
    if (!Doc)
      return Doc.takeError();
    try {
      const json &Runs = Doc->at("runs");
      if (!Runs.is_array() || Runs.empty())
        return mergeFailure("'" + Path + "' is a SARIF log without runs");
      for (const json &Run : Runs) {
        if (Run.at("tool").at("driver").value("name", "") != "torchlint")
          return mergeFailure("'" + Path +
                              "' holds a run of another tool; merge "
                              "torchlint's own reports");
        const json *Shard = nullptr;
        if (Run.contains("properties") &&
            Run["properties"].contains("torchlintShard"))
          Shard = &Run["properties"]["torchlintShard"];
        if (llvm::Error E = Shards.add(Path, Shard))
          return E;
        if (Run.contains("properties") &&
            Run["properties"].contains("torchlintPending")) {
          const json &P = Run["properties"]["torchlintPending"];
          if (llvm::Error E = pendingFromJson(P, Undecided))
            return mergeFailure("'" + Path +
                                "': " + llvm::toString(std::move(E)));
          ShardRoot = P.value("srcroot", "");
        }
        if (Merged.is_null()) {
          Merged = Run;
          Merged.erase("automationDetails");
          Merged.erase("properties");
        }
        for (const json &R : Run.value("results", json::array()))
          if (Seen.insert(resultIdentity(R)).second)
            Results.push_back(R);
        for (const json &I : Run.value("invocations", json::array())) {
          Successful = Successful && I.value("executionSuccessful", true);
          for (const json &N :
               I.value("toolExecutionNotifications", json::array()))
            Notifications.push_back(N);
        }
      }
    } catch (const json::exception &E) {
      return mergeFailure("'" + Path +
                          "' is not a SARIF log torchlint wrote: " + E.what());
    }
  }
  if (llvm::Error E = Shards.complete())
    return E;
  // The shards' undecided findings, decided with every shard's sites and
  // written as the shards write results.
  std::vector<FindingRecord> None;
  std::vector<FindingRecord> Decided =
      decidePending(Undecided, ShardRoot, None);
  if (!Decided.empty()) {
    json Extra = json::parse(renderSarif(Decided, RunSummary(), ShardRoot));
    for (const json &R : Extra["runs"][0]["results"])
      if (Seen.insert(resultIdentity(R)).second)
        Results.push_back(R);
  }
  Merged["results"] = Results;
  if (!SrcRoot.empty()) {
    std::string Uri = "file://" + uriEncodePath(SrcRoot);
    if (!llvm::StringRef(Uri).ends_with("/"))
      Uri += "/";
    Merged["originalUriBaseIds"]["%SRCROOT%"] = {{"uri", Uri}};
  }
  Merged["invocations"] = {{{"executionSuccessful", Successful},
                            {"toolExecutionNotifications", Notifications}}};
  json Doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", {Merged}}};
  return dumpJson(Doc);
}

} // namespace torchlint
