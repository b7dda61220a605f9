// Fixture for system-header-path.test: an error clang reports inside
// libstdc++ (<bits/predefined_ops.h>) for the user's bad call, and no finding.
#include <algorithm>
#include <vector>
void sort_badly(std::vector<int> &v) { std::sort(v.begin(), v.end(), 5); }
__global__ void k(int *out) { out[threadIdx.x] = 0; }
