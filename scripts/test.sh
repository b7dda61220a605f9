#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run): installs the dependencies,
# builds into build/ (Release, ccache) and runs every ctest test: unit tests,
# the lit lint fixtures and the JSON report schema tests. Exits non-zero on
# any failure.
#
#   BUILD_DIR=build-x scripts/test.sh   # another build directory
#   JOBS=1 scripts/test.sh              # fewer parallel jobs (default: nproc)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BUILD_DIR=${BUILD_DIR:-build}
JOBS=${JOBS:-$(nproc)}

bash scripts/install-deps.sh test

cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DWARPCHECK_BUILD_TESTS=ON
cmake --build "$BUILD_DIR" -j "$JOBS"

ctest_args=(--test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS")
# Tests labelled `gpu` run kernels: they need a GPU the driver can see.
if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  echo "test.sh: GPU found ($(nvidia-smi -L | head -1)): running the 'gpu' tests too"
else
  echo "test.sh: skipping the tests labelled 'gpu': no GPU here (nvidia-smi is missing or sees no device)"
  ctest_args+=(--label-exclude gpu)
fi
ctest "${ctest_args[@]}"
