// A system header with code clang rejects (standing for nvcc-valid code of
// a vendor library that clang does not accept).
#pragma once
inline int vendor_scale(int x) { return x * vendor_only_builtin(x); }
__device__ inline int vendor_ok(int x) { return x + 1; }
