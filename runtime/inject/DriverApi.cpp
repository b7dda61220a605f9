#include "runtime/inject/DriverApi.h"
#include <dlfcn.h>

namespace warpcheck::run {

const DriverApi &driverApi() {
  static DriverApi api = [] {
    DriverApi a;
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (!lib) return a;
    a.funcGetAttribute = reinterpret_cast<decltype(a.funcGetAttribute)>(dlsym(lib, "cuFuncGetAttribute"));
    a.deviceGetAttribute =
        reinterpret_cast<decltype(a.deviceGetAttribute)>(dlsym(lib, "cuDeviceGetAttribute"));
    a.occupancy = reinterpret_cast<decltype(a.occupancy)>(
        dlsym(lib, "cuOccupancyMaxActiveBlocksPerMultiprocessor"));
    a.moduleGetGlobal = reinterpret_cast<decltype(a.moduleGetGlobal)>(dlsym(lib, "cuModuleGetGlobal_v2"));
    a.funcGetModule = reinterpret_cast<decltype(a.funcGetModule)>(dlsym(lib, "cuFuncGetModule"));
    a.kernelGetFunction = reinterpret_cast<decltype(a.kernelGetFunction)>(dlsym(lib, "cuKernelGetFunction"));
    a.ctxGetLimit = reinterpret_cast<decltype(a.ctxGetLimit)>(dlsym(lib, "cuCtxGetLimit"));
    a.ctxSetLimit = reinterpret_cast<decltype(a.ctxSetLimit)>(dlsym(lib, "cuCtxSetLimit"));
    a.exchangeCaptureMode =
        reinterpret_cast<decltype(a.exchangeCaptureMode)>(dlsym(lib, "cuThreadExchangeStreamCaptureMode"));
    a.streamIsCapturing = reinterpret_cast<decltype(a.streamIsCapturing)>(dlsym(lib, "cuStreamIsCapturing"));
    a.memHostRegister = reinterpret_cast<decltype(a.memHostRegister)>(dlsym(lib, "cuMemHostRegister_v2"));
    a.memHostUnregister = reinterpret_cast<decltype(a.memHostUnregister)>(dlsym(lib, "cuMemHostUnregister"));
    a.memHostGetDevicePointer =
        reinterpret_cast<decltype(a.memHostGetDevicePointer)>(dlsym(lib, "cuMemHostGetDevicePointer_v2"));
    a.graphGetNodes = reinterpret_cast<decltype(a.graphGetNodes)>(dlsym(lib, "cuGraphGetNodes"));
    a.graphGetEdges = reinterpret_cast<decltype(a.graphGetEdges)>(dlsym(lib, "cuGraphGetEdges_v2"));
    return a;
  }();
  return api;
}

} // namespace warpcheck::run
