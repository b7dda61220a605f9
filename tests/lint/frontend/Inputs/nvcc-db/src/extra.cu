// No entry of its own: lint borrows the flags of the nearest CUDA entry.
// (A source: a header is analysed through a source that includes it.)
#pragma once
#include "nvcc_db.cuh"

__device__ inline int triple(int x) { return 3 * x; }
