#pragma once
// Short ways to write reference-checker traces in tests, and to read the
// verdict as "rule/relation" strings.
#include "runtime/reference/Findings.h"
#include "runtime/reference/TraceParser.h"
#include <algorithm>
#include <string>
#include <vector>

namespace warpcheck::reference::test {

inline std::string header(int launch, int blocks, int threads, const std::string &after = "") {
  return "{\"launch\":" + std::to_string(launch) + ",\"kernel\":\"k" + std::to_string(launch) +
         "\",\"grid\":[" + std::to_string(blocks) + ",1,1],\"block\":[" + std::to_string(threads) +
         ",1,1],\"after\":[" + after + "]}\n";
}

// An access: kind r/w/rmw, sem, scope ("" for plain/volatile).
inline std::string access(int b, int t, const std::string &k, int addr, const std::string &sem,
                          const std::string &sc, int pc, const std::string &sp = "g", int launch = 0) {
  std::string s = "{\"l\":" + std::to_string(launch) + ",\"b\":" + std::to_string(b) + ",\"t\":" +
                  std::to_string(t) + ",\"k\":\"" + k + "\",\"a\":" + std::to_string(addr) +
                  ",\"n\":4,\"sp\":\"" + sp + "\",\"sem\":\"" + sem + "\"";
  if (!sc.empty())
    s += ",\"sc\":\"" + sc + "\"";
  return s + ",\"pc\":" + std::to_string(pc) + "}\n";
}

// A fence of scope `sc`, or nothing when sc is empty (the fence left out).
inline std::string fence(int b, int t, const std::string &sc, int pc, int launch = 0) {
  if (sc.empty())
    return "";
  return "{\"l\":" + std::to_string(launch) + ",\"b\":" + std::to_string(b) + ",\"t\":" + std::to_string(t) +
         ",\"k\":\"fence\",\"sem\":\"sc\",\"sc\":\"" + sc + "\",\"pc\":" + std::to_string(pc) + "}\n";
}

// bar/arrive/syncwarp/exit: `x` as the format defines it.
inline std::string sync(int b, int t, const std::string &k, unsigned long long x, int pc, int launch = 0) {
  std::string s = "{\"l\":" + std::to_string(launch) + ",\"b\":" + std::to_string(b) + ",\"t\":" +
                  std::to_string(t) + ",\"k\":\"" + k + "\"";
  if (k != "exit")
    s += ",\"x\":" + std::to_string(x);
  return s + ",\"pc\":" + std::to_string(pc) + "}\n";
}

inline std::vector<Finding> findingsOf(const std::string &trace, bool ptx = false) {
  ModelOptions o;
  o.volatileIsPtx = ptx;
  return checkTrace(parseTraceText(trace), o);
}

// One "rule/relation" string per finding (rule alone for syncwarp), sorted.
inline std::vector<std::string> verdict(const std::string &trace, bool ptx = false) {
  std::vector<std::string> v;
  for (const auto &f : findingsOf(trace, ptx))
    v.push_back(f.relation.empty() ? f.rule : f.rule + "/" + f.relation);
  std::sort(v.begin(), v.end());
  return v;
}

using V = std::vector<std::string>;

} // namespace warpcheck::reference::test
