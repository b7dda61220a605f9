#pragma once
#include <optional>
#include <string>

namespace warpcheck {

// The CUDA toolkit whose headers the passes parse.
struct CudaToolkit {
  std::string root;    // e.g. /usr/local/cuda
  int major = 0, minor = 0;
  int build = 0; // nvcc's patch number (13.0.88 -> 88), 0 when unknown
  std::string version() const { return std::to_string(major) + "." + std::to_string(minor); }
};

// Finds the toolkit: `explicitPath` (--cuda-path) if given, else $CUDA_PATH,
// $CUDA_HOME, the nvcc on PATH, /usr/local/cuda. On failure returns nullopt
// and sets `error` to one line naming what was tried.
std::optional<CudaToolkit> findCudaToolkit(const std::string &explicitPath, std::string &error);

// Reads the version from include/cuda.h (CUDA_VERSION). False if unreadable.
bool readToolkitVersion(const std::string &root, int &major, int &minor);

// nvcc's build number for __CUDACC_VER_BUILD__: from version.json
// ("cuda_nvcc") of a runfile/package install, else the name of a pip
// install's dist-info/nvidia_cuda_nvcc*-X.Y.Z.dist-info. Only a version
// matching major.minor counts; 0 when none is found.
int readNvccBuild(const std::string &root, int major, int minor);

// The HIP installation whose headers HIP passes parse: a directory with
// include/hip/hip_runtime.h and include/hip/hip_version.h (/opt/rocm, or
// /usr with Debian's libamdhip64-dev).
struct HipInstallation {
  std::string root;
  int major = 0, minor = 0;
  std::string version() const { return std::to_string(major) + "." + std::to_string(minor); }
};

// Finds it: `explicitPath` (--hip-path) if given, else $HIP_PATH,
// $ROCM_PATH, the hipcc on PATH, /opt/rocm, /usr. On failure returns
// nullopt and sets `error` to one line naming what was tried.
std::optional<HipInstallation> findHipInstallation(const std::string &explicitPath, std::string &error);

// Reads HIP_VERSION_MAJOR/MINOR from include/hip/hip_version.h.
bool readHipVersion(const std::string &root, int &major, int &minor);

} // namespace warpcheck
