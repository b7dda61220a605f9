#include "reports/formats/sarif/SarifResult.h"
#include "reports/formats/sarif/SarifRules.h"
#include <map>

namespace warpcheck {
namespace {

using nlohmann::json;

bool samePlace(const SourceRange &a, const SourceRange &b) {
  return a.file == b.file && a.line == b.line && a.column == b.column;
}

// The result text: the finding's message, then one line per note, linked to
// its related location when it has a place (GitHub shows related locations
// only through such links).
std::string messageText(const Finding &f) {
  bool links = false;
  for (const Note &n : f.notes) links |= !n.where.file.empty();
  auto escape = [&](const std::string &s) { return links ? sarifEscapeBrackets(s) : s; };
  std::string text = escape(f.message);
  for (size_t i = 0; i < f.notes.size(); ++i) {
    const Note &n = f.notes[i];
    std::string note = escape(n.message);
    text += "\nnote: " + (n.where.file.empty() ? note : "[" + note + "](" + std::to_string(i + 1) + ")");
  }
  return text;
}

json primaryLocation(const Finding &f, SarifLocator &locator) {
  json loc = locator.location(f.where);
  // A run finding of a program built without -lineinfo has no line (nor
  // file): name the kernel, so the result still says where.
  if (f.where.line == 0 && f.evidence && !f.evidence->kernel.empty())
    loc["logicalLocations"] = json::array({{{"name", f.evidence->kernel}, {"kind", "function"}}});
  return loc;
}

json relatedLocations(const Finding &f, SarifLocator &locator) {
  json out = json::array();
  for (size_t i = 0; i < f.notes.size(); ++i) {
    json loc = locator.location(f.notes[i].where);
    loc["id"] = i + 1;
    loc["message"] = {{"text", f.notes[i].message}};
    out.push_back(loc);
  }
  return out;
}

// The path to the finding: the notes that name other places (the branch a
// barrier depends on, the calls down to it, the other access of a race), in
// their order, then the finding itself. Notes at the finding's own place
// explain it rather than lead to it, and are left out.
json codeFlows(const Finding &f, SarifLocator &locator) {
  if (!f.where.valid()) return nullptr;
  json steps = json::array();
  auto step = [&](const SourceRange &where, const std::string &message) {
    json loc = locator.location(where);
    loc["message"] = {{"text", message}};
    steps.push_back({{"location", loc}});
  };
  for (const Note &n : f.notes)
    if (n.where.valid() && !samePlace(n.where, f.where)) step(n.where, n.message);
  if (steps.empty()) return nullptr;
  step(f.where, f.message);
  return json::array({{{"threadFlows", json::array({{{"locations", steps}}})}}});
}

std::string fixDescription(const Finding &f) {
  if (f.fixits.size() != 1) return "Apply the " + std::to_string(f.fixits.size()) + " edits together";
  const FixIt &x = f.fixits[0];
  bool inserts = x.where.endLine == x.where.line && x.where.endColumn + 1 == x.where.column;
  if (x.replacement.empty()) return "Delete the code";
  return (inserts ? "Insert '" : "Replace with '") + x.replacement + "'";
}

// A finding's fix-its are one fix (apply all or none): one artifactChange per
// file, in the order the files first appear.
json fixes(const Finding &f, SarifLocator &locator) {
  if (f.fixits.empty()) return nullptr;
  std::vector<std::string> files;
  std::map<std::string, json> replacements;
  for (const FixIt &x : f.fixits) {
    json region = locator.region(x.where);
    if (x.where.file.empty() || region.is_null()) return nullptr; // a partial fix is worse than none
    if (!replacements.count(x.where.file)) files.push_back(x.where.file);
    replacements[x.where.file].push_back({{"deletedRegion", region}, {"insertedContent", {{"text", x.replacement}}}});
  }
  json changes = json::array();
  for (const std::string &file : files)
    changes.push_back({{"artifactLocation", locator.artifactLocation(file)}, {"replacements", replacements[file]}});
  return json::array({{{"description", {{"text", fixDescription(f)}}}, {"artifactChanges", changes}}});
}

// What `warpcheck run` saw, under the names of the JSON report's `run`
// object in camelCase.
void putEvidence(json &props, const RunEvidence &e) {
  props["kernel"] = e.kernel;
  props["count"] = e.count;
  props["block"] = e.block;
  json accesses = json::array();
  for (const AccessEvidence &a : e.accesses) {
    json aj = {{"kind", a.kind}, {"pc", a.pc}, {"function", a.function}, {"offset", a.offset}};
    if (a.threadKnown) aj["thread"] = a.thread; // the example threads
    accesses.push_back(aj);
  }
  props["accesses"] = accesses;
  if (!e.relation.empty()) props["relation"] = e.relation;
  if (e.sharedOffset >= 0) props["sharedOffset"] = e.sharedOffset;
  if (e.address >= 0) props["address"] = e.address;
  if (!e.allocation.empty()) props["allocation"] = e.allocation;
  if (e.otherBlock) props["otherBlock"] = *e.otherBlock;
  if (e.mask >= 0) props["mask"] = e.mask;
  if (e.lanes >= 0) props["lanes"] = e.lanes;
}

} // namespace

std::string sarifEscapeBrackets(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '[' || c == ']') out += '\\';
    out += c;
  }
  return out;
}

json sarifResult(const Finding &f, SarifLocator &locator) {
  json r;
  r["ruleId"] = f.rule;
  r["level"] = sarifLevel(f.severity);
  r["message"] = {{"text", messageText(f)}};
  json primary = primaryLocation(f, locator);
  r["locations"] = primary.empty() ? json::array() : json::array({primary});
  if (!f.notes.empty()) r["relatedLocations"] = relatedLocations(f, locator);
  json flows = codeFlows(f, locator);
  if (!flows.is_null()) r["codeFlows"] = flows;
  json fx = fixes(f, locator);
  if (!fx.is_null()) r["fixes"] = fx;
  if (!f.fingerprint.empty()) r["partialFingerprints"] = {{"warpcheckFingerprint/v1", f.fingerprint}};
  json props = {{"passes", f.passes}};
  if (f.evidence) putEvidence(props, *f.evidence);
  r["properties"] = props;
  return r;
}

} // namespace warpcheck
