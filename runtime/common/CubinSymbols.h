#pragma once
// The names of a cubin's `__device__` variables: the object symbols of its
// .nv.global* sections, read from the ELF symbol table. The driver gives
// their addresses (cuModuleGetGlobal); the Compute Sanitizer API reports
// no allocation for them.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace warpcheck::run {

// Empty when `image` is not a 64-bit ELF or has no such symbols.
std::vector<std::string> deviceVariables(const char *image, size_t size);

// Whether the image calls device-side malloc() or
// __nv_aligned_device_malloc() (it imports `malloc` or
// `__cuda_syscall_aligned_malloc` from the driver).
bool callsDeviceMalloc(const char *image, size_t size);

// Whether the image has line information (`-lineinfo` or `-G`): a
// `.debug_line` or `.nv_debug_line_sass` section. Without one, nvdisasm
// has no source line to print.
bool hasLineInfo(const char *image, size_t size);

// The symbol-table index of function `name` (what `nvdisasm -fun` takes),
// or -1.
long functionSymbolIndex(const char *image, size_t size, const std::string &name);
// The same for every function of the image, by name.
std::map<std::string, long> functionSymbols(const char *image, size_t size);

} // namespace warpcheck::run
