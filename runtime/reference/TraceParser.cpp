// Reads the JSON Lines trace of docs/run-memory-model.md (appendix) into a
// Trace, rejecting anything the format does not define.
#include "runtime/reference/TraceParser.h"
#include "support/JsonRead.h"
#include <nlohmann/json.hpp>
#include <algorithm>
#include <cstdint>
#include <set>
#include <tuple>
#include <sstream>

namespace warpcheck::reference {
namespace {

using nlohmann::json;

// A line nests two levels (an event's object, a launch's dims); the bound
// refuses a line that is no event long before the DOM gets deep.
constexpr int kMaxLineNesting = 4;

// One line's context, so every error names the file and line; a field's
// value is read by support/JsonRead.h, so a wrong one is named by its JSON
// path and shown ("a: expected a non-negative integer, not -4").
struct LineReader {
  const std::string &file;
  int line;
  [[noreturn]] void fail(const std::string &what) const {
    throw TraceError(file + ":" + std::to_string(line) + ": " + what);
  }
  // The value of `key` read by `read(const jsonin::Value &)`; its errors as
  // this line's.
  template <typename F> auto field(const json &o, const char *key, F read) const {
    auto it = o.find(key);
    if (it == o.end())
      fail(std::string("missing field \"") + key + "\"");
    jsonin::Context ctx;
    try {
      return read(jsonin::Value(*it, key, ctx));
    } catch (const jsonin::ReadError &e) {
      fail(e.message);
    }
  }
  uint64_t uint(const json &o, const char *key) const {
    return field(o, key, [](const jsonin::Value &v) { return v.unsignedAtMost(UINT64_MAX); });
  }
  std::string str(const json &o, const char *key) const {
    return field(o, key, [](const jsonin::Value &v) { return v.string(); });
  }
  void dims(const json &o, const char *key, uint64_t out[3]) const {
    std::vector<uint64_t> xyz = field(o, key, [](const jsonin::Value &v) {
      return v.array([](const jsonin::Value &d) { return d.unsignedAtMost(UINT64_MAX); });
    });
    if (xyz.size() != 3)
      fail(std::string("field \"") + key + "\" must be an array [x,y,z]");
    for (int i = 0; i < 3; ++i) {
      if (xyz[i] == 0 || xyz[i] > 0x7fffffffu)
        fail(std::string("field \"") + key + "\" must hold three integers from 1 to 2^31-1");
      out[i] = xyz[i];
    }
  }
  void onlyKeys(const json &o, const std::set<std::string> &allowed) const {
    for (auto it = o.begin(); it != o.end(); ++it)
      if (!allowed.count(it.key()))
        fail("unknown field \"" + jsonin::printable(it.key(), 60) + "\"");
  }
};

Kind parseKind(const LineReader &r, const std::string &s) {
  static const std::map<std::string, Kind> kinds = {
      {"r", Kind::Read},           {"w", Kind::Write},          {"rmw", Kind::Rmw},
      {"fence", Kind::Fence},      {"bar", Kind::Bar},          {"arrive", Kind::Arrive},
      {"syncwarp", Kind::Syncwarp}, {"mbar_arrive", Kind::MbarArrive},
      {"mbar_wait", Kind::MbarWait}, {"exit", Kind::Exit},         {"malloc", Kind::Malloc},
      {"cp_async", Kind::CpAsync},   {"cp_commit", Kind::CpCommit}, {"cp_wait", Kind::CpWait},
      {"cp_mbar_arrive", Kind::CpMbarArrive}};
  auto it = kinds.find(s);
  if (it == kinds.end())
    r.fail("unknown kind \"" + s + "\"");
  return it->second;
}

Sem parseSem(const LineReader &r, const std::string &s) {
  static const std::map<std::string, Sem> sems = {
      {"plain", Sem::Plain},     {"volatile", Sem::Volatile}, {"relaxed", Sem::Relaxed},
      {"acquire", Sem::Acquire}, {"release", Sem::Release},   {"acq_rel", Sem::AcqRel},
      {"sc", Sem::Sc}};
  auto it = sems.find(s);
  if (it == sems.end())
    r.fail("unknown sem \"" + s + "\"");
  return it->second;
}

Scope parseScope(const LineReader &r, const std::string &s) {
  static const std::map<std::string, Scope> scopes = {
      {"cta", Scope::Cta}, {"cluster", Scope::Cluster}, {"gpu", Scope::Gpu}, {"sys", Scope::Sys}};
  auto it = scopes.find(s);
  if (it == scopes.end())
    r.fail("unknown scope \"" + s + "\"");
  return it->second;
}

// Which semantics each kind of event may carry.
void checkSem(const LineReader &r, Kind k, Sem s) {
  bool ok = false;
  switch (k) {
  case Kind::Read:
    ok = s == Sem::Plain || s == Sem::Volatile || s == Sem::Relaxed || s == Sem::Acquire;
    break;
  case Kind::Write:
    ok = s == Sem::Plain || s == Sem::Volatile || s == Sem::Relaxed || s == Sem::Release;
    break;
  case Kind::Rmw:
    ok = s == Sem::Relaxed || s == Sem::Acquire || s == Sem::Release || s == Sem::AcqRel;
    break;
  case Kind::Fence:
    ok = s == Sem::Sc || s == Sem::AcqRel || s == Sem::Acquire || s == Sem::Release;
    break;
  default:
    ok = true;
  }
  if (!ok)
    r.fail(std::string("sem \"") + semName(s) + "\" is not valid for kind \"" + kindName(k) + "\"");
}

void parseLaunch(const LineReader &r, const json &o, Trace &trace) {
  r.onlyKeys(o, {"launch", "kernel", "grid", "block", "after"});
  Launch l;
  l.line = r.line;
  l.id = r.uint(o, "launch");
  l.kernel = r.str(o, "kernel");
  r.dims(o, "grid", l.grid);
  r.dims(o, "block", l.block);
  if (l.threadsPerBlock() > 1024)
    r.fail("a block of " + std::to_string(l.threadsPerBlock()) + " threads: CUDA allows at most 1024");
  if (trace.launchIndex.count(l.id))
    r.fail("launch " + std::to_string(l.id) + " declared twice");
  if (o.count("after")) {
    std::vector<uint64_t> after = r.field(o, "after", [](const jsonin::Value &v) {
      return v.array([](const jsonin::Value &id) { return id.unsignedAtMost(UINT64_MAX); });
    });
    for (uint64_t before : after) {
      if (!trace.launchIndex.count(before))
        r.fail("launch " + std::to_string(l.id) + " is after launch " + std::to_string(before) +
               ", which is not declared before it");
      l.after.push_back(before);
    }
  }
  trace.launchIndex[l.id] = trace.launches.size();
  trace.launches.push_back(std::move(l));
}

// What one pass over the file must remember to reject events that cannot
// have happened in that order.
struct OrderState {
  std::set<std::tuple<uint64_t, uint64_t, uint64_t>> exited;
  std::set<uint64_t> started, finished; // finished: ordered before a started launch
  void start(const Trace &trace, uint64_t launch) {
    if (!started.insert(launch).second)
      return;
    std::vector<uint64_t> todo = trace.launch(launch).after;
    while (!todo.empty()) {
      uint64_t l = todo.back();
      todo.pop_back();
      if (finished.insert(l).second)
        for (uint64_t b : trace.launch(l).after)
          todo.push_back(b);
    }
  }
};

void parseEvent(const LineReader &r, const json &o, Trace &trace, OrderState &order) {
  r.onlyKeys(o, {"l", "b", "t", "k", "a", "n", "sp", "sem", "sc", "pc", "x", "file", "line"});
  Event e;
  e.line = r.line;
  e.launch = r.uint(o, "l");
  auto li = trace.launchIndex.find(e.launch);
  if (li == trace.launchIndex.end())
    r.fail("event of launch " + std::to_string(e.launch) + ", which has no header before it");
  const Launch &launch = trace.launches[li->second];
  e.block = r.uint(o, "b");
  e.thread = r.uint(o, "t");
  if (e.block >= launch.blocks())
    r.fail("block " + std::to_string(e.block) + " outside launch " + std::to_string(e.launch) +
           "'s grid of " + std::to_string(launch.blocks()) + " blocks");
  if (e.thread >= launch.threadsPerBlock())
    r.fail("thread " + std::to_string(e.thread) + " outside launch " + std::to_string(e.launch) +
           "'s block of " + std::to_string(launch.threadsPerBlock()) + " threads");
  e.kind = parseKind(r, r.str(o, "k"));
  if (order.finished.count(e.launch))
    r.fail("event of launch " + std::to_string(e.launch) +
           " after a launch that \"after\" orders behind it has started");
  order.start(trace, e.launch);
  if (order.exited.count({e.launch, e.block, e.thread}))
    r.fail("event of thread " + std::to_string(e.thread) + " of block " + std::to_string(e.block) +
           " after its exit");
  if (e.kind == Kind::Exit)
    order.exited.insert({e.launch, e.block, e.thread});
  e.pc = r.uint(o, "pc");
  if (o.count("file"))
    e.file = r.str(o, "file");
  if (o.count("line"))
    e.srcLine = static_cast<int64_t>(r.uint(o, "line"));

  bool hasSem = o.count("sem"), hasScope = o.count("sc");
  if (hasSem)
    e.sem = parseSem(r, r.str(o, "sem"));
  if (hasScope)
    e.scope = parseScope(r, r.str(o, "sc"));
  if (o.count("sp")) {
    std::string sp = r.str(o, "sp");
    if (sp != "g" && sp != "s")
      r.fail("unknown space \"" + sp + "\" (expected \"g\" or \"s\")");
    e.space = sp == "s" ? Space::Shared : Space::Global;
  }

  switch (e.kind) {
  case Kind::Read:
  case Kind::Write:
  case Kind::Rmw:
    e.addr = r.uint(o, "a");
    e.bytes = static_cast<uint32_t>(r.uint(o, "n"));
    if (e.bytes == 0 || e.bytes > 256)
      r.fail("field \"n\" must be 1 to 256 bytes");
    if (!o.count("sp"))
      r.fail("missing field \"sp\"");
    if (!hasSem)
      r.fail("missing field \"sem\"");
    checkSem(r, e.kind, e.sem);
    if (e.sem == Sem::Volatile)
      e.scope = Scope::Sys; // volatile counts as a system-scope access
    else if (e.sem != Sem::Plain && !hasScope)
      r.fail("missing field \"sc\" (a strong access needs its scope)");
    break;
  case Kind::Fence:
    if (!hasSem)
      r.fail("missing field \"sem\"");
    if (!hasScope)
      r.fail("missing field \"sc\"");
    checkSem(r, e.kind, e.sem);
    break;
  case Kind::Bar:
  case Kind::Arrive: {
    e.aux = r.uint(o, "x");
    uint64_t id = e.aux >> 16, count = e.aux & 0xffff;
    if (id > 15)
      r.fail("barrier id " + std::to_string(id) + " outside 0..15");
    if (count > launch.threadsPerBlock())
      r.fail("barrier thread count " + std::to_string(count) + " exceeds the block's " +
             std::to_string(launch.threadsPerBlock()) + " threads");
    if (e.kind == Kind::Arrive && count == 0)
      r.fail("bar.arrive needs a thread count");
    break;
  }
  case Kind::Syncwarp:
    e.aux = r.uint(o, "x");
    if (e.aux == 0 || e.aux > 0xffffffffull)
      r.fail("syncwarp mask must be a non-zero 32-bit value");
    break;
  case Kind::MbarArrive:
  case Kind::MbarWait:
    e.addr = r.uint(o, "a");
    if (!o.count("sp"))
      r.fail("missing field \"sp\"");
    if (!hasScope)
      e.scope = Scope::Cta; // cuda::barrier's default thread_scope_block
    break;
  case Kind::CpAsync:
    e.addr = r.uint(o, "a");
    e.bytes = static_cast<uint32_t>(r.uint(o, "n"));
    if (e.bytes == 0 || e.bytes > 256)
      r.fail("field \"n\" must be 1 to 256 bytes");
    if (e.space != Space::Shared || !o.count("sp"))
      r.fail("a cp_async writes shared memory (\"sp\": \"s\")");
    if (hasSem && e.sem != Sem::Plain)
      r.fail("a cp_async's write is plain (\"sem\": \"plain\" or none)");
    break;
  case Kind::CpWait:
    e.aux = r.uint(o, "x");
    if (e.aux > 0xffffffffull)
      r.fail("cp_wait's \"x\" (the groups left in flight) must be a 32-bit value");
    break;
  case Kind::CpMbarArrive:
    e.addr = r.uint(o, "a");
    if (!o.count("sp"))
      r.fail("missing field \"sp\"");
    e.scope = Scope::Cta;
    break;
  case Kind::CpCommit:
  case Kind::Exit:
    break;
  case Kind::Malloc:
    e.addr = r.uint(o, "a");
    e.bytes = static_cast<uint32_t>(std::min<uint64_t>(r.uint(o, "n"), 0xffffffffu));
    if (e.bytes == 0)
      r.fail("field \"n\" of a malloc must be at least 1 byte");
    if (e.space != Space::Global)
      r.fail("malloc memory is global (\"sp\": \"g\")");
    break;
  }
  trace.events.push_back(std::move(e));
}

} // namespace

Trace parseTrace(std::istream &in, const std::string &name) {
  Trace trace;
  trace.name = name;
  OrderState order;
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    LineReader r{name, line};
    if (text.find_first_not_of(" \t\r") == std::string::npos)
      continue; // blank lines are allowed
    json o;
    try {
      o = jsonin::parse(text, kMaxLineNesting);
    } catch (const jsonin::ReadError &err) {
      r.fail(err.message); // "not valid JSON: parse error at line 1, column 2: ..."
    }
    if (!o.is_object())
      r.fail("each line must be one JSON object");
    if (o.count("launch"))
      parseLaunch(r, o, trace);
    else
      parseEvent(r, o, trace, order);
  }
  return trace;
}

