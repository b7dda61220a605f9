#include "runtime/common/TraceWriter.h"
#include <map>
#include <nlohmann/json.hpp>

namespace warpcheck::run {

using namespace patch;

namespace {

const char *kindName(uint8_t k) {
  switch (k) {
  case kTraceRead: return "r";
  case kTraceWrite: return "w";
  case kTraceRmw: return "rmw";
  case kTraceFence: return "fence";
  case kTraceBarrier: return "bar";
  case kTraceArrive: return "arrive";
  case kTraceSyncwarp: return "syncwarp";
  case kTraceExit: return "exit";
  case kTraceMbarArrive: return "mbar_arrive";
  case kTraceMbarWait: return "mbar_wait";
  case kTraceMalloc: return "malloc";
  case kTraceCpAsync: return "cp_async";
  case kTraceCpCommit: return "cp_commit";
  case kTraceCpWait: return "cp_wait";
  case kTraceCpMbarArrive: return "cp_mbar_arrive";
  default: return nullptr;
  }
}

const char *scopeName(uint8_t s) { return s == kScopeCta ? "cta" : s == kScopeSys ? "sys" : "gpu"; }

} // namespace

std::vector<TraceEvent> withAssumedReleases(const std::vector<TraceEvent> &events, const IndexedCode &code) {
  if (code.count == 0) return events;
  std::vector<TraceEvent> out;
  out.reserve(events.size());
  std::map<std::pair<uint32_t, uint32_t>, bool> afterUnknown; // per thread: its last global access was a callee's
  for (const TraceEvent &e : events) {
    bool global = (e.kind == kTraceRead || e.kind == kTraceWrite || e.kind == kTraceRmw) && e.space == kSpaceGlobal;
    bool blockBarrier = e.kind == kTraceBarrier && (e.aux & 0xffff) == 0;
    if (global || blockBarrier) {
      bool &after = afterUnknown[{e.block, e.thread}];
      bool unknown = global && !code.covers(e.pc);
      // (A barrier in a callee has no fences looked up: the detector
      // assumes the release at the thread's next access instead.)
      if (unknown || (after && (global || code.covers(e.pc))))
        out.push_back(TraceEvent{0, e.pc, e.block, e.thread, kTraceFence, kSpaceGlobal, kSemRelease, kScopeGpu, 0});
      if (global) after = unknown;
    }
    out.push_back(e);
  }
  return out;
}

std::vector<const TraceEvent *> traceOrder(const std::vector<TraceEvent> &events) {
  // Per thread: the position of its latest event when that is a block-wide
  // barrier's, and the barrier's pc; fences to move go before that position.
  struct Last {
    size_t barrier = SIZE_MAX;
    uint64_t pc = 0;
  };
  std::map<std::pair<uint32_t, uint32_t>, Last> last;
  std::vector<const TraceEvent *> order;
  std::map<size_t, std::vector<const TraceEvent *>> before;
  for (const TraceEvent &e : events) {
    Last &l = last[{e.block, e.thread}];
    if (e.kind == kTraceFence && l.barrier != SIZE_MAX && e.pc == l.pc) {
      before[l.barrier].push_back(&e);
      continue;
    }
    l = e.kind == kTraceBarrier ? Last{order.size(), e.pc} : Last{};
    order.push_back(&e);
  }
  if (before.empty()) return order;
  std::vector<const TraceEvent *> out;
  out.reserve(events.size());
  for (size_t i = 0; i < order.size(); ++i) {
    auto it = before.find(i);
    if (it != before.end()) out.insert(out.end(), it->second.begin(), it->second.end());
    out.push_back(order[i]);
  }
  return out;
}

std::string traceLine(int launch, const TraceEvent &e) {
  const char *kind = kindName(e.kind);
  if (!kind) return "";
  char buf[256];
  int n = std::snprintf(buf, sizeof buf, "{\"l\":%d,\"b\":%u,\"t\":%u,\"k\":\"%s\",\"pc\":%llu", launch, e.block,
                        e.thread, kind, e.pc);
  std::string line(buf, (size_t)n);
  switch (e.kind) {
  case kTraceRead:
  case kTraceWrite:
  case kTraceRmw:
    n = std::snprintf(buf, sizeof buf, ",\"a\":%llu,\"n\":%u,\"sp\":\"%s\",\"sem\":\"%s\",\"sc\":\"%s\"}", e.address,
                      e.aux, e.space == kSpaceShared ? "s" : "g",
                      e.sem == kSemPlain ? "plain" : e.sem == kSemVolatile ? "volatile" : "relaxed",
                      scopeName(e.scope));
    break;
  case kTraceFence:
    n = std::snprintf(buf, sizeof buf, ",\"sem\":\"%s\",\"sc\":\"%s\"}",
                      e.sem == kSemSc        ? "sc"
                      : e.sem == kSemAcquire ? "acquire" // CCTL.IVALL after ld.acquire: no release
                      : e.sem == kSemRelease ? "release"
                                             : "acq_rel",
                      scopeName(e.scope));
    break;
  case kTraceBarrier:
  case kTraceArrive:
  case kTraceSyncwarp:
    n = std::snprintf(buf, sizeof buf, ",\"x\":%u}", e.aux);
    break;
  case kTraceMbarArrive:
  case kTraceMbarWait:
  case kTraceCpMbarArrive:
    n = std::snprintf(buf, sizeof buf, ",\"a\":%llu,\"sp\":\"s\"}", e.address);
    break;
  case kTraceCpAsync:
    n = std::snprintf(buf, sizeof buf, ",\"a\":%llu,\"n\":%u,\"sp\":\"s\"}", e.address, e.aux);
    break;
  case kTraceCpWait:
    n = std::snprintf(buf, sizeof buf, ",\"x\":%u}", e.aux);
    break;
  case kTraceMalloc:
    n = std::snprintf(buf, sizeof buf, ",\"a\":%llu,\"n\":%u,\"sp\":\"g\"}", e.address, e.aux);
    break;
  default:
    n = std::snprintf(buf, sizeof buf, "}");
  }
  line.append(buf, (size_t)n);
  return line;
}

TraceWriter::~TraceWriter() {
  if (out_) std::fclose(out_);
}

int TraceWriter::write(const std::string &kernel, const std::array<uint32_t, 3> &grid,
                       const std::array<uint32_t, 3> &block, const std::vector<int> &after,
                       const std::vector<TraceEvent> &events, std::string &error, const IndexedCode &code) {
  if (!out_) out_ = std::fopen(path_.c_str(), "w");
  if (!out_) {
    error = "cannot write the trace " + path_;
    path_.clear();
    return -1;
  }
  int id = (int)written_;
  nlohmann::json header = {{"launch", id}, {"kernel", kernel}, {"grid", grid}, {"block", block}, {"after", after}};
  std::string text = header.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  std::vector<TraceEvent> all = withAssumedReleases(events, code);
  for (const TraceEvent *e : traceOrder(all)) {
    std::string line = traceLine(id, *e);
    if (!line.empty()) text += line + "\n";
  }
  if (std::fwrite(text.data(), 1, text.size(), out_) != text.size() || std::fflush(out_) != 0) {
    error = "cannot write the trace " + path_;
    path_.clear();
    return -1;
  }
  ++written_;
  return id;
}

} // namespace warpcheck::run
