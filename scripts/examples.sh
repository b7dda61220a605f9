#!/usr/bin/env bash
# Builds warpcheck and lints examples/, which are buggy on purpose: findings
# (exit 1) are the point and exit 0 here. A usage or parse error (exit 2) or
# an internal error (exit 3, or a crash) fails. examples/README.md lists what
# each file should produce.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
BUILD_DIR=${BUILD_DIR:-build}

bash scripts/install-deps.sh
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
cmake --build "$BUILD_DIR" -j "${JOBS:-$(nproc)}" --target warpcheck

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
echo
echo "examples.sh: done; compare with examples/README.md"
