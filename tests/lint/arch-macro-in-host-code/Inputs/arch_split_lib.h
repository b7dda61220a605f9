#pragma once
// A library header that includes a system header only on some paths, as
// cooperative_groups.h does: the definitions of that header do not depend
// on __CUDA_ARCH__ for it.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#include <word_size.h>
#endif
