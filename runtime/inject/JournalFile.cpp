#include "runtime/inject/JournalFile.h"
#include "runtime/inject/DriverApi.h"
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace warpcheck::run {

bool JournalFile::create(const std::string &path, uint32_t capacity, std::string &error) {
  const DriverApi &api = driverApi();
  if (!api.memHostRegister || !api.memHostUnregister || !api.memHostGetDevicePointer) {
    error = "the driver has no cuMemHostRegister";
    return false;
  }
  size_t bytes = journalFileBytes(capacity);
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = "cannot create " + path + ": " + std::strerror(errno);
    return false;
  }
  void *base = MAP_FAILED;
  if (::ftruncate(fd, (off_t)bytes) == 0)
    base = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  int saved = errno;
  ::close(fd);
  if (base == MAP_FAILED) {
    ::unlink(path.c_str());
    error = "cannot map " + path + ": " + std::strerror(saved);
    return false;
  }
  path_ = path;
  base_ = base;
  bytes_ = bytes;
  header_ = static_cast<JournalHeader *>(base);
  std::memcpy(header_->magic, kJournalMagic, sizeof header_->magic);
  header_->capacity = capacity;
  records_ = reinterpret_cast<patch::FindingRecord *>(static_cast<char *>(base) + kJournalHeaderBytes);
  // Portable: every context of the process may use the pages.
  CUresult r = api.memHostRegister(base, bytes, CU_MEMHOSTREGISTER_DEVICEMAP | CU_MEMHOSTREGISTER_PORTABLE);
  CUdeviceptr dev = 0;
  if (r == CUDA_SUCCESS) {
    registered_ = true;
    r = api.memHostGetDevicePointer(&dev, records_, 0);
  }
  if (r != CUDA_SUCCESS) {
    error = "cannot register " + path + " with the driver (CUresult " + std::to_string((int)r) + ")";
    return false; // the destructor unmaps and removes it
  }
  device_ = reinterpret_cast<patch::FindingRecord *>(dev);
  return true;
}

JournalFile::~JournalFile() {
  if (registered_) driverApi().memHostUnregister(base_);
  if (base_) ::munmap(base_, bytes_);
  if (!path_.empty() && !device_) ::unlink(path_.c_str());
}

void JournalFile::beginLaunch(const LaunchedCode &code, const std::array<uint32_t, 3> &blockDim,
                              const std::array<uint32_t, 3> &gridDim) {
  JournalHeader &h = *header_;
  h.module = code.module;
  h.functionPc = code.pc;
  h.functionSize = code.size;
  std::copy(blockDim.begin(), blockDim.end(), h.blockDim);
  std::copy(gridDim.begin(), gridDim.end(), h.gridDim);
  size_t n = std::min(code.function.size(), sizeof h.function - 1);
  std::memcpy(h.function, code.function.data(), n);
  h.function[n] = '\0';
  __atomic_store_n(&h.inFlight, 1u, __ATOMIC_RELEASE);
}

void JournalFile::endLaunch() { __atomic_store_n(&header_->inFlight, 0u, __ATOMIC_RELEASE); }

} // namespace warpcheck::run
