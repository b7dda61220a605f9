#!/usr/bin/env bash
# One call on the GPU machine (Ubuntu 24.04, CUDA 13, compute-sanitizer;
# no LLVM development files): builds the run half (-DWARPCHECK_BUILD_ANALYZER=OFF),
# runs its CPU unit tests and the GPU tests, and leaves logs and results in
# $OUT (or ./gpu-out). Arguments are passed to run_gpu_tests.py (e.g.
# --only 'fault_*').
#
#   bash scripts/gpu_session.sh                 # every GPU test
#   bash scripts/gpu_session.sh --only 'fault_*'
#   DIFFERENTIAL=1 SKIP_GPU_TESTS=1 bash scripts/gpu_session.sh   # the differential test only
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$ROOT/gpu-out}
BUILD=${BUILD_DIR:-/tmp/wc-gpu-build}
mkdir -p "$OUT"
nvidia-smi -L | tee "$OUT/gpu.txt"
{
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DWARPCHECK_BUILD_ANALYZER=OFF &&
  cmake --build "$BUILD" -j "$(nproc)"
} > "$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; echo "gpu_session: build failed"; exit 1; }
echo "gpu_session: built"
ctest --test-dir "$BUILD" -L run -LE gpu -j 8 > "$OUT/ctest-run.log" 2>&1
tail -3 "$OUT/ctest-run.log"
rc=0
if [ -z "${SKIP_GPU_TESTS:-}" ]; then
  python3 "$ROOT/tests/gpu/run_gpu_tests.py" --warpcheck "$BUILD/cli/warpcheck" --workdir /tmp/wc-gpu "$@" \
    > "$OUT/gpu-tests.log" 2>&1
  rc=$?
fi
cp /tmp/wc-gpu/gpu-results.json "$OUT/" 2>/dev/null
echo "gpu_session: $(grep -c '^PASS' "$OUT/gpu-tests.log") passed, $(grep -c '^FAIL' "$OUT/gpu-tests.log") failed"
grep -E "^FAIL" -A12 "$OUT/gpu-tests.log" | head -150
tail -2 "$OUT/gpu-tests.log"
if [ -n "${DIFFERENTIAL:-}" ]; then
  python3 "$ROOT/tests/gpu/run_differential.py" --warpcheck "$BUILD/cli/warpcheck" \
    --reference "$BUILD/runtime/reference/warpcheck-reference" --workdir /tmp/wc-diff "$@" > "$OUT/differential.log" 2>&1
  cp /tmp/wc-diff/differential-results.json "$OUT/" 2>/dev/null
  grep -v '^AGREE' "$OUT/differential.log" | cut -c1-600 | tail -40
fi
exit $rc
