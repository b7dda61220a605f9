#include "runtime/common/RawLog.h"
#include "instrument/PatchState.h"
#include <nlohmann/json.hpp>
#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace warpcheck::run {

using nlohmann::json;

namespace {

json locationJson(const CodeLocation &l) {
  return {{"module", l.module}, {"function", l.function}, {"offset", l.offset}, {"pc", l.pc}};
}

CodeLocation locationFrom(const json &j) {
  CodeLocation l;
  l.module = j.at("module").get<uint32_t>();
  l.function = j.at("function").get<std::string>();
  l.offset = j.at("offset").get<uint64_t>();
  l.pc = j.at("pc").get<uint64_t>();
  return l;
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
  j["global_untracked"] = log.globalUntracked;
  j["global_unshadowed"] = log.globalUnshadowed;
  j["global_unshadowed_bytes"] = log.globalUnshadowedBytes;
  j["global_inter_block_unknown"] = log.globalInterBlockUnknown;
  j["heap_untracked"] = log.heapUntracked;
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
    if (j.at("version").get<int>() != kRawLogVersion)
      throw std::runtime_error("raw log version " + j.at("version").dump() + ", expected " +
                               std::to_string(kRawLogVersion));
    RawLog log;
    log.pid = j.value("pid", uint64_t(0));
    log.program = j.value("program", std::string());
    log.errors = j.at("errors").get<std::vector<std::string>>();
    log.warnings = j.at("warnings").get<std::vector<std::string>>();
    for (const json &m : j.at("modules"))
      log.modules.push_back({m.at("cubin").get<std::string>(), m.at("patched").get<bool>(),
                             m.at("error").get<std::string>()});
    log.kernelsChecked = j.at("kernels_checked").get<std::vector<std::string>>();
    log.launches = j.at("launches").get<uint64_t>();
    log.launchesChecked = j.at("launches_checked").get<uint64_t>();
    log.uncheckedAccesses = j.at("unchecked_accesses").get<uint64_t>();
    log.uncheckedBlockThreads = j.at("unchecked_block_threads").get<uint64_t>();
    log.droppedHazards = j.at("dropped_hazards").get<uint64_t>();
    log.globalUntracked = j.value("global_untracked", uint64_t(0));
    log.globalUnshadowed = j.value("global_unshadowed", uint64_t(0));
    log.globalUnshadowedBytes = j.value("global_unshadowed_bytes", uint64_t(0));
    log.globalInterBlockUnknown = j.value("global_inter_block_unknown", uint64_t(0));
    log.heapUntracked = j.value("heap_untracked", uint64_t(0));
    log.finished = j.at("finished").get<bool>();
    for (const json &rj : j.at("records")) {
      RawRecord r;
      r.kind = rj.at("kind").get<uint32_t>();
      r.flags = rj.at("flags").get<uint32_t>();
      r.kernel = rj.at("kernel").get<std::string>();
      r.first = locationFrom(rj.at("first"));
      r.second = locationFrom(rj.at("second"));
      r.count = rj.at("count").get<uint64_t>();
      r.block = rj.at("block").get<std::array<uint32_t, 3>>();
      r.blockDim = rj.at("block_dim").get<std::array<uint32_t, 3>>();
      r.thread1 = rj.at("thread1").get<uint32_t>();
      r.thread2 = rj.at("thread2").get<uint32_t>();
      r.offset = rj.at("offset").get<uint32_t>();
      r.extra = rj.at("extra").get<uint32_t>();
      if (rj.contains("allocation_id")) {
        r.block1 = rj.at("block1").get<uint32_t>();
        r.gridDim = rj.at("grid_dim").get<std::array<uint32_t, 3>>();
        r.address = rj.at("address").get<uint64_t>();
        r.allocationId = rj.at("allocation_id").get<uint32_t>();
        r.allocation = rj.at("allocation").get<std::string>();
        r.allocationBase = rj.at("allocation_base").get<uint64_t>();
        if (rj.contains("third")) r.third = locationFrom(rj.at("third"));
        if (rj.contains("allocation_site")) r.allocationSite = locationFrom(rj.at("allocation_site"));
        if (rj.contains("kernel1")) {
          r.kernel1 = rj.at("kernel1").get<std::string>();
          r.gridDim1 = rj.at("grid_dim1").get<std::array<uint32_t, 3>>();
          r.blockDim1 = rj.at("block_dim1").get<std::array<uint32_t, 3>>();
        }
        if (rj.contains("allocation_stack"))
          for (const json &f : rj.at("allocation_stack"))
            r.allocationStack.push_back({f.at("module").get<std::string>(), f.at("address").get<uint64_t>(),
                                         f.at("symbol").get<std::string>()});
      }
      log.records.push_back(std::move(r));
    }
    return log;
  } catch (const json::exception &e) {
    throw std::runtime_error(std::string("malformed raw log: ") + e.what());
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
  std::ifstream in(path);
  if (!in) {
    error = "cannot open " + path;
    return false;
  }
  try {
    log = rawLogFromJson(json::parse(in));
    return true;
  } catch (const std::exception &e) {
    error = path + ": " + e.what();
    return false;
  }
}

} // namespace warpcheck::run
