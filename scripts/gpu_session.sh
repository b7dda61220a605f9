#!/usr/bin/env bash
# One call on the GPU machine (Ubuntu 24.04, CUDA 13, compute-sanitizer;
# no LLVM development files): builds the run half (-DWARPCHECK_BUILD_ANALYZER=OFF),
# runs its CPU unit tests and the GPU tests, and leaves logs and results in
# $OUT (or ./gpu-out). Arguments are passed to run_gpu_tests.py (e.g.
# --only 'fault_*').
#
#   bash scripts/gpu_session.sh                 # every GPU test
#   bash scripts/gpu_session.sh --only 'fault_*'
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
python3 "$ROOT/tests/gpu/run_gpu_tests.py" --warpcheck "$BUILD/cli/warpcheck" --workdir /tmp/wc-gpu "$@" \
  > "$OUT/gpu-tests.log" 2>&1
rc=$?
cp /tmp/wc-gpu/gpu-results.json "$OUT/" 2>/dev/null
echo "gpu_session: $(grep -c '^PASS' "$OUT/gpu-tests.log") passed, $(grep -c '^FAIL' "$OUT/gpu-tests.log") failed"
grep -E "^FAIL" -A12 "$OUT/gpu-tests.log" | head -150
tail -2 "$OUT/gpu-tests.log"
exit $rc
