// The injection library: loaded into the application by `warpcheck run`
// (LD_PRELOAD), it subscribes to the Compute Sanitizer callbacks, patches
// every module as it loads and checks the launches the filters select. What
// it finds goes to the raw log (runtime/common/RawLog.h), rewritten after every
// launch that found something, so a crash loses nothing already seen.
#include "runtime/common/RawLog.h"
#include "support/Demangle.h"
#include "runtime/inject/DriverApi.h"
#include "runtime/common/Flags.h"
#include "runtime/common/TargetProcesses.h"
#include "runtime/inject/GlobalMemory.h"
#include "runtime/common/GraphOrder.h"
#include "runtime/inject/JournalFile.h"
#include "runtime/common/TraceQueue.h"
#include "runtime/common/TraceWriter.h"
#include "runtime/inject/KernelCode.h"
#include "runtime/common/KernelFilter.h"
#include "runtime/inject/LaunchApi.h"
#include "runtime/inject/LaunchChecker.h"
#include "runtime/inject/LaunchOrder.h"
#include "runtime/inject/ModulePatcher.h"
#include "support/Hex.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <map>
#include <mutex>
#include <set>
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <pthread.h>
#include <sanitizer.h>
#include <unistd.h>

namespace warpcheck::run {
namespace {

class Runtime {
public:
  Runtime() {
    flags_ = readFlags(log_.warnings);
    try {
      filter_ = std::make_unique<KernelFilter>(flags_.kernel_name, flags_.kernel_name_exclude,
                                               flags_.launch_skip, flags_.launch_count, flags_.launch_sample);
    } catch (const std::exception &e) {
      log_.errors.push_back(std::string("bad kernel name pattern: ") + e.what());
      filter_ = std::make_unique<KernelFilter>("", "", 0, 0);
    }
    uint64_t cap = flags_.table_capacity;
    if (cap == 0 || (cap & (cap - 1))) {
      log_.warnings.push_back("table capacity " + std::to_string(cap) + " is not a power of two; using 4096");
      cap = 4096;
    }
    checker_ = std::make_unique<LaunchChecker>(
        LaunchLimits{cap, flags_.shadow_budget_mib << 20, flags_.intra_warp, flags_.debug,
                     std::max<uint64_t>(1, flags_.trace_events), flags_.volatile_races, flags_.sample_blocks});
    patcher_ = std::make_unique<ModulePatcher>(flags_.patches, flags_.cubin_dir, flags_.patch_on_launch,
                                               flags_.global);
    global_ = std::make_unique<GlobalMemory>(flags_.global_shadow_budget_mib << 20);
    code_ = std::make_unique<KernelCode>(flags_.nvdisasm, flags_.sass_cache ? flags_.sass_cache_dir : std::string());
    order_ = std::make_unique<LaunchOrder>();
    reportPath_ = reserveReportPath(flags_.report);
    trace_ = std::make_unique<TraceWriter>(
        flags_.trace.empty() ? "" : flags_.trace + "-" + std::to_string(::getpid()) + ".jsonl", flags_.trace_launches);
    traceQueue_ = std::make_unique<TraceQueue>(*trace_);
    log_.pid = (uint64_t)::getpid();
    log_.program = programName();
  }

  // argv[0] of this process, from /proc (empty when unreadable).
  static std::string programName() {
    std::FILE *f = std::fopen("/proc/self/cmdline", "rb");
    if (!f) return "";
    std::string name;
    for (int c; (c = std::fgetc(f)) != EOF && c != 0;) name += (char)c;
    std::fclose(f);
    return name;
  }

  // A child made by fork() that did not exec: it holds a copy of this
  // process's state (and perhaps of a lock another thread held). It must
  // neither write that copy over this process's log nor wait on the lock.
  void forkedChild() {
    forked_ = true;
    reportPath_.clear();
  }

