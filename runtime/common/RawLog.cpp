#include "runtime/common/RawLog.h"
#include "instrument/PatchState.h"
#include "support/Files.h"
#include "support/JsonRead.h"
#include <nlohmann/json.hpp>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace warpcheck::run {

using nlohmann::json;

namespace {

json locationJson(const CodeLocation &l) {
  return {{"module", l.module}, {"function", l.function}, {"offset", l.offset}, {"pc", l.pc}};
}

// Raw logs nest four levels (records[i].allocation_stack[j]); the bound
// only refuses a file that is not one.
constexpr int kMaxRawLogNesting = 16;

uint32_t u32(const jsonin::Value &v) { return uint32_t(v.unsignedAtMost(UINT32_MAX)); }
uint64_t u64(const jsonin::Value &v) { return v.unsignedAtMost(UINT64_MAX); }
// A counter an older runtime did not write: 0.
uint64_t u64Or0(jsonin::Object &o, const char *key) {
  auto v = o.optional(key);
  return v ? u64(*v) : 0;
}

CodeLocation locationFrom(const jsonin::Value &v) {
  jsonin::Object o(v);
  CodeLocation l;
  l.module = u32(o.required("module"));
  l.function = o.required("function").string();
  l.offset = u64(o.required("offset"));
  l.pc = u64(o.required("pc"));
  return l;
}

RawRecord recordFrom(const jsonin::Value &v) {
  jsonin::Object o(v);
  RawRecord r;
  r.kind = u32(o.required("kind"));
  r.flags = u32(o.required("flags"));
  r.kernel = o.required("kernel").string();
  r.first = locationFrom(o.required("first"));
  r.second = locationFrom(o.required("second"));
  r.count = u64(o.required("count"));
  r.block = o.required("block").xyz();
  r.blockDim = o.required("block_dim").xyz();
  r.thread1 = u32(o.required("thread1"));
  r.thread2 = u32(o.required("thread2"));
  r.offset = u32(o.required("offset"));
  r.extra = u32(o.required("extra"));
  // Global-memory records only.
  if (o.optional("allocation_id")) {
    r.block1 = u32(o.required("block1"));
    r.gridDim = o.required("grid_dim").xyz();
    r.address = u64(o.required("address"));
    r.allocationId = u32(o.required("allocation_id"));
    r.allocation = o.required("allocation").string();
    r.allocationBase = u64(o.required("allocation_base"));
    if (auto third = o.optional("third")) r.third = locationFrom(*third);
    if (auto site = o.optional("allocation_site")) r.allocationSite = locationFrom(*site);
    if (auto kernel1 = o.optional("kernel1")) {
      r.kernel1 = kernel1->string();
      r.gridDim1 = o.required("grid_dim1").xyz();
      r.blockDim1 = o.required("block_dim1").xyz();
    }
    if (auto stack = o.optional("allocation_stack"))
      r.allocationStack = stack->array([](const jsonin::Value &fv) {
        jsonin::Object f(fv);
        return HostFrame{f.required("module").string(), u64(f.required("address")), f.required("symbol").string()};
      });
  }
  return r;
}

} // namespace

json toJson(const RawLog &log) {
  json j;
  j["version"] = kRawLogVersion;
  j["pid"] = log.pid;
  j["program"] = log.program;
  j["errors"] = log.errors;
  j["warnings"] = log.warnings;
  j["modules"] = json::array();
  for (const ModuleInfo &m : log.modules)
    j["modules"].push_back({{"cubin", m.cubin}, {"patched", m.patched}, {"error", m.error}});
  j["kernels_checked"] = log.kernelsChecked;
  j["launches"] = log.launches;
  j["launches_checked"] = log.launchesChecked;
  j["unchecked_accesses"] = log.uncheckedAccesses;
  j["unchecked_block_threads"] = log.uncheckedBlockThreads;
  j["dropped_hazards"] = log.droppedHazards;
  j["sampled_blocks"] = log.sampledBlocks;
  j["sampled_launch_blocks"] = log.sampledLaunchBlocks;
  j["global_untracked"] = log.globalUntracked;
  j["global_unshadowed"] = log.globalUnshadowed;
  j["global_unshadowed_bytes"] = log.globalUnshadowedBytes;
  j["global_inter_block_unknown"] = log.globalInterBlockUnknown;
  j["heap_untracked"] = log.heapUntracked;
  j["global_shadow_bytes"] = log.globalShadowBytes;
  j["global_shadowed_bytes"] = log.globalShadowedBytes;
  j["detector_bytes"] = log.detectorBytes;
  j["finished"] = log.finished;
  j["records"] = json::array();
  for (const RawRecord &r : log.records) {
    json rj = {{"kind", r.kind},
                            {"flags", r.flags},
                            {"kernel", r.kernel},
                            {"first", locationJson(r.first)},
                            {"second", locationJson(r.second)},
                            {"count", r.count},
                            {"block", r.block},
                            {"block_dim", r.blockDim},
                            {"thread1", r.thread1},
                            {"thread2", r.thread2},
                            {"offset", r.offset},
                            {"extra", r.extra}};
    // Global-memory records only.
    if (r.allocationId) {
      rj["block1"] = r.block1;
      rj["grid_dim"] = r.gridDim;
      rj["address"] = r.address;
      rj["allocation_id"] = r.allocationId;
      rj["allocation"] = r.allocation;
      rj["allocation_base"] = r.allocationBase;
      if (r.third.pc) rj["third"] = locationJson(r.third);
      if (r.allocationSite.pc) rj["allocation_site"] = locationJson(r.allocationSite);
      if (!r.kernel1.empty()) {
        rj["kernel1"] = r.kernel1;
        rj["grid_dim1"] = r.gridDim1;
        rj["block_dim1"] = r.blockDim1;
      }
      for (const HostFrame &f : r.allocationStack)
        rj["allocation_stack"].push_back({{"module", f.module}, {"address", f.address}, {"symbol", f.symbol}});
    }
    j["records"].push_back(std::move(rj));
  }
  return j;
}

