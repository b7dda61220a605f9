#pragma once
// The dynamic shared-memory size of the launch being made on this thread.
//
// Sanitizer_LaunchData does not carry it, and without it the shadow must
// cover the largest window the kernel may be given (48 KiB and more per
// block, cleared at every launch). The driver's launch calls do carry it:
// their API callbacks (entered before, left after the launch callbacks, on
// the same thread) record it here.
#include <cstdint>
#include <cuda.h>
#include <optional>
#include <sanitizer.h>

namespace warpcheck::run {

// The driver API callbacks of launches: kernel launches (they carry the
// dynamic shared memory and the function) and graph launches.
const Sanitizer_CallbackId *launchApiCallbacks(size_t &count);

// What a kernel launch call's parameters say: the function it launches (a
// CUfunction, or a CUkernel cast to one), its dynamic shared memory and stream;
// empty for a graph launch or an API this does not know.
struct LaunchCall {
  CUfunction function = nullptr;
  std::optional<uint32_t> dynamicShared;
  CUstream stream = nullptr;
};
LaunchCall launchCallOf(Sanitizer_CallbackId cbid, const void *params);

// On return from cuStreamCreate or cuStreamCreateWithPriority: the stream
// made and its flags (CU_STREAM_NON_BLOCKING); false for other calls.
bool createdStream(Sanitizer_CallbackId cbid, const void *params, CUstream &stream, unsigned &flags);

// Called with a SANITIZER_CB_DOMAIN_DRIVER_API callback of one of them.
void onLaunchApi(Sanitizer_CallbackId cbid, const Sanitizer_CallbackData &data);

// The bytes of the launch in progress on this thread; nullopt outside a
// launch call (graph launches, an API this does not know).
std::optional<uint32_t> currentDynamicSharedBytes();

} // namespace warpcheck::run
