#pragma once
// The dynamic shared-memory size of the launch being made on this thread.
//
// Sanitizer_LaunchData does not carry it, and without it the shadow must
// cover the largest window the kernel may be given (48 KiB and more per
// block, cleared at every launch). The driver's launch calls do carry it:
// their API callbacks (entered before, left after the launch callbacks, on
// the same thread) record it here.
#include <cstdint>
#include <optional>
#include <sanitizer.h>

namespace warpcheck::run {

// The driver API callbacks that carry a launch's dynamic shared memory.
const Sanitizer_CallbackId *launchApiCallbacks(size_t &count);

// Called with a SANITIZER_CB_DOMAIN_DRIVER_API callback of one of them.
void onLaunchApi(Sanitizer_CallbackId cbid, const Sanitizer_CallbackData &data);

// The bytes of the launch in progress on this thread; nullopt outside a
// launch call (graph launches, an API this does not know).
std::optional<uint32_t> currentDynamicSharedBytes();

} // namespace warpcheck::run
