// Hidden directories are not searched: this parse error must not show.
__global__ void k() { not valid }