RawLog rawLogFromJson(const json &j) {
  try {
    jsonin::Context ctx; // fields of a newer runtime are left alone
    jsonin::Object o(jsonin::Value(j, "", ctx));
    int64_t version = o.required("version").integerIn(INT32_MIN, INT32_MAX);
    if (version != kRawLogVersion)
      throw std::runtime_error("raw log version " + std::to_string(version) + ", expected " +
                               std::to_string(kRawLogVersion));
    RawLog log;
    if (auto pid = o.optional("pid")) log.pid = u64(*pid);
    if (auto program = o.optional("program")) log.program = program->string();
    log.errors = o.required("errors").strings();
    log.warnings = o.required("warnings").strings();
    log.modules = o.required("modules").array([](const jsonin::Value &mv) {
      jsonin::Object m(mv);
      return ModuleInfo{m.required("cubin").string(), m.required("patched").boolean(), m.required("error").string()};
    });
    log.kernelsChecked = o.required("kernels_checked").strings();
    log.launches = u64(o.required("launches"));
    log.launchesChecked = u64(o.required("launches_checked"));
    log.uncheckedAccesses = u64(o.required("unchecked_accesses"));
    log.uncheckedBlockThreads = u64(o.required("unchecked_block_threads"));
    log.droppedHazards = u64(o.required("dropped_hazards"));
    log.sampledBlocks = u64Or0(o, "sampled_blocks");
    log.sampledLaunchBlocks = u64Or0(o, "sampled_launch_blocks");
    log.globalUntracked = u64Or0(o, "global_untracked");
    log.globalUnshadowed = u64Or0(o, "global_unshadowed");
    log.globalUnshadowedBytes = u64Or0(o, "global_unshadowed_bytes");
    log.globalInterBlockUnknown = u64Or0(o, "global_inter_block_unknown");
    log.heapUntracked = u64Or0(o, "heap_untracked");
    log.globalShadowBytes = u64Or0(o, "global_shadow_bytes");
    log.globalShadowedBytes = u64Or0(o, "global_shadowed_bytes");
    log.detectorBytes = u64Or0(o, "detector_bytes");
    log.finished = o.required("finished").boolean();
    log.records = o.required("records").array(recordFrom);
    return log;
  } catch (const jsonin::ReadError &e) {
    throw std::runtime_error("malformed raw log: " + e.message);
  }
}

CodeLocation CodeRange::locate(uint64_t at) const {
  CodeLocation c;
  c.module = module;
  c.pc = at;
  if (at >= pc && at < pc + size) {
    c.function = function;
    c.offset = at - pc;
  }
  return c;
}

void mergeRecord(std::vector<RawRecord> &records, RawRecord r) {
  for (RawRecord &e : records) {
    if (e.kind == r.kind && e.kernel == r.kernel && e.first.module == r.first.module &&
        e.first.offset == r.first.offset && e.second.offset == r.second.offset &&
        e.first.function == r.first.function && e.second.function == r.second.function &&
        (e.flags & patch::kFlagSameWarp) == (r.flags & patch::kFlagSameWarp)) {
      e.count += r.count;
      return;
    }
  }
  records.push_back(std::move(r));
}

bool writeRawLog(const std::string &path, const RawLog &log, std::string &error) {
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) {
      error = "cannot write " + tmp;
      return false;
    }
    out << toJson(log).dump(1, ' ', false, json::error_handler_t::replace) << '\n';
    out.close(); // checked: a full disk shows at the last write or the close
    if (!out) {
      error = "cannot write " + tmp;
      std::remove(tmp.c_str());
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = "cannot rename " + tmp + " to " + path;
    return false;
  }
  return true;
}

bool readRawLog(const std::string &path, RawLog &log, std::string &error) {
  std::string text;
  if (!readWholeFile(path, text)) {
    error = "cannot open " + path;
    return false;
  }
  try {
    log = rawLogFromJson(jsonin::parse(text, kMaxRawLogNesting));
    return true;
  } catch (const jsonin::ReadError &e) {
    error = path + ": malformed raw log: " + e.message;
  } catch (const std::exception &e) {
    error = path + ": " + e.what();
  }
  return false;
}

} // namespace warpcheck::run
