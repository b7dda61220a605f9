#include "reports/suppress/Baseline.h"
#include "support/Files.h"
#include "reports/model/SourcePaths.h"
#include "support/JsonRead.h"
#include <algorithm>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

namespace warpcheck {

using nlohmann::json;

std::string formatBaseline(const std::vector<Finding> &findings, const std::string &sourceRoot) {
  std::vector<BaselineEntry> entries;
  for (const Finding &f : findings)
    entries.push_back({f.fingerprint, f.rule, f.where.file.empty() ? "" : relativeToRoot(f.where.file, sourceRoot),
                       f.message, f.where.line});
  std::sort(entries.begin(), entries.end(), [](const BaselineEntry &a, const BaselineEntry &b) {
    return std::tie(a.file, a.line, a.rule, a.fingerprint) < std::tie(b.file, b.line, b.rule, b.fingerprint);
  });
  json j;
  j["warpcheck_baseline"] = kBaselineVersion;
  j["findings"] = json::array();
  for (const BaselineEntry &e : entries)
    j["findings"].push_back(
        {{"fingerprint", e.fingerprint}, {"rule", e.rule}, {"file", e.file}, {"line", e.line}, {"message", e.message}});
  return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

namespace {

// A baseline nests three levels; the bound only refuses hostile files.
constexpr int kMaxBaselineNesting = 16;

BaselineEntry entryFrom(const jsonin::Value &v) {
  jsonin::Object e(v);
  BaselineEntry entry;
  entry.fingerprint = e.required("fingerprint").nonEmptyString();
  for (auto [key, slot] : {std::pair{"rule", &entry.rule}, {"file", &entry.file}, {"message", &entry.message}})
    if (auto s = e.optional(key)) *slot = s->string();
  if (auto line = e.optional("line")) entry.line = unsigned(line->unsignedAtMost(0xffffffffu));
  e.done();
  return entry;
}

} // namespace

bool parseBaseline(const std::string &text, const std::string &name, Baseline &out, std::string &error) {
  try {
    json j = jsonin::parse(text, kMaxBaselineNesting);
    if (!j.is_object() || !j.contains("warpcheck_baseline"))
      throw jsonin::ReadError{"not a warpcheck baseline (no \"warpcheck_baseline\" key)"};
    jsonin::Context ctx; // unknown keys are allowed: a newer warpcheck may add some
    jsonin::Object doc(jsonin::Value(j, "", ctx));
    int64_t version = doc.required("warpcheck_baseline").integerIn(0, INT32_MAX);
    if (version != kBaselineVersion)
      throw jsonin::ReadError{"baseline version " + std::to_string(version) +
                              " is not one this warpcheck understands (" + std::to_string(kBaselineVersion) + ")"};
    std::vector<BaselineEntry> entries = doc.required("findings").array(entryFrom);
    doc.done();
    out.entries.insert(out.entries.end(), entries.begin(), entries.end());
    return true;
  } catch (const jsonin::ReadError &e) {
    error = name + ": " + e.message;
    return false;
  }
}

bool readBaseline(const std::string &path, Baseline &out, std::string &error) {
  constexpr size_t kMaxBytes = 256u << 20;
  std::string text;
  ReadFailure failure;
  if (!readBoundedFile(path, kMaxBytes, text, failure))
    return error = path + ": cannot read the baseline: " + describe(failure, kMaxBytes), false;
  return parseBaseline(text, path, out, error);
}

size_t applyBaseline(std::vector<Finding> &findings, const Baseline &baseline, std::vector<Finding> *removedOut,
                     std::vector<BaselineEntry> *unmatched) {
  std::map<std::string, size_t> known;
  for (const BaselineEntry &e : baseline.entries) ++known[e.fingerprint];
  size_t removed = 0;
  std::vector<Finding> kept;
  for (Finding &f : findings) {
    auto it = known.find(f.fingerprint);
    if (it != known.end() && it->second > 0) {
      --it->second;
      ++removed;
      if (removedOut) removedOut->push_back(std::move(f));
    } else {
      kept.push_back(std::move(f));
    }
  }
  findings = std::move(kept);
  // Entries of one fingerprint absorb findings in file order: the last
  // ones are those left over.
  if (unmatched)
    for (auto it = baseline.entries.rbegin(); it != baseline.entries.rend(); ++it)
      if (known[it->fingerprint] > 0) {
        --known[it->fingerprint];
        unmatched->insert(unmatched->begin(), *it);
      }
  return removed;
}

} // namespace warpcheck
