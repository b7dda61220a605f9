#pragma once
// GPU arch names, parsed in one place: what --cuda-arch, --offload-arch and
// the configuration's Archs accept, what lint makes of the archs of a
// compile command, and the numbers a device pass needs from them.
//
// Two levels of acceptance, on purpose: a name the user types is checked
// strictly (isGpuArchName, with gpuArchError), while one from a compile
// command is only normalised (normalizeArch) and left to clang to refuse,
// so that a build system's odd arch still gets clang's own error.
#include <string>
#include <string_view>

namespace warpcheck {

// sm_80, sm_90a, sm_100f, compute_90, lto_89, or just 90: two or three
// digits, then at most an `a` or `f` suffix.
bool isCudaArchName(const std::string &arch);
// gfx90a, gfx1100, gfx942:xnack+, gfx10-3-generic (clang's --offload-arch).
bool isAmdGpuArchName(const std::string &arch);
// Either kind: what --cuda-arch, --offload-arch and Archs take.
bool isGpuArchName(const std::string &arch);
// The error for an arch that is neither, naming both forms.
std::string gpuArchError(const std::string &arch);

// Whether `arch` names an AMD GPU ("gfx" then a digit), valid or not: which
// language (HIP or CUDA) an arch of a compile command belongs to.
bool isAmdGpuArch(const std::string &arch);

// "sm_80" from "sm_80", "compute_80", "lto_80" or "80" (any digits, one
// letter suffix kept: "90a"); an AMD arch ("gfx90a", "gfx90a:xnack+") as
// it is; "" for anything else, including nvcc's "native", "all" and
// "all-major".
std::string normalizeArch(const std::string &arch);

// 90 from "sm_90" or "sm_90a" (a normalised CUDA arch); 0 when it is none.
unsigned cudaArchNumber(const std::string &arch);

// The generation of an AMD arch: the leading digits of the processor
// number minus its last two characters (gfx90a -> 9, gfx1100 -> 11,
// gfx942:xnack+ -> 9), or all of them in a generic target (gfx10-3-generic
// -> 10). 0 when `arch` is not "gfx" and a digit.
unsigned amdGpuGeneration(const std::string &arch);

} // namespace warpcheck
