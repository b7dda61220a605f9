#!/usr/bin/env python3
"""CPU unit test of run_differential.py's comparison: which findings of
the two reports are compared (rule and pcs), and what it says when the
reference gives no verdict. No GPU needed."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_differential as d  # noqa: E402
from run_gpu_tests import Result  # noqa: E402


def gpu_report(*findings):
    return {"findings": [{"rule": rule, "run": {"accesses": [{"pc": p} for p in pcs]}} for rule, pcs in findings]}


class Findings(unittest.TestCase):
    def test_syncwarp_at_another_program_point_compares_both_calls(self):
        # syncwarp_inactive_lane_bug: the group's call (0x1f0) and the one
        # its named lanes made instead (0x240), on both sides.
        ref = {"findings": [{"rule": "warp-mask-inactive-lane", "syncwarp": {"pc": 0x1f0},
                             "other_syncwarp": {"pc": 0x240}}]}
        gpu = gpu_report(("warp-mask-inactive-lane", [0x1f0, 0x240]))
        self.assertEqual(d.reference_findings(ref), {("warp-mask-inactive-lane", frozenset([0x1f0, 0x240]))})
        self.assertEqual(d.gpu_findings(gpu), d.reference_findings(ref))
        # The GPU report of before (the other call only) does not agree.
        self.assertNotEqual(d.gpu_findings(gpu_report(("warp-mask-inactive-lane", [0x240]))),
                            d.reference_findings(ref))

    def test_nonuniform_masks_are_compared(self):
        ref = {"findings": [{"rule": "warp-mask-nonuniform", "syncwarp": {"pc": 0x110}}]}
        self.assertEqual(d.reference_findings(ref), {("warp-mask-nonuniform", frozenset([0x110]))})
        self.assertEqual(d.gpu_findings(gpu_report(("warp-mask-nonuniform", [0x110]))), d.reference_findings(ref))
        # A rule only one side models is left out.
        self.assertEqual(d.gpu_findings(gpu_report(("warp-mask-missing-lane", [0x110]))), set())

    def test_races_compare_their_two_pcs(self):
        ref = {"findings": [{"rule": "race-global", "first": {"pc": 16}, "second": {"pc": 32}}]}
        self.assertEqual(d.reference_findings(ref), d.gpu_findings(gpu_report(("race-global", [32, 16]))))


class ReferenceFailure(unittest.TestCase):
    def result(self, code, err=b"", timed_out=False):
        return Result(["warpcheck-reference"], code, b"", err, 1.0, timed_out)

    def test_a_verdict_is_no_failure(self):
        self.assertIsNone(d.reference_failure(self.result(0), 180))
        self.assertIsNone(d.reference_failure(self.result(1), 180))

    def test_a_timeout_and_a_signal_say_so(self):
        # streams_race_fixed's trace took longer than the timeout: the
        # report said "rejected the trace: " and nothing more.
        self.assertIn("did not finish within 180 s", d.reference_failure(self.result(-9, timed_out=True), 180))
        self.assertIn("killed by signal 9", d.reference_failure(self.result(-9), 180))

    def test_a_rejected_trace_gives_the_reason(self):
        why = d.reference_failure(self.result(2, b"t.jsonl:3: event of thread 96 of block 12 after its exit\n"), 180)
        self.assertIn("exit 2", why)
        self.assertIn("after its exit", why)
        self.assertIn("no message", d.reference_failure(self.result(3), 180))


if __name__ == "__main__":
    unittest.main()
