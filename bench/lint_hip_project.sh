#!/bin/sh
# Lints real HIP code nobody here wrote: AMD's rocPRIM and rocRAND as Debian
# 12 ships them (librocprim-dev, librocrand-dev 5.3.3, the same ROCm
# generation as Debian's HIP 5.2 headers), through the application TUs in
# bench/corpus/hip/ that instantiate their block, warp, device-wide and
# generator code. Both wave64 (gfx90a) and wave32 (gfx1100) passes.
#
#   bench/lint_hip_project.sh [build/cli/warpcheck] [-- extra lint args]
#
# The .debs are fetched with apt-get download (pinned versions, checked
# against their sha256) into the gitignored .cache/corpus/rocm-5.3.3/.
# Prints lint's report and a count of findings per rule; exit 0 unless
# fetching or parsing fails.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WARPCHECK=${1:-$ROOT/build/cli/warpcheck}
[ $# -gt 0 ] && shift
[ "${1:-}" = "--" ] && shift
DEST=${CORPUS_DIR:-$ROOT/.cache/corpus}/rocm-5.3.3
VERSION=5.3.3-4

if [ ! -d "$DEST/usr/include/rocprim" ] || [ ! -d "$DEST/usr/include/rocrand" ]; then
  mkdir -p "$DEST/debs"
  (cd "$DEST/debs" && apt-get download -q "librocprim-dev=$VERSION" "librocrand-dev=$VERSION" 2>&1 |
     grep -v "unsandboxed" || true)
  (cd "$DEST/debs" && sha256sum -c --quiet - <<SUMS
86fb6bbdb6524db89fc63bcb0003e862ecbb3a3e37dd16594f713b7be61f29cd  librocprim-dev_${VERSION}_amd64.deb
a23644676334eb43540419e078542bf4974bf11f458d9ee9a7edb37db6fb8bf9  librocrand-dev_${VERSION}_amd64.deb
SUMS
  )
  for deb in "$DEST"/debs/*.deb; do dpkg-deb -x "$deb" "$DEST"; done
fi

# rocPRIM 5.3 writes `.template f(args)` without a template argument list,
# which clang 20 and later reject by default (hipcc 5.3's clang 15 did not).
status=0
"$WARPCHECK" lint --no-config --format text -o "$DEST/report.txt" \
  --offload-arch=gfx90a,gfx1100 "$ROOT"/bench/corpus/hip/*.hip "$@" -- \
  -I"$DEST/usr/include" -Wno-missing-template-arg-list-after-template-kw || status=$?
cat "$DEST/report.txt"
echo "findings per rule:"
grep -o '\[[a-z0-9-]*\]$' "$DEST/report.txt" | sort | uniq -c | sort -rn || echo "  none"
# 0: no findings, 1: findings; anything else (a parse failure, bad input) is an error.
[ "$status" -le 1 ] || exit "$status"
