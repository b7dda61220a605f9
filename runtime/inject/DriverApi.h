#pragma once
// The few driver queries the runtime makes, looked up in the libcuda the
// application already loaded (never loaded by us: a program that does not
// use CUDA must not start it).
#include <cuda.h>

namespace warpcheck::run {

struct DriverApi {
  CUresult (*funcGetAttribute)(int *, CUfunction_attribute, CUfunction) = nullptr;
  CUresult (*deviceGetAttribute)(int *, CUdevice_attribute, CUdevice) = nullptr;
  CUresult (*occupancy)(int *, CUfunction, int, size_t) = nullptr;
  // Optional: the address of a module's `__device__` variable.
  CUresult (*moduleGetGlobal)(CUdeviceptr *, size_t *, CUmodule, const char *) = nullptr;
  // Optional: the module of a function about to be launched (a CUkernel
  // is first turned into the current context's CUfunction).
  CUresult (*funcGetModule)(CUmodule *, CUfunction) = nullptr;
  CUresult (*kernelGetFunction)(CUfunction *, CUkernel) = nullptr;
  // Optional: the current context's device heap size (CU_LIMIT_MALLOC_HEAP_SIZE).
  CUresult (*ctxGetLimit)(size_t *, CUlimit) = nullptr;
  // Optional: raises the stack for the patches (CU_LIMIT_STACK_SIZE).
  CUresult (*ctxSetLimit)(CUlimit, size_t) = nullptr;
  // Optional: lets that call through while the program captures a graph.
  CUresult (*exchangeCaptureMode)(CUstreamCaptureMode *) = nullptr;
  CUresult (*streamIsCapturing)(CUstream, CUstreamCaptureStatus *) = nullptr;
  // Optional: the file-backed journal (JournalFile.h).
  CUresult (*memHostRegister)(void *, size_t, unsigned int) = nullptr;
  CUresult (*memHostUnregister)(void *) = nullptr;
  CUresult (*memHostGetDevicePointer)(CUdeviceptr *, void *, unsigned int) = nullptr;
  // Optional: a graph's nodes and edges, when it is instantiated (GraphOrder.h).
  CUresult (*graphGetNodes)(CUgraph, CUgraphNode *, size_t *) = nullptr;
  CUresult (*graphGetEdges)(CUgraph, CUgraphNode *, CUgraphNode *, CUgraphEdgeData *, size_t *) = nullptr;
  bool ok() const { return funcGetAttribute && deviceGetAttribute && occupancy; }
};

const DriverApi &driverApi();

} // namespace warpcheck::run
