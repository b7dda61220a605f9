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

// The launched function and dynamic shared memory of a kernel launch
// call's parameters (cuLaunchKernel and cuLaunchCooperativeKernel carry
// both; cuLaunchKernelEx the bytes in its config).
template <class P> LaunchCall plain(const void *params) {
  auto *p = static_cast<const P *>(params);
  return {p->f, p->sharedMemBytes, p->hStream};
}
template <class P> LaunchCall withConfig(const void *params) {
  auto *p = static_cast<const P *>(params);
  if (!p->config) return {p->f, std::nullopt, nullptr};
  return {p->f, p->config->sharedMemBytes, p->config->hStream};
}

} // namespace

LaunchCall launchCallOf(Sanitizer_CallbackId cbid, const void *params) {
  if (!params) return {};
  switch (cbid) {
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernel:
    return plain<cuLaunchKernel_params>(params);
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernel_ptsz:
    return plain<cuLaunchKernel_ptsz_params>(params);
  case SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel:
    return plain<cuLaunchCooperativeKernel_params>(params);
  case SANITIZER_CBID_DRIVER_API_cuLaunchCooperativeKernel_ptsz:
    return plain<cuLaunchCooperativeKernel_ptsz_params>(params);
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx:
    return withConfig<cuLaunchKernelEx_params>(params);
  case SANITIZER_CBID_DRIVER_API_cuLaunchKernelEx_ptsz:
    return withConfig<cuLaunchKernelEx_ptsz_params>(params);
  default:
    return {};
  }
}

bool createdStream(Sanitizer_CallbackId cbid, const void *params, CUstream &stream, unsigned &flags) {
  CUstream *made = nullptr;
  if (!params) return false;
  if (cbid == SANITIZER_CBID_DRIVER_API_cuStreamCreate) {
    made = static_cast<const cuStreamCreate_params *>(params)->phStream;
    flags = static_cast<const cuStreamCreate_params *>(params)->Flags;
  } else if (cbid == SANITIZER_CBID_DRIVER_API_cuStreamCreateWithPriority) {
    made = static_cast<const cuStreamCreateWithPriority_params *>(params)->phStream;
    flags = static_cast<const cuStreamCreateWithPriority_params *>(params)->flags;
  }
  if (!made || !*made) return false;
  stream = *made;
  return true;
}

const Sanitizer_CallbackId *launchApiCallbacks(size_t &count) {
  count = sizeof(kCallbacks) / sizeof(kCallbacks[0]);
  return kCallbacks;
}

void onLaunchApi(Sanitizer_CallbackId cbid, const Sanitizer_CallbackData &data) {
  if (data.callbackSite == SANITIZER_API_ENTER) tDynamicShared = launchCallOf(cbid, data.functionParams).dynamicShared;
  else tDynamicShared.reset();
}

std::optional<uint32_t> currentDynamicSharedBytes() { return tDynamicShared; }

} // namespace warpcheck::run
