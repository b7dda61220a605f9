#pragma once
// The order the program put between its kernel launches, for races between
// launches on different streams. The Sanitizer API reports the operations
// that order them (event records and waits, stream and context
// synchronisation, synchronous copies, streams created non-blocking);
// StreamOrder turns them into happens-before. Each checked launch learns
// which earlier launches -- by the shadow tag their entries carry -- nothing
// orders with it; the detector reports its conflicts with their entries.
#include "runtime/common/StreamOrder.h"
#include "runtime/inject/LaunchedCode.h"
#include <array>
#include <cuda.h>
#include <map>
#include <sanitizer.h>
#include <set>
#include <string>

namespace warpcheck::run {

// A checked launch that left entries in the shadow under its tag.
struct TaggedLaunch {
  StreamOrder::Op op;
  LaunchedCode code;
  std::array<uint32_t, 3> gridDim{}, blockDim{};
};

class LaunchOrder {
public:
  // cuStreamCreate / cuStreamCreateWithPriority on return.
  void onStreamCreated(CUstream stream, unsigned flags);
  void onEvent(Sanitizer_CallbackId cbid, const Sanitizer_EventData &e);
  void onSynchronize(Sanitizer_CallbackId cbid, const Sanitizer_SynchronizeData &s);
  // A copy or memset: work on its stream; the host waits for it unless it
  // is asynchronous.
  void onTransfer(CUcontext ctx, CUstream stream, Sanitizer_StreamHandle h, bool async);
  // cudaFree and friends synchronise the device.
  void onBlockingFree() { order_.hostWaitsAll(); }

  // A launch about to be checked under `tag` in its context (tags restart
  // at 1 when the shadow was cleared): `concurrent` gets the bits of the
  // tags whose launches nothing orders with it. Graph kernel nodes count
  // as work of the stream the graph was launched on.
  void launch(const Sanitizer_LaunchData &l, bool graphNode, uint32_t tag, TaggedLaunch info,
              uint32_t concurrent[8]);
  const TaggedLaunch *byTag(CUcontext ctx, uint32_t tag) const;
  void onContextDestroyed(CUcontext ctx) { tags_.erase(ctx); }

private:
  StreamKind kindOf(CUcontext ctx, CUstream stream, Sanitizer_StreamHandle h);
  static uint64_t id(Sanitizer_StreamHandle h) { return reinterpret_cast<uint64_t>(h); }

  StreamOrder order_;
  std::set<CUstream> nonBlocking_;
  std::map<CUcontext, uint64_t> legacy_; // the legacy default stream's handle, per context
  std::map<CUcontext, std::map<uint32_t, TaggedLaunch>> tags_;
};

} // namespace warpcheck::run