Trace parseTraceText(const std::string &text, const std::string &name) {
  std::istringstream in(text);
  return parseTrace(in, name);
}

const char *kindName(Kind k) {
  switch (k) {
  case Kind::Read: return "r";
  case Kind::Write: return "w";
  case Kind::Rmw: return "rmw";
  case Kind::Fence: return "fence";
  case Kind::Bar: return "bar";
  case Kind::Arrive: return "arrive";
  case Kind::Syncwarp: return "syncwarp";
  case Kind::MbarArrive: return "mbar_arrive";
  case Kind::MbarWait: return "mbar_wait";
  case Kind::Exit: return "exit";
  case Kind::Malloc: return "malloc";
  case Kind::CpAsync: return "cp_async";
  case Kind::CpCommit: return "cp_commit";
  case Kind::CpWait: return "cp_wait";
  case Kind::CpMbarArrive: return "cp_mbar_arrive";
  }
  return "?";
}
const char *spaceName(Space s) { return s == Space::Shared ? "s" : "g"; }
const char *semName(Sem s) {
  switch (s) {
  case Sem::Plain: return "plain";
  case Sem::Volatile: return "volatile";
  case Sem::Relaxed: return "relaxed";
  case Sem::Acquire: return "acquire";
  case Sem::Release: return "release";
  case Sem::AcqRel: return "acq_rel";
  case Sem::Sc: return "sc";
  }
  return "?";
}
const char *scopeName(Scope s) {
  switch (s) {
  case Scope::Cta: return "cta";
  case Scope::Cluster: return "cluster";
  case Scope::Gpu: return "gpu";
  case Scope::Sys: return "sys";
  }
  return "?";
}

} // namespace warpcheck::reference
