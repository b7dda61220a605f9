// Plain C++ in a CUDA target: compiled by the host compiler, not linted.
#include <thread>

int hostThreads() { return static_cast<int>(std::thread::hardware_concurrency()); }
