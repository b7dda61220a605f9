#pragma once
// How numbers of the GPU are shown in messages and reports: addresses,
// offsets and masks in hex, block and thread indices as triples.
#include <array>
#include <cstdint>
#include <string>

namespace warpcheck {

// "0x1f": lowercase, no padding ("0x0" for zero), as printf's %#llx would
// give for a nonzero value and cuda-gdb shows addresses.
std::string hex(uint64_t value);

// "(1,2,0)": blockIdx/threadIdx as findings' messages write them. The HTML
// report's facts use ", " between the numbers (`separator`).
std::string coordinates(const std::array<unsigned, 3> &xyz, const char *separator = ",");

} // namespace warpcheck