  void subscribe() {
    Sanitizer_SubscriberHandle handle;
    SanitizerResult r = sanitizerSubscribe(&handle, &Runtime::callback, this);
    if (r == SANITIZER_SUCCESS) r = sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_RESOURCE);
    if (r == SANITIZER_SUCCESS) r = sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_LAUNCH);
    if (r == SANITIZER_SUCCESS) r = sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_GRAPHS);
    // What orders launches of different streams (LaunchOrder).
    for (auto domain : {SANITIZER_CB_DOMAIN_SYNCHRONIZE, SANITIZER_CB_DOMAIN_EVENTS, SANITIZER_CB_DOMAIN_MEMCPY,
                        SANITIZER_CB_DOMAIN_MEMSET})
      if (r == SANITIZER_SUCCESS && flags_.global) r = sanitizerEnableDomain(1, handle, domain);
    size_t launchApis = 0;
    const Sanitizer_CallbackId *apis = launchApiCallbacks(launchApis);
    for (size_t i = 0; i < launchApis && r == SANITIZER_SUCCESS; ++i)
      r = sanitizerEnableCallback(1, handle, SANITIZER_CB_DOMAIN_DRIVER_API, apis[i]);
    for (auto api : {SANITIZER_CBID_DRIVER_API_cuStreamCreate, SANITIZER_CBID_DRIVER_API_cuStreamCreateWithPriority})
      if (r == SANITIZER_SUCCESS && flags_.global) r = sanitizerEnableCallback(1, handle, SANITIZER_CB_DOMAIN_DRIVER_API, api);
    if (r != SANITIZER_SUCCESS) {
      const char *s = nullptr;
      sanitizerGetResultString(r, &s);
      log_.errors.push_back(std::string("the Compute Sanitizer API did not start: ") + (s ? s : "unknown error"));
    }
    flush();
  }

  void finish() {
    if (forked_) return;
    std::lock_guard<std::recursive_mutex> g(mu_);
    std::string error;
    traceQueue_->close(error);
    if (!error.empty()) noteOnce(error, true);
    log_.finished = true;
    flushLocked();
  }

