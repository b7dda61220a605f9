#pragma once
// Host call stacks of allocations: captured by the injection library when
// the program allocates (backtrace(3) and dladdr(3), no symbolization in
// the program's process), and turned into source lines by `warpcheck run`
// once the program has ended, with binutils' addr2line -- the reader of the
// host binaries' DWARF that every Linux toolchain ships. Capture is here
// (both sides: the frames are part of the raw log); symbolization is the
// host side's (runtime/host/HostSymbolizer.h).
#include <cstdint>
#include <string>
#include <vector>

namespace warpcheck::run {

// One frame of a host stack: the object file, the address to look up in it
// (the offset from its load base for shared objects and PIEs, the address
// itself for fixed-address executables) and the symbol dladdr found.
struct HostFrame {
  std::string module;
  uint64_t address = 0;
  std::string symbol;
};

// The return addresses of the calling thread's stack, innermost first.
std::vector<uintptr_t> captureHostStack(int skip, int max);

// The frames of `stack` as object file + address, without the frames of
// the CUDA driver, the Compute Sanitizer and this library (where the
// allocation callback runs): the program's own code comes first.
std::vector<HostFrame> hostFrames(const std::vector<uintptr_t> &stack, size_t max);

} // namespace warpcheck::run
