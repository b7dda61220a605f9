#!/usr/bin/env bash
# One call on the GPU machine (Ubuntu 24.04, CUDA 13, compute-sanitizer;
# no LLVM development files): builds the run half (-DWARPCHECK_BUILD_ANALYZER=OFF),
# runs its CPU unit tests and the GPU tests, and, when asked, the
# differential test, the corpus run programs and the bench programs with the
# PyTorch and CuPy workloads. Everything lands in $OUT (or ./gpu-out): a
# summary (summary.txt, also printed) and one archive (session.tgz) with the
# logs and the JSON reports, so that the device tool's few returned files
# hold all of it. Arguments are passed to run_gpu_tests.py and
# run_differential.py (e.g. --only 'fault_*').
#
#   bash scripts/gpu_session.sh                            # every GPU test
#   bash scripts/gpu_session.sh --only 'fault_*'
#   DIFFERENTIAL=1 SKIP_GPU_TESTS=1 bash scripts/gpu_session.sh   # the differential test only
#   DIFFERENTIAL=1 CORPUS=1 WORKLOADS=1 bash scripts/gpu_session.sh   # all of it (about 10 minutes)
#   CORPUS=1 COMPARE_GENERAL=1 bash scripts/gpu_session.sh   # and again without the quick paths, compared
#
# Each step has a time limit (seconds; STEP_TIMEOUT, default 330) so that one
# slow step cannot take the others' results with it.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$ROOT/gpu-out}
BUILD=${BUILD_DIR:-/tmp/wc-gpu-build}
LIMIT=${STEP_TIMEOUT:-330}
LOGS=$(mktemp -d /tmp/wc-session.XXXXXX)
mkdir -p "$OUT"
SUMMARY="$OUT/summary.txt"
: > "$SUMMARY"
say() { echo "$*" | tee -a "$SUMMARY"; }
pack() {
  tar czf "$OUT/session.tgz" -C "$LOGS" . 2>/dev/null
  say "gpu_session: logs and reports in session.tgz"
}
trap pack EXIT

{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; git -C "$ROOT" log --oneline -1; } 2>&1 |
  tee -a "$SUMMARY"
{
  cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DWARPCHECK_BUILD_ANALYZER=OFF &&
  cmake --build "$BUILD" -j "$(nproc)"
} > "$LOGS/build.log" 2>&1 || { tail -40 "$LOGS/build.log" | tee -a "$SUMMARY"; say "gpu_session: build failed"; exit 1; }
say "gpu_session: built"
ctest --test-dir "$BUILD" -L run -LE gpu -j 8 > "$LOGS/ctest-run.log" 2>&1
say "ctest (run, CPU): $(grep -E 'tests passed|tests failed' "$LOGS/ctest-run.log")"
rc=0
if [ -z "${SKIP_GPU_TESTS:-}" ]; then
  timeout "$LIMIT" python3 "$ROOT/tests/gpu/run_gpu_tests.py" --warpcheck "$BUILD/cli/warpcheck" \
    --workdir /tmp/wc-gpu "$@" > "$LOGS/gpu-tests.log" 2>&1
  rc=$?
  cp /tmp/wc-gpu/gpu-results.json /tmp/wc-gpu/*.json "$LOGS/" 2>/dev/null
  grep -E "^FAIL|^XFAIL" -A6 "$LOGS/gpu-tests.log" | cut -c1-600 | head -120 | tee -a "$SUMMARY"
  say "$(tail -1 "$LOGS/gpu-tests.log")"
fi
if [ -n "${DIFFERENTIAL:-}" ]; then
  timeout "$LIMIT" python3 "$ROOT/tests/gpu/run_differential.py" --warpcheck "$BUILD/cli/warpcheck" \
    --reference "$BUILD/runtime/reference/warpcheck-reference" --workdir /tmp/wc-diff "$@" \
    > "$LOGS/differential.log" 2>&1 || rc=1
  cp /tmp/wc-diff/differential-results.json "$LOGS/" 2>/dev/null
  grep -v '^AGREE' "$LOGS/differential.log" | cut -c1-600 | tail -40 | tee -a "$SUMMARY"
fi
if [ -n "${CORPUS:-}" ]; then
  # The labelled corpus programs (bench/score --run): found/missed/false
  # positives per rule.
  timeout "$LIMIT" python3 "$ROOT/bench/score" --run --no-sanitizer -j "$(nproc)" --warpcheck "$BUILD/cli/warpcheck" \
    --workdir /tmp/wc-corpus --json "$LOGS/corpus-scores.json" "$ROOT/tests/corpus" > "$LOGS/corpus.log" 2>&1
  sed -n '/per rule/,$p' "$LOGS/corpus.log" | head -40 | tee -a "$SUMMARY"
fi
if [ -n "${COMPARE_GENERAL:-}" ]; then
  # Issue 20: no optimisation may drop a finding of the unoptimised
  # detector. The GPU tests and the corpus programs again, under the patches
  # with their quick paths compiled out (-DWC_NO_QUICK), compared with the
  # runs above (needs the GPU tests and CORPUS=1 in the same call).
  GENERAL="$BUILD/lib/warpcheck-patches-general.fatbin"
  if cmake --build "$BUILD" --target warpcheck_patches_general >> "$LOGS/build.log" 2>&1; then
    WARPCHECK_PATCHES="$GENERAL" timeout "$LIMIT" python3 "$ROOT/tests/gpu/run_gpu_tests.py" \
      --warpcheck "$BUILD/cli/warpcheck" --workdir /tmp/wc-gpu-general "$@" > "$LOGS/gpu-tests-general.log" 2>&1
    WARPCHECK_PATCHES="$GENERAL" timeout "$LIMIT" python3 "$ROOT/bench/score" --run --no-sanitizer -j "$(nproc)" \
      --warpcheck "$BUILD/cli/warpcheck" --workdir /tmp/wc-corpus-general "$ROOT/tests/corpus" \
      > "$LOGS/corpus-general.log" 2>&1
    python3 "$ROOT/bench/compare_findings.py" --baseline /tmp/wc-gpu-general /tmp/wc-corpus-general \
      --candidate /tmp/wc-gpu /tmp/wc-corpus > "$LOGS/compare-general.log" 2>&1 || rc=1
    grep -v "^ADDED" "$LOGS/compare-general.log" | tail -30 | tee -a "$SUMMARY"
  else
    say "gpu_session: the general-path patches did not build"; rc=1
  fi
fi
if [ -n "${WORKLOADS:-}" ]; then
  # The bench programs and the PyTorch/CuPy workloads under warpcheck
  # (no racecheck), each program's report kept.
  timeout "$LIMIT" python3 "$ROOT/bench/run_vs_racecheck.py" --warpcheck "$BUILD/cli/warpcheck" --workdir /tmp/wc-bench \
    --reps 1 --timeout 240 --workloads --no-racecheck > "$LOGS/workloads.log" 2>&1
  mkdir -p "$LOGS/workloads"
  cp /tmp/wc-bench/*.warpcheck.json /tmp/wc-bench/bench-results.json "$LOGS/workloads/" 2>/dev/null
  grep -E "findings|slowdown|geomean|x  " "$LOGS/workloads.log" | head -40 | tee -a "$SUMMARY"
fi
exit $rc
