// Plain C++: linted only when named, and then skipped as not CUDA.
int hostOnly() { return 1; }