private:
  static void SANITIZERAPI callback(void *self, Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid,
                                    const void *data) {
    static_cast<Runtime *>(self)->dispatch(domain, cbid, data);
  }

  void dispatch(Sanitizer_CallbackDomain domain, Sanitizer_CallbackId cbid, const void *data) {
    if (domain == SANITIZER_CB_DOMAIN_DRIVER_API) {
      auto &call = *static_cast<const Sanitizer_CallbackData *>(data);
      if (cbid == SANITIZER_CBID_DRIVER_API_cuStreamCreate || cbid == SANITIZER_CBID_DRIVER_API_cuStreamCreateWithPriority) {
        if (call.callbackSite == SANITIZER_API_EXIT) streamCreated(cbid, call);
        return;
      }
      // Per-thread state, read by the launch callbacks inside this call.
      onLaunchApi(cbid, call);
      if (call.callbackSite == SANITIZER_API_ENTER) beforeLaunchCall(cbid, call);
      return;
    }
    if (flags_.debug)
      std::fprintf(stderr, "warpcheck-runtime: [%.3f s] callback domain %d cbid %d\n", elapsed(), (int)domain, (int)cbid);
    std::lock_guard<std::recursive_mutex> g(mu_);
    if (domain == SANITIZER_CB_DOMAIN_RESOURCE) {
      switch (cbid) {
      case SANITIZER_CBID_RESOURCE_MODULE_LOADED: {
        auto *m = static_cast<const Sanitizer_ResourceModuleData *>(data);
        trace("module loaded, " + std::to_string(m->cubinSize) + " bytes");
        patcher_->onModuleLoaded(m->context, m->module, m->pCubin, m->cubinSize, log_);
        if (flags_.global) global_->onModuleLoaded(m->context, m->module, m->pCubin, m->cubinSize);
        trace("module patched: " + (log_.modules.back().patched ? std::string("yes") : log_.modules.back().error));
        break;
      }
      case SANITIZER_CBID_RESOURCE_FUNCTIONS_LAZY_LOADED: {
        auto *f = static_cast<const Sanitizer_ResourceFunctionsLazyLoadedData *>(data);
        patcher_->onFunctionsLazyLoaded(f->module, log_);
        break;
      }
      case SANITIZER_CBID_RESOURCE_MODULE_UNLOAD_STARTING: {
        CUmodule module = static_cast<const Sanitizer_ResourceModuleData *>(data)->module;
        patcher_->onModuleUnloading(module);
        code_->onModuleUnloading(module);
        global_->onModuleUnloading(module);
        break;
      }
      case SANITIZER_CBID_RESOURCE_DEVICE_MEMORY_ALLOC:
      case SANITIZER_CBID_RESOURCE_MEMORY_ALLOC_ASYNC:
      case SANITIZER_CBID_RESOURCE_HOST_MEMORY_ALLOC:
        // The stack is kept raw (a few return addresses); it is named only
        // for allocations a finding reports.
        global_->onAlloc(*static_cast<const Sanitizer_ResourceMemoryData *>(data),
                         cbid == SANITIZER_CBID_RESOURCE_HOST_MEMORY_ALLOC, captureHostStack(0, 24));
        break;
      case SANITIZER_CBID_RESOURCE_DEVICE_MEMORY_FREE:
      case SANITIZER_CBID_RESOURCE_MEMORY_FREE_ASYNC:
      case SANITIZER_CBID_RESOURCE_HOST_MEMORY_FREE:
        global_->onFree(*static_cast<const Sanitizer_ResourceMemoryData *>(data));
        // cudaFree and cudaFreeHost wait for the device; cudaFreeAsync is stream-ordered.
        if (cbid != SANITIZER_CBID_RESOURCE_MEMORY_FREE_ASYNC) order_->onBlockingFree();
        break;
      case SANITIZER_CBID_RESOURCE_CONTEXT_DESTROY_STARTING: {
        CUcontext ctx = static_cast<const Sanitizer_ResourceContextData *>(data)->context;
        patcher_->onContextDestroyed(ctx);
        checker_->onContextDestroyed(ctx);
        global_->onContextDestroyed(ctx);
        order_->onContextDestroyed(ctx);
        stackTries_.erase(ctx);
        journals_.erase(ctx);
        code_->onContextDestroyed(ctx);
        break;
      }
      default:
        break;
      }
      return;
    }
    if (domain == SANITIZER_CB_DOMAIN_EVENTS) {
      order_->onEvent(cbid, *static_cast<const Sanitizer_EventData *>(data));
      return;
    }
    if (domain == SANITIZER_CB_DOMAIN_SYNCHRONIZE) {
      order_->onSynchronize(cbid, *static_cast<const Sanitizer_SynchronizeData *>(data));
      return;
    }
    if (domain == SANITIZER_CB_DOMAIN_MEMCPY) {
      auto *m = static_cast<const Sanitizer_MemcpyData *>(data);
      order_->onTransfer(m->dstContext, m->dstStream, m->hDstStream, m->isAsync);
      return;
    }
    if (domain == SANITIZER_CB_DOMAIN_MEMSET) {
      auto *m = static_cast<const Sanitizer_MemsetData *>(data);
      order_->onTransfer(m->context, m->stream, m->hStream, m->isAsync);
      return;
    }
    if (domain == SANITIZER_CB_DOMAIN_GRAPHS) {
      if (cbid == SANITIZER_CBID_GRAPHS_GRAPHEXEC_CREATING) {
        trace("graph instantiated: patching every module from now on");
        patcher_->patchEverythingFromNowOn(log_);
        return;
      }
      if (cbid == SANITIZER_CBID_GRAPHS_GRAPHEXEC_CREATED) {
        auto *g = static_cast<const Sanitizer_GraphExecData *>(data);
        if (flags_.global) readGraph(g->graph, g->graphExec);
        return;
      }
      if (cbid == SANITIZER_CBID_GRAPHS_GRAPHEXEC_DESTROYING) {
        graphs_.forget(reinterpret_cast<uint64_t>(static_cast<const Sanitizer_GraphExecData *>(data)->graphExec));
        return;
      }
      if (cbid != SANITIZER_CBID_GRAPHS_NODE_LAUNCH_BEGIN && cbid != SANITIZER_CBID_GRAPHS_NODE_LAUNCH_END) return;
      // Kernel nodes of a CUDA graph are launches like any other.
      auto *n = static_cast<const Sanitizer_GraphNodeLaunchData *>(data);
      if (n->nodeType != CU_GRAPH_NODE_TYPE_KERNEL || n->isGraphUpload) return;
      if (cbid == SANITIZER_CBID_GRAPHS_NODE_LAUNCH_BEGIN) launchBegin(n->launchData, n);
      else launchEnd(n->launchData);
      return;
    }
    if (domain != SANITIZER_CB_DOMAIN_LAUNCH) return;
    auto *l = static_cast<const Sanitizer_LaunchData *>(data);
    if (cbid == SANITIZER_CBID_LAUNCH_BEGIN) launchBegin(*l);
    else if (cbid == SANITIZER_CBID_LAUNCH_END) launchEnd(*l);
  }

  // Seconds since the runtime started: the trace shows where a run's time goes.
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  // Which launch a --debug line is about: graph nodes and concurrent
  // launches interleave their begin and end callbacks.
  std::string launchIdentity(const Sanitizer_LaunchData &l, const Sanitizer_GraphNodeLaunchData *node = nullptr) const {
    if (!flags_.debug) return "";
    std::string s = " (launch " + hex(reinterpret_cast<uint64_t>(l.hLaunch)) + ", stream " +
                    hex(reinterpret_cast<uint64_t>(l.hStream)) + ", grid id " + std::to_string(l.gridId);
    if (node)
      s += ", graph node " + hex(reinterpret_cast<uint64_t>(node->node)) + " of exec " +
           hex(reinterpret_cast<uint64_t>(node->graphExec)) + ", graph launch " + std::to_string(node->launchId);
    return s + ")";
  }

  void trace(const std::string &what) {
    if (flags_.debug) std::fprintf(stderr, "warpcheck-runtime: [%.3f s] %s\n", elapsed(), what.c_str());
  }

  // What needs the driver's module lock is done on entry to the launch
  // call, before the driver takes its own locks: inside the launch callback
  // of a kernel on a stream the program created, patching a module or
  // looking up its `__device__` variables deadlocked (driver 580, sanitizer
  // 2025.3). Graph launches resolve the variables only (their modules are
  // patched when the graph is instantiated).
  void beforeLaunchCall(Sanitizer_CallbackId cbid, const Sanitizer_CallbackData &call) {
    std::lock_guard<std::recursive_mutex> g(mu_);
    LaunchCall launch = launchCallOf(cbid, call.functionParams);
    CUfunction f = launch.function;
    CUmodule module = f ? moduleOf(f) : nullptr;
    // Most launches find their module patched: no name to demangle then.
    if (module && patcher_->needsPatching(module)) {
      std::string name = call.symbolName ? call.symbolName : "";
      if (name.empty() || filter_->nameWanted(name, demangle(name))) patcher_->ensurePatched(module, log_);
    }
    if (flags_.global && call.context) global_->resolveModules(call.context);
    if (call.context) raiseStack(call.context, launch.stream);
    if (call.context) ensureJournal(call.context, launch.stream);
  }

  // Every process of a run writes its own raw log, PREFIX-<pid>-<n>.json:
  // a program that starts others (a shell, a launcher, make, Python's
  // subprocess) must not have its log overwritten by theirs, nor theirs by
  // its. `n` tells apart the images one pid runs (exec without fork).
  static std::string reserveReportPath(const std::string &prefix) {
    if (prefix.empty()) return "";
    for (int n = 0; n < 1000; ++n) {
      std::string path = prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(n) + ".json";
      int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
      if (fd >= 0) {
        ::close(fd);
        return path;
      }
      if (errno != EEXIST) break;
    }
    std::fprintf(stderr, "warpcheck: error: cannot create a raw log beside %s\n", prefix.c_str());
    return "";
  }

  // The context's journal file, made (outside the launch callback: the
  // driver call registering it must not run under the driver's launch
  // locks) before its first launch. Without one, findings go to pinned
  // memory, which a killed process takes with it.
  void ensureJournal(CUcontext ctx, CUstream stream) {
    if (flags_.journal_dir.empty() || journals_.count(ctx)) return;
    // Registering host memory while the program captures a graph would
    // invalidate the capture: wait for a launch call outside it.
    const DriverApi &api = driverApi();
    CUstreamCaptureStatus capturing = CU_STREAM_CAPTURE_STATUS_NONE;
    if (api.streamIsCapturing && api.streamIsCapturing(stream, &capturing) == CUDA_SUCCESS &&
        capturing != CU_STREAM_CAPTURE_STATUS_NONE)
      return;
    auto journal = std::make_unique<JournalFile>();
    std::string path = flags_.journal_dir + "/journal-" + std::to_string(::getpid()) + "-" +
                       std::to_string(journalCount_++) + ".bin";
    std::string error;
    // Another thread's capture in global mode must not be invalidated either.
    CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_RELAXED;
    bool relaxed = api.exchangeCaptureMode && api.exchangeCaptureMode(&mode) == CUDA_SUCCESS;
    bool made = journal->create(path, (uint32_t)checker_->tableCapacity(), error);
    if (relaxed) api.exchangeCaptureMode(&mode);
    if (!made) {
      noteOnce("findings of a kernel still running when the program is killed cannot be kept: " + error);
      journal.reset();
    } else {
      checker_->useJournal(ctx, journal->hostRecords(), journal->deviceRecords(), journal->recordBytes());
    }
    journals_[ctx] = std::move(journal);
  }

  // The patches run on the kernel's own stack (the global detector's
  // deepest path takes about 800 bytes): without more, a kernel that uses
  // much of the default 1 KiB overflows it and faults (CUB's sorts did).
  // Done once per context, before its first launch, outside the launch
  // callback like every driver call here. While the program captures a
  // graph the call would invalidate the capture (cudaStreamCaptureModeGlobal
  // forbids it) or fail: it is made in relaxed mode and, if it fails, tried
  // again at the next launch call (the graph's own launch, after capture).
  void raiseStack(CUcontext ctx, CUstream stream) {
    constexpr int kRaised = -1, kMaxTries = 64;
    int &tries = stackTries_[ctx];
    if (!flags_.patch_stack || tries == kRaised || tries > kMaxTries) return;
    const DriverApi &api = driverApi();
    if (!api.ctxGetLimit || !api.ctxSetLimit) return;
    CUstreamCaptureStatus capturing = CU_STREAM_CAPTURE_STATUS_NONE;
    if (api.streamIsCapturing && api.streamIsCapturing(stream, &capturing) == CUDA_SUCCESS &&
        capturing != CU_STREAM_CAPTURE_STATUS_NONE)
      return; // launched into a graph being captured: not run now
    ++tries;
    CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_RELAXED;
    bool relaxed = api.exchangeCaptureMode && api.exchangeCaptureMode(&mode) == CUDA_SUCCESS;
    size_t now = 0;
    bool ok = api.ctxGetLimit(&now, CU_LIMIT_STACK_SIZE) == CUDA_SUCCESS &&
              api.ctxSetLimit(CU_LIMIT_STACK_SIZE, now + flags_.patch_stack) == CUDA_SUCCESS;
    if (relaxed) api.exchangeCaptureMode(&mode);
    if (ok) {
      tries = kRaised;
      trace("stack per thread raised from " + std::to_string(now) + " to " +
            std::to_string(now + flags_.patch_stack) + " bytes");
    } else if (tries > kMaxTries) {
      noteOnce("cannot raise the GPU stack size for warpcheck's checks: kernels with deep stacks may fault "
               "under warpcheck");
    }
  }

  // The module's index in the raw log (0 when it was never seen loading).
  uint32_t moduleIndexOf(CUmodule module) const {
    int index = patcher_->moduleIndex(module);
    return index < 0 ? 0 : (uint32_t)index;
  }

  static CUmodule moduleOf(CUfunction f) {
    const DriverApi &api = driverApi();
    CUmodule module = nullptr;
    if (!api.funcGetModule) return nullptr;
    if (api.funcGetModule(&module, f) == CUDA_SUCCESS) return module;
    CUfunction inContext = nullptr; // f was a CUkernel
    if (api.kernelGetFunction && api.kernelGetFunction(&inContext, reinterpret_cast<CUkernel>(f)) == CUDA_SUCCESS &&
        api.funcGetModule(&module, inContext) == CUDA_SUCCESS)
      return module;
    return nullptr;
  }

  void streamCreated(Sanitizer_CallbackId cbid, const Sanitizer_CallbackData &call) {
    std::lock_guard<std::recursive_mutex> g(mu_);
    CUstream created = nullptr;
    unsigned flags = 0;
    if (createdStream(cbid, call.functionParams, created, flags)) order_->onStreamCreated(created, flags);
  }

  // The nodes and edges of a graph being instantiated: its kernel nodes
  // with no path between them are unordered (GraphOrder.h). Unreadable
  // graphs count as ordered throughout.
  void readGraph(CUgraph graph, CUgraphExec exec) {
    const DriverApi &api = driverApi();
    size_t nodeCount = 0, edgeCount = 0;
    std::vector<CUgraphNode> nodes, from, to;
    bool read = api.graphGetNodes && api.graphGetEdges &&
                api.graphGetNodes(graph, nullptr, &nodeCount) == CUDA_SUCCESS &&
                api.graphGetEdges(graph, nullptr, nullptr, nullptr, &edgeCount) == CUDA_SUCCESS;
    if (read) {
      nodes.resize(nodeCount);
      from.resize(edgeCount);
      to.resize(edgeCount);
      read = (!nodeCount || api.graphGetNodes(graph, nodes.data(), &nodeCount) == CUDA_SUCCESS) &&
             (!edgeCount || api.graphGetEdges(graph, from.data(), to.data(), nullptr, &edgeCount) == CUDA_SUCCESS);
    }
    if (!read) {
      noteOnce("the dependencies of a CUDA graph could not be read: its kernel nodes are taken as ordered");
      return;
    }
    std::vector<uint64_t> ids;
    for (size_t i = 0; i < nodeCount; ++i) ids.push_back(reinterpret_cast<uint64_t>(nodes[i]));
    std::vector<std::pair<uint64_t, uint64_t>> edges;
    for (size_t i = 0; i < edgeCount; ++i)
      edges.emplace_back(reinterpret_cast<uint64_t>(from[i]), reinterpret_cast<uint64_t>(to[i]));
    graphs_.setGraph(reinterpret_cast<uint64_t>(exec), ids, edges);
    trace("graph instantiated: " + std::to_string(nodeCount) + " nodes, " + std::to_string(edgeCount) + " edges");
  }

  // Whether `node` is the first node of kernel `f` in its graph launch (the
  // nodes of one graph launch begin one after another, before any ends).
  bool firstNodeOfKernel(const Sanitizer_GraphNodeLaunchData &node, CUfunction f) {
    std::pair<uint64_t, uint64_t> launch{reinterpret_cast<uint64_t>(node.graphExec), node.launchId};
    if (launch != graphLaunch_) {
      graphLaunch_ = launch;
      graphLaunchKernels_.clear();
    }
    return graphLaunchKernels_.insert(f).second;
  }

  // `node`: set for a kernel node of a graph launch (ordered as work of the
  // stream the graph was launched on, and after its ancestors in the graph
  // only).
  void launchBegin(const Sanitizer_LaunchData &l, const Sanitizer_GraphNodeLaunchData *node = nullptr) {
    // A launch seen through two domains is checked once.
    if (checker_->pending(l.hLaunch)) return;
    ++log_.launches;
    trace(std::string("launch begin ") + (l.functionName ? l.functionName : "?") + launchIdentity(l, node));
    std::string name = l.functionName ? l.functionName : "";
    bool wanted = filter_->shouldCheck(name, demangle(name));
    if (wanted && node && !firstNodeOfKernel(*node, l.function)) {
      noteOnce("kernel " + demangle(name) + " runs in several nodes of one CUDA graph launch, which share one "
               "detector state (the Sanitizer API keeps a graph node's state per kernel): those nodes were not checked");
      wanted = false;
    }
    std::string error;
    std::vector<std::string> warnings;
    if (wanted && !patcher_->ensurePatched(l.module, log_)) {
      noteOnce("kernel " + demangle(name) + " was not checked: its module could not be patched");
      wanted = false;
    }
    if (wanted && flags_.patch_floor) {
      // --patch-floor: the patched code runs, but with no launch state every
      // patch returns at once (the price of the callbacks alone).
      noteOnce("--patch-floor: kernels run patched but unchecked; this run measures the instrumentation's cost only");
      setLaunchState(l, node != nullptr, nullptr);
      return;
    }
    trace("setting up the launch");
    GlobalSetup global;
    if (wanted && flags_.global) prepareGlobal(l, global, warnings);
    // Where the kernel's code lies: for the launch order and the journal.
    LaunchedCode code = wanted ? LaunchedCode::of(l, moduleIndexOf(l.module)) : LaunchedCode{};
    if (wanted && global.tag) orderLaunch(l, node || l.hApiStream, code, global);
    if (wanted && global.tag && node)
      for (uint32_t t : graphs_.unorderedEarlier(reinterpret_cast<uint64_t>(node->graphExec), node->launchId,
                                                  reinterpret_cast<uint64_t>(node->node), global.tag))
        global.concurrentTags[(t >> 5) & 7] |= 1u << (t & 31);
    checker_->traceNext = wanted && trace_->on();
    if (checker_->traceNext) planTrace(l, global);
    if (wanted && !checker_->begin(l, global, node != nullptr, error, warnings)) {
      noteOnce("kernel " + demangle(name) + " was not checked: " + error);
      wanted = false;
    }
    for (std::string &w : warnings) noteOnce(std::move(w));
    if (!wanted) {
      traceQueue_->drop(traceKey(l));
      // A kernel launched earlier with our state must not see it again.
      setLaunchState(l, node != nullptr, nullptr);
      return;
    }
    trace("launch set up");
    auto journal = journals_.find(l.context);
    if (journal != journals_.end() && journal->second)
      journal->second->beginLaunch(code, {l.blockDim_x, l.blockDim_y, l.blockDim_z}, {l.gridDim_x, l.gridDim_y, l.gridDim_z});
    ++log_.launchesChecked;
    if (std::find(log_.kernelsChecked.begin(), log_.kernelsChecked.end(), name) == log_.kernelsChecked.end())
      log_.kernelsChecked.push_back(name);
  }

  // The allocations and the kernel's fences for the global-memory detector;
  // without them the launch is checked for shared memory only.
  void prepareGlobal(const Sanitizer_LaunchData &l, GlobalSetup &g, std::vector<std::string> &warnings) {
    GlobalMemory::Prepared p;
    std::string error;
    if (!global_->prepare(l.context, l.hStream, p, warnings, error)) {
      warnings.push_back("global memory not checked: " + error);
      return;
    }
    log_.globalUnshadowedBytes = global_->unshadowedBytes();
    int module = patcher_->moduleIndex(l.module);
    std::string cubin = module >= 0 ? log_.modules[module].cubin : "";
    KernelCode::Table t;
    std::string warning;
    code_->table(l.context, l.module, cubin, l.functionName, l.hStream, t, warning);
    if (!warning.empty()) warnings.push_back(warning);
    // Field by field, not positionally: on branch run-syncclock a field
    // added to GlobalSetup took another's value in a positional initialiser
    // here (volatileAccesses landed in concurrentTags[0]; the sync clock
    // never ran, and nothing failed).
    g.ranges = p.ranges;
    g.rangeCount = p.count;
    g.tag = p.tag;
    g.pcInfo = t.info;
    g.pcEdges = t.edges;
    g.pcArrive = t.arrive;
    g.pcBase = t.base;
    g.pcCount = t.count;
    g.heap = p.heap;
    g.volatileAccesses = t.volatileAccesses;
  }

  static uint64_t traceKey(const Sanitizer_LaunchData &l) { return reinterpret_cast<uint64_t>(l.hLaunch); }

  // A traced launch's place in the trace: the order launches begin in, and
  // which traced launches before it are ordered before it (all of them
  // when global memory is not checked: launch order is then not followed).
  // The nodes of a graph launch all begin before the first ends: each is
  // written as its own launch once those begun before it are (TraceQueue).
  void planTrace(const Sanitizer_LaunchData &l, const GlobalSetup &g) {
    IndexedCode code;
    if (g.pcInfo) code = {g.pcBase, g.pcCount};
    traceQueue_->plan(traceKey(l), g.tag, g.concurrentTags, {l.gridDim_x, l.gridDim_y, l.gridDim_z},
                      {l.blockDim_x, l.blockDim_y, l.blockDim_z}, code);
  }

  void writeTrace(const Sanitizer_LaunchData &l) {
    if (!traceQueue_->planned(traceKey(l))) return;
    std::string name = l.functionName ? l.functionName : "";
    if (checker_->lastTraceMade != checker_->lastTrace.size()) {
      noteOnce("a launch of " + demangle(name) + " was left out of the trace: it made " +
               std::to_string(checker_->lastTraceMade) + " events (raise --trace-events)");
      traceQueue_->drop(traceKey(l));
      return;
    }
    std::string error;
    traceQueue_->finish(traceKey(l), name, std::move(checker_->lastTrace), error);
    checker_->lastTrace.clear();
    if (!error.empty()) noteOnce(error, true);
  }

  // Which earlier launches' shadow entries nothing orders with this launch.
  void orderLaunch(const Sanitizer_LaunchData &l, bool graphNode, const LaunchedCode &code, GlobalSetup &g) {
    TaggedLaunch info;
    info.code = code;
    info.gridDim = {l.gridDim_x, l.gridDim_y, l.gridDim_z};
    info.blockDim = {l.blockDim_x, l.blockDim_y, l.blockDim_z};
    order_->launch(l, graphNode, g.tag, std::move(info), g.concurrentTags);
    if (flags_.debug) {
      std::string mask;
      for (uint32_t t = 1; t < 256; ++t)
        if ((g.concurrentTags[t >> 5] >> (t & 31)) & 1u) mask += " " + std::to_string(t);
      trace("launch tag " + std::to_string(g.tag) + (graphNode ? " (graph node)" : "") +
            ", unordered earlier tags:" + (mask.empty() ? " none" : mask));
    }
  }

  // A race with another launch: its access is located in that launch's
  // function (the shadow keeps the low 32 bits of its pc).
  void locateOtherLaunch(RawRecord &r, CUcontext ctx) {
    const TaggedLaunch *t = order_->byTag(ctx, r.launch1);
    if (!t) return;
    r.kernel1 = t->code.function;
    r.gridDim1 = t->gridDim;
    r.blockDim1 = t->blockDim;
    r.first = t->code.locate(t->code.widen((uint32_t)r.first.pc));
  }

  // What a global-memory record's allocation was, while it still exists.
  void describeAllocation(RawRecord &r, const Sanitizer_LaunchData &l, const LaunchedCode &code) {
    if (!r.allocationId) return;
    patch::HeapAllocation h;
    if (r.allocationId & patch::kHeapAllocationBit) {
      if (!global_->heapAllocation(l.context, r.allocationId, l.hStream, h)) {
        r.allocation = "device-side malloc() memory";
        return;
      }
      r.allocation = "device-side malloc() allocation of " + std::to_string(h.size) + " bytes at " + hex(h.base) +
                     " by thread " + std::to_string(h.thread) + " of block " + std::to_string(h.block) +
                     " (linear indices)";
      r.allocationBase = h.base;
      r.allocationSite = code.locate(h.pc);
    } else if (const Allocation *a = global_->byId(r.allocationId)) {
      r.allocation = a->kind + " allocation of " + std::to_string(a->size) + " bytes at " + hex(a->base);
      r.allocationBase = a->base;
      r.allocationStack = hostFrames(a->stack, 8);
    } else {
      r.allocation = "an allocation freed since";
    }
  }

  void launchEnd(const Sanitizer_LaunchData &l) {
    LaunchedCode code = LaunchedCode::of(l, moduleIndexOf(l.module));
    std::vector<RawRecord> records;
    std::string error;
    uint64_t before = log_.uncheckedAccesses + log_.uncheckedBlockThreads + log_.droppedHazards;
    trace("launch end" + launchIdentity(l));
    if (!checker_->end(l, code, records, log_, error)) noteOnce(error, true);
    writeTrace(l);
    trace("launch collected: " + std::to_string(records.size()) + " records; " + checker_->lastCounters);
    bool changed = !records.empty() || !error.empty() ||
                   before != log_.uncheckedAccesses + log_.uncheckedBlockThreads + log_.droppedHazards;
    for (RawRecord &r : records) {
      if (r.flags & patch::kFlagInterLaunch) locateOtherLaunch(r, l.context);
      describeAllocation(r, l, code);
      mergeRecord(log_.records, std::move(r));
    }
    if (changed || log_.launchesChecked == 1) flushLocked();
    auto journal = journals_.find(l.context);
    if (journal != journals_.end() && journal->second) journal->second->endLaunch();
  }

  void noteOnce(std::string text, bool isError = false) {
    auto &list = isError ? log_.errors : log_.warnings;
    if (std::find(list.begin(), list.end(), text) == list.end()) list.push_back(std::move(text));
  }

  void flush() {
    std::lock_guard<std::recursive_mutex> g(mu_);
    flushLocked();
  }
  void flushLocked() {
    if (reportPath_.empty()) return;
    if (global_) {
      log_.globalShadowBytes = global_->peakShadowBytes();
      log_.globalShadowedBytes = global_->peakShadowedBytes();
    }
    log_.detectorBytes = (checker_ ? checker_->peakDeviceBytes() : 0) + (code_ ? code_->peakDeviceBytes() : 0);
    std::string error;
    if (!writeRawLog(reportPath_, log_, error)) std::fprintf(stderr, "warpcheck: error: %s\n", error.c_str());
  }

  // Recursive: a Sanitizer call made inside a callback may call back.
  std::recursive_mutex mu_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  Flags flags_;
  RawLog log_;
  std::unique_ptr<KernelFilter> filter_;
  std::unique_ptr<LaunchChecker> checker_;
  std::unique_ptr<ModulePatcher> patcher_;
  std::unique_ptr<GlobalMemory> global_;
  std::unique_ptr<KernelCode> code_;
  std::unique_ptr<LaunchOrder> order_;
  GraphOrder graphs_;
  // Per context: attempts to raise the stack so far, or -1 once raised.
  std::map<CUcontext, int> stackTries_;
  // Per context: its journal file (null when it could not be made).
  std::map<CUcontext, std::unique_ptr<JournalFile>> journals_;
  uint32_t journalCount_ = 0;
  std::unique_ptr<TraceWriter> trace_;
  std::unique_ptr<TraceQueue> traceQueue_;
  // The graph launch (exec, launch id) whose nodes are beginning, and their kernels.
  std::pair<uint64_t, uint64_t> graphLaunch_{0, 0};
  std::set<CUfunction> graphLaunchKernels_;
  std::string reportPath_;
  std::atomic<bool> forked_{false};
};

Runtime *gRuntime = nullptr;

void atExit() {
  if (gRuntime) gRuntime->finish();
}

} // namespace
} // namespace warpcheck::run

// The entry point the Sanitizer samples and CUDA_INJECTION64_PATH use; also
// run from a static initializer for LD_PRELOAD.
extern "C" int InitializeInjection() {
  using namespace warpcheck::run;
  if (gRuntime) return 1;
  {
    // --target-processes application-only: a process of the program other
    // than the one warpcheck run started stays unchecked, subscribing to
    // nothing (TargetProcesses.h). A bad value was refused by the CLI.
    std::vector<std::string> ignored;
    Flags flags = readFlags(ignored);
    TargetProcesses mode = TargetProcesses::All;
    parseTargetProcesses(flags.target_processes, mode);
    if (!checksProcess(mode, (uint64_t)::getppid(), flags.launcher_pid)) return 1;
  }
  gRuntime = new Runtime(); // lives until exit: callbacks may come late
  gRuntime->subscribe();
  std::atexit(atExit);
  pthread_atfork(nullptr, nullptr, [] {
    if (gRuntime) gRuntime->forkedChild();
  });
  return 1;
}

namespace {
int gInitialized = InitializeInjection();
}
