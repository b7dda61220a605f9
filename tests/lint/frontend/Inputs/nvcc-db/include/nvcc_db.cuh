#pragma once
// Found only through the -I of the compile command (flags.rsp for kernel.cu).
#ifndef NEEDED
#error "NEEDED comes from the compile command"
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 800 && __CUDA_ARCH__ != 900
#error "device passes are the command's archs, sm_80 and sm_90"
#endif
#if __cplusplus < 201703L
#error "the command asks for C++17"
#endif
