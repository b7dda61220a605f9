// Writes each finding with both events named: pc, launch and kernel,
// block, thread, kind, semantics and scope, address, source line.
#include "runtime/reference/FindingsJson.h"
#include <sstream>

namespace warpcheck::reference {
namespace {

using nlohmann::json;

json eventJson(const Trace &trace, const Event &e) {
  json j = {{"pc", e.pc},
            {"launch", e.launch},
            {"kernel", trace.launch(e.launch).kernel},
            {"block", e.block},
            {"thread", e.thread},
            {"kind", kindName(e.kind)},
            {"trace_line", e.line}};
  if (e.isAccess()) {
    j["sem"] = semName(e.sem);
    if (e.sem != Sem::Plain)
      j["scope"] = scopeName(e.scope);
    j["space"] = spaceName(e.space);
    j["address"] = e.addr;
    j["bytes"] = e.bytes;
  }
  if (!e.file.empty())
    j["file"] = e.file;
  if (e.srcLine >= 0)
    j["line"] = e.srcLine;
  return j;
}

bool isSyncwarpRule(const std::string &rule) {
  return rule == "warp-mask-inactive-lane" || rule == "warp-mask-nonuniform";
}

std::string describe(const Event &e) {
  std::ostringstream s;
  s << (e.kind == Kind::Read ? "read" : e.kind == Kind::Write ? "write" : "atomic") << " (" << semName(e.sem);
  if (e.sem != Sem::Plain)
    s << ", " << scopeName(e.scope);
  s << ") by thread " << e.thread << " of block " << e.block << " (launch " << e.launch << ", pc " << e.pc << ")";
  return s.str();
}

std::string message(const Trace &trace, const Finding &f) {
  const Event &a = trace.events[f.first], &b = trace.events[f.second];
  std::ostringstream s;
  if (isSyncwarpRule(f.rule)) {
    s << "__syncwarp(0x" << std::hex << a.aux << std::dec << ") of warp " << a.warp() << " in block " << a.block
      << " (launch " << a.launch << ", pc " << a.pc << ") names lanes (mask 0x" << std::hex << f.missingLanes
      << std::dec << ") that ";
    if (f.rule == "warp-mask-nonuniform")
      s << "call it with another mask; they are not ordered with the lanes that passed this one";
    else if (f.second != f.first)
      s << "call another __syncwarp (pc " << b.pc << ") instead of it";
    else
      s << "neither exited nor called it; they are not ordered with the lanes that did";
    return s.str();
  }
  s << describe(a) << " and " << describe(b) << " at address " << b.addr << " are not ordered (" << f.relation << ")";
  if (f.rule == "scope-too-narrow")
    s << "; they would be with device-scope (gpu) atomics and fences";
  else if (f.rule == "fence-missing")
    s << "; a __threadfence() between the data and the flag (release) and after observing it (acquire) would order them";
  else if (f.rule == kVolatileRule)
    s << "; volatile is not atomic in CUDA C++: use cuda::atomic_ref (relaxed, or release/acquire) for this flag";
  return s.str();
}

} // namespace

json findingsToJson(const Trace &trace, const std::vector<Finding> &findings, const ModelOptions &options) {
  json list = json::array();
  for (const Finding &f : findings) {
    json j = {{"rule", f.rule}, {"severity", f.severity}, {"count", f.count}, {"message", message(trace, f)}};
    if (isSyncwarpRule(f.rule)) {
      const Event &s = trace.events[f.first];
      j["syncwarp"] = eventJson(trace, s);
      if (f.second != f.first)
        j["other_syncwarp"] = eventJson(trace, trace.events[f.second]);
      j["mask"] = s.aux;
      j["warp"] = s.warp();
      j["missing_lanes"] = f.missingLanes;
    } else {
      j["relation"] = f.relation;
      j["shadow_kept"] = f.shadowKept;
      j["first"] = eventJson(trace, trace.events[f.first]);
      j["second"] = eventJson(trace, trace.events[f.second]);
    }
    list.push_back(std::move(j));
  }
  return {{"reference",
           {{"trace", trace.name},
            {"launches", trace.launches.size()},
            {"events", trace.events.size()},
            {"volatile", options.volatileIsPtx ? "ptx" : "cuda"}}},
          {"findings", std::move(list)}};
}

} // namespace warpcheck::reference
