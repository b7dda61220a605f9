#!/usr/bin/env bash
# The long fuzzing run, for a nightly schedule: every tests/fuzz target
# (the readers and lint's front door) for HOURS each, where CI's ctest
# `fuzz-readers` gives the readers 20 seconds and does not build the lint
# target (tests/fuzz/CMakeLists.txt says why).
#
#   tests/fuzz/nightly.sh [HOURS]     (default: $FUZZ_HOURS, else 1; 0.05 = 3 minutes)
#
# Environment: FUZZ_WORK (default build/fuzz-nightly) keeps the binaries,
# the inputs found and the crashes between nights; FUZZ_ONLY=NAME,... runs
# only those targets.
#
# After each target's run without failure, the inputs it found that add
# coverage are merged, minimised, into its seed corpus in the source tree
# (tests/fuzz/corpus/<NAME>/, run_fuzzers.py --update-corpus): commit them
# (`git add tests/fuzz/corpus`) so that CI's short runs start from there.
#
# Exit 0: no failure. Exit 1: a crash, sanitizer report, leak, timeout (an
# input whose analysis hangs) or out-of-memory in some target; its output
# ends with the reproducer (WORK/NAME/NAME-fuzzer WORK/NAME/crash-...), and
# the input stays in WORK/NAME/. Exit 2: bad arguments.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

HOURS=${1:-${FUZZ_HOURS:-1}}
if ! [[ $HOURS =~ ^[0-9]+([.][0-9]+)?$ ]] || [[ $(python3 -c "print(int(float('$HOURS') * 3600))") -lt 1 ]]; then
  echo "nightly.sh: error: HOURS must be a positive number (got '$HOURS')" >&2
  exit 2
fi
SECONDS_EACH=$(python3 -c "print(int(float('$HOURS') * 3600))")
WORK=${FUZZ_WORK:-$ROOT/build/fuzz-nightly}
args=(--seconds "$SECONDS_EACH" --work-dir "$WORK" --update-corpus)
[[ -n ${FUZZ_ONLY:-} ]] && args+=(--only "$FUZZ_ONLY")

echo "nightly.sh: ${SECONDS_EACH}s per fuzzer; work in $WORK"
status=0
python3 "$ROOT/tests/fuzz/run_fuzzers.py" "${args[@]}" || status=$?
echo "nightly.sh: new seeds, to commit:"
git -C "$ROOT" status --short -- tests/fuzz/corpus || true
if [[ $status -ne 0 ]]; then
  echo "nightly.sh: FAILED (exit $status); the reproducers are above and in $WORK/<NAME>/" >&2
  exit 1
fi
