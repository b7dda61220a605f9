#include "runtime/inject/LaunchApi.h"
#include <cuda.h>
#include <generated_cuda_meta.h>
#include <sanitizer_driver_cbid.h>

namespace warpcheck::run {
namespace {

thread_local std::optional<uint32_t> tDynamicShared;

constexpr Sanitizer_CallbackId kCallbacks[] = {
    SANITIZER_CBID_DRIVER_API_cuLaunchKernel,           SANITIZER_CBID_DRIVER_API_cuLaunchKernel_ptsz,
    SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx,         SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx_ptsz,
    SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel, SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel_ptsz,
    SANITIZER_CBID_DRIVER_API_cuGraphLaunch,            SANITIZER_CBID_DRIVER_API_cuGraphLaunch_ptsz,
};

std::optional<uint32_t> bytesOf(Sanitizer_CallbackId cbid, const void *params) {
  if (!params) return std::nullopt;
  switch (cbid) {
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernel:
    return static_cast<const cuLaunchKernel_params *>(params)->sharedMemBytes;
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernel_ptsz:
    return static_cast<const cuLaunchKernel_ptsz_params *>(params)->sharedMemBytes;
  case SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel:
    return static_cast<const cuLaunchCooperativeKernel_params *>(params)->sharedMemBytes;
  case SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel_ptsz:
    return static_cast<const cuLaunchCooperativeKernel_ptsz_params *>(params)->sharedMemBytes;
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx: {
    const CUlaunchConfig *c = static_cast<const cuLaunchKernelEx_params *>(params)->config;
    return c ? std::optional<uint32_t>(c->sharedMemBytes) : std::nullopt;
  }
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx_ptsz: {
    const CUlaunchConfig *c = static_cast<const cuLaunchKernelEx_ptsz_params *>(params)->config;
    return c ? std::optional<uint32_t>(c->sharedMemBytes) : std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

} // namespace

CUfunction launchedFunction(Sanitizer_CallbackId cbid, const void *params) {
  if (!params) return nullptr;
  switch (cbid) {
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernel:
    return static_cast<const cuLaunchKernel_params *>(params)->f;
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernel_ptsz:
    return static_cast<const cuLaunchKernel_ptsz_params *>(params)->f;
  case SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel:
    return static_cast<const cuLaunchCooperativeKernel_params *>(params)->f;
  case SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel_ptsz:
    return static_cast<const cuLaunchCooperativeKernel_ptsz_params *>(params)->f;
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx:
    return static_cast<const cuLaunchKernelEx_params *>(params)->f;
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx_ptsz:
    return static_cast<const cuLaunchKernelEx_ptsz_params *>(params)->f;
  default:
    return nullptr;
  }
}

const Sanitizer_CallbackId *launchApiCallbacks(size_t &count) {
  count = sizeof(kCallbacks) / sizeof(kCallbacks[0]);
  return kCallbacks;
}

void onLaunchApi(Sanitizer_CallbackId cbid, const Sanitizer_CallbackData &data) {
  if (data.callbackSite == SANITIZER_API_ENTER) tDynamicShared = bytesOf(cbid, data.functionParams);
  else tDynamicShared.reset();
}

std::optional<uint32_t> currentDynamicSharedBytes() { return tDynamicShared; }

} // namespace warpcheck::run
