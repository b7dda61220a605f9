// Classifies each race of the model by running happens-before three times
// (docs/run-memory-model.md, "How a race is classified").
#include "runtime/reference/Findings.h"
#include "runtime/reference/BoundedShadow.h"
#include "runtime/reference/HappensBefore.h"
#include <algorithm>
#include <map>
#include <utility>
#include <tuple>

namespace warpcheck::reference {

std::string relationOf(const Event &a, const Event &b) {
  if (a.launch != b.launch)
    return "inter-launch";
  if (a.block != b.block)
    return "inter-block";
  return a.warp() == b.warp() ? "intra-warp" : "inter-warp";
}

namespace {

std::string classify(const Event &a, const Event &b, bool widenedRaces, bool fencedRaces,
                     const ModelOptions &options) {
  if (!options.volatileIsPtx && isVolatileRace(a, b))
    return kVolatileRule;
  if (!widenedRaces)
    return "scope-too-narrow";
  if (!fencedRaces)
    return "fence-missing";
  return a.space == Space::Shared ? "race-shared" : "race-global";
}

std::string severityOf(const std::string &rule, const std::string &relation) {
  if (rule == kVolatileRule)
    return "warning";
  if ((rule == "race-shared" || rule == "race-global") && relation == "intra-warp")
    return "warning"; // a __syncwarp() fixes it
  return "error";
}

int relationRank(const std::string &relation) {
  static const char *order[] = {"intra-warp", "inter-warp", "inter-block", "inter-launch"};
  for (int i = 0; i < 4; ++i)
    if (relation == order[i])
      return i;
  return -1;
}

} // namespace

std::vector<Finding> checkTrace(const Trace &trace, const ModelOptions &options) {
  ScanResult asWritten = scanTrace(trace, Variant{}, options);
  ScanResult widened = scanTrace(trace, Variant{true, false}, options);
  ScanResult fenced = scanTrace(trace, Variant{true, true}, options);

  BoundedShadow shadow(trace);
  std::vector<Finding> findings;
  std::map<std::tuple<std::string, uint64_t, uint64_t>, size_t> byKey;
  auto add = [&](Finding f, uint64_t pcA, uint64_t pcB) {
    auto key = std::make_tuple(f.rule, std::min(pcA, pcB), std::max(pcA, pcB));
    auto it = byKey.find(key);
    if (it != byKey.end()) {
      Finding &kept = findings[it->second];
      uint32_t count = kept.count + f.count, shadowKept = kept.shadowKept + f.shadowKept;
      uint32_t missingLanes = kept.missingLanes | f.missingLanes;
      // One pc pair can be intra-warp for some threads and inter-block for
      // others: keep the widest relation's example (and its severity).
      if (relationRank(f.relation) > relationRank(kept.relation))
        std::swap(kept, f);
      kept.count = count;
      kept.shadowKept = shadowKept;
      kept.missingLanes = missingLanes;
      return;
    }
    byKey[key] = findings.size();
    findings.push_back(std::move(f));
  };

  for (const auto &[i, j] : asWritten.races) {
    const Event &a = trace.events[i], &b = trace.events[j];
    Finding f;
    f.rule = classify(a, b, widened.races.count({i, j}) > 0, fenced.races.count({i, j}) > 0, options);
    f.relation = relationOf(a, b);
    f.severity = severityOf(f.rule, f.relation);
    f.count = 1;
    f.shadowKept = shadow.holds(i, j) ? 1 : 0;
    f.first = i;
    f.second = j;
    add(std::move(f), a.pc, b.pc);
  }
  auto addSyncwarp = [&](const char *rule, const SyncwarpLanes &lanes) {
    Finding f;
    f.rule = rule;
    f.severity = "error";
    f.count = 1;
    f.first = lanes.syncwarp;
    f.second = lanes.other;
    f.missingLanes = lanes.missing;
    add(std::move(f), trace.events[lanes.syncwarp].pc, trace.events[lanes.other].pc);
  };
  for (const auto &lanes : asWritten.inactive)
    addSyncwarp("warp-mask-inactive-lane", lanes);
  for (const auto &lanes : asWritten.nonuniform)
    addSyncwarp("warp-mask-nonuniform", lanes);
  std::stable_sort(findings.begin(), findings.end(),
                   [](const Finding &x, const Finding &y) { return x.first < y.first; });
  return findings;
}

} // namespace warpcheck::reference
