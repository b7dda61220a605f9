#pragma once
// Translates an nvcc command line into clang arguments for a lint pass.
//
// nvcc accepts every option as -name or --name, its value as `-name value`
// or `-name=value`, and for -D -U -I -L -l -O -t also joined (-DX, -O3).
// List options (-I, -D, -Xcompiler, ...) split their value on commas, as
// nvcc does.
//
// Kept (as clang spells them): -I -isystem -D -U -include -std -O, and the
// macros nvcc defines for its flags: -rdc/-dc (__CUDACC_RDC__ via the pass),
// --extended-lambda (__CUDACC_EXTENDED_LAMBDA__), --expt-relaxed-constexpr
// (__CUDACC_RELAXED_CONSTEXPR__), -G (__CUDACC_DEBUG__), --default-stream
// per-thread (CUDA_API_PER_THREAD_DEFAULT_STREAM). -Xcompiler flags, and with
// -forward-unknown-to-host-compiler unknown ones, go to clang when clang
// knows them. --options-file is read and expanded.
//
// Device archs are the virtual archs, since they set __CUDA_ARCH__:
// -arch=sm_80 and -gencode arch=compute_80,code=sm_86 both give sm_80; -code
// counts only without -arch/-gencode. -arch=native, all and all-major give no
// arch, i.e. lint's default (sm_90, or --cuda-arch).
//
// Dropped: outputs, dependency files, codegen, ptxas/nvlink/host-compiler
// selection, diagnostics control. An option not in nvcc's table is dropped
// with a warning.
#include "analyzer/frontend/CompileFlags.h"
#include <string>
#include <vector>

namespace warpcheck {

// `args` excludes argv[0]; `directory` resolves relative --options-file paths.
CompileFlags translateNvccArgs(const std::vector<std::string> &args, const std::string &directory);

} // namespace warpcheck
