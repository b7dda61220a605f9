#!/usr/bin/env bash
# Builds warpcheck and lints examples/, which are buggy on purpose: findings
# (exit 1) are the point and exit 0 here. A usage or parse error (exit 2) or
# an internal error (exit 3, or a crash) fails. examples/README.md lists what
# each file should produce. Needs only what building needs (install-deps.sh
# build); the tests are not built here (scripts/test.sh builds them).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BUILD_DIR=${BUILD_DIR:-build}

bash scripts/install-deps.sh build
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DWARPCHECK_BUILD_TESTS=OFF
cmake --build "$BUILD_DIR" -j "${JOBS:-$(nproc)}"

lint() {
  echo
  echo "\$ $BUILD_DIR/cli/warpcheck lint $*"
  local rc=0
  "$BUILD_DIR/cli/warpcheck" lint "$@" || rc=$?
  case $rc in
    0|1) ;;
    *) echo "examples.sh: warpcheck failed with exit $rc"; exit "$rc" ;;
  esac
}

lint examples/
# The legacy fallback is compiled only for pre-Volta archs: add such a pass.
lint --cuda-arch=sm_60,sm_90 examples/legacy_shfl_down.cu

# warpcheck run needs a GPU: check two of the GPU test programs with it.
if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && [ -f "$BUILD_DIR/lib/libwarpcheck-runtime.so" ]; then
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  for t in neighbour_read_bug divergent_barrier_bug; do
    "$NVCC" -O2 -lineinfo -o "$BUILD_DIR/$t" "tests/gpu/$t.cu"
    echo
    echo "\$ $BUILD_DIR/cli/warpcheck run -- $BUILD_DIR/$t"
    "$BUILD_DIR/cli/warpcheck" run -- "$BUILD_DIR/$t"
  done
else
  echo
  echo "examples.sh: no NVIDIA GPU (or no runtime built): skipping the 'warpcheck run' examples"
fi
echo
echo "examples.sh: done; compare with examples/README.md"
