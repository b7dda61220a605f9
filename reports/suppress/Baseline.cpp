#include "reports/suppress/Baseline.h"
#include "support/Files.h"
#include "reports/model/SourcePaths.h"
#include <algorithm>
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

bool parseBaseline(const std::string &text, const std::string &name, Baseline &out, std::string &error) {
  auto fail = [&](const std::string &what) { return error = name + ": " + what, false; };
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return fail("not a JSON document (truncated or corrupt?)");
  if (!j.is_object() || !j.contains("warpcheck_baseline")) return fail("not a warpcheck baseline (no \"warpcheck_baseline\" key)");
  const json &v = j["warpcheck_baseline"];
  if (!v.is_number_integer()) return fail("\"warpcheck_baseline\" must be an integer version");
  if (v.get<long long>() != kBaselineVersion)
    return fail("baseline version " + v.dump() + " is not one this warpcheck understands (" +
                std::to_string(kBaselineVersion) + ")");
  if (!j.contains("findings") || !j["findings"].is_array()) return fail("\"findings\" must be an array");
  size_t i = 0;
  for (const json &e : j["findings"]) {
    std::string at = "findings[" + std::to_string(i++) + "]";
    if (!e.is_object()) return fail(at + ": expected an object");
    BaselineEntry entry;
    if (!e.contains("fingerprint") || !e["fingerprint"].is_string() || e["fingerprint"].get<std::string>().empty())
      return fail(at + ".fingerprint: expected a non-empty string");
    entry.fingerprint = e["fingerprint"].get<std::string>();
    for (auto [key, slot] : {std::pair{"rule", &entry.rule}, {"file", &entry.file}, {"message", &entry.message}}) {
      if (!e.contains(key)) continue;
      if (!e[key].is_string()) return fail(at + "." + key + ": expected a string");
      *slot = e[key].get<std::string>();
    }
    if (e.contains("line")) {
      if (!e["line"].is_number_unsigned() || e["line"].get<unsigned long long>() > 0xffffffffull)
        return fail(at + ".line: expected a non-negative integer");
      entry.line = e["line"].get<unsigned>();
    }
    out.entries.push_back(std::move(entry));
  }
  return true;
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
