// HIP: reported as skipped, never parsed.
#include <hip/hip_runtime.h>
