// cublas_ok: cuBLAS calls (SGEMM, split into many blocks; SAXPY; SDOT,
// which reduces across blocks). Correct library code: no finding.
//
// NVCC: -lcublas
// EXPECT-NONE
#include <cstdio>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <vector>

#include "cuda_check.h"

constexpr int kN = 512;

#define CHECK_BLAS(call)                                                        \
  do {                                                                          \
    cublasStatus_t s_ = (call);                                                 \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                          \
      fprintf(stderr, "%s:%d: cuBLAS error %d\n", __FILE__, __LINE__, (int)s_); \
      return 1;                                                                 \
    }                                                                           \
  } while (0)

int main() {
  std::vector<float> a(kN * kN), b(kN * kN);
  for (int i = 0; i < kN * kN; ++i) {
    a[i] = (float)(i % 7) / 7.f;
    b[i] = (float)(i % 5) / 5.f;
  }
  float *da, *db, *dc;
  CHECK(cudaMalloc(&da, kN * kN * sizeof(float)));
  CHECK(cudaMalloc(&db, kN * kN * sizeof(float)));
  CHECK(cudaMalloc(&dc, kN * kN * sizeof(float)));
  CHECK(cudaMemcpy(da, a.data(), kN * kN * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), kN * kN * sizeof(float), cudaMemcpyHostToDevice));
  cublasHandle_t h;
  CHECK_BLAS(cublasCreate(&h));
  float one = 1.f, zero = 0.f, two = 2.f, dot = 0.f;
  CHECK_BLAS(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, kN, kN, kN, &one, da, kN, db, kN, &zero, dc, kN));
  CHECK_BLAS(cublasSaxpy(h, kN * kN, &two, da, 1, dc, 1));
  CHECK_BLAS(cublasSdot(h, kN * kN, dc, 1, db, 1, &dot));
  CHECK(cudaDeviceSynchronize());
  float c0 = 0;
  CHECK(cudaMemcpy(&c0, dc, sizeof(float), cudaMemcpyDeviceToHost));
  printf("cublas: c[0] %.3f, dot %.0f\n", c0, dot);
  CHECK_BLAS(cublasDestroy(h));
  CHECK(cudaFree(da));
  CHECK(cudaFree(db));
  CHECK(cudaFree(dc));
  return 0;
}
