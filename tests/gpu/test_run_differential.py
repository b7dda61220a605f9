#!/usr/bin/env python3
"""CPU unit test of run_differential.py's comparison: which findings of
the two reports are compared (rule and pcs), how they are compared
(compare_reports: merged pcs, the bounded shadow's allowance), and what it
says when the reference gives no verdict. No GPU needed (ctest
differential-compare)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_differential as d  # noqa: E402
from run_gpu_tests import Result  # noqa: E402


def gpu_report(*findings):
    return {"findings": [{"rule": rule, "run": {"accesses": [{"pc": p} for p in pcs]}} for rule, pcs in findings]}


def gpu(*findings):
    """findings: (rule, [pc, pc], [[pc, pc], ...] merged)."""
    report = gpu_report(*[(rule, pcs) for rule, pcs, _ in findings])
    for f, (_, _, merged) in zip(report["findings"], findings):
        if merged:
            f["run"]["merged_pcs"] = merged
    return report


def ref(*findings):
    """findings: (rule, pc, pc, shadow_kept or None for no field)."""
    out = []
    for rule, a, b, kept in findings:
        f = {"rule": rule, "first": {"pc": a}, "second": {"pc": b}}
        if kept is not None:
            f["shadow_kept"] = kept
        out.append(f)
    return {"findings": out}


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


class CompareReports(unittest.TestCase):
    def test_equal_sets_agree(self):
        self.assertEqual(d.compare_reports(gpu(("race-global", [16, 32], None)),
                                           ref(("race-global", 16, 32, 3)))[0], "AGREE")

    def test_merged_pcs_count_as_findings_of_their_own(self):
        # flag_nofence_bug: one GPU finding for the unrolled loop's pairs.
        g = gpu(("fence-missing", [16, 32], [[17, 33], [18, 34]]))
        r = ref(("fence-missing", 16, 32, 1), ("fence-missing", 17, 33, 1), ("fence-missing", 18, 34, 1))
        self.assertEqual(d.compare_reports(g, r), ("AGREE", "3 finding(s)"))
        # Without merged_pcs the same reports differ.
        status, detail = d.compare_reports(gpu(("fence-missing", [16, 32], None)), r)
        self.assertEqual(status, "DIFFER")
        self.assertIn("reference only: fence-missing at 0x11,0x21; fence-missing at 0x12,0x22", detail)

    def test_a_miss_the_bounded_shadow_explains_is_allowed_and_listed(self):
        # last_block_bug: the reset after the last block's own atomicInc.
        status, detail = d.compare_reports(gpu(("fence-missing", [16, 32], None)),
                                           ref(("fence-missing", 16, 32, 1), ("fence-missing", 48, 64, 0)))
        self.assertEqual(status, "AGREE")
        self.assertIn("not in the GPU's bounded shadow (allowed): fence-missing at 0x30,0x40", detail)

    def test_a_miss_of_a_held_pair_differs(self):
        status, detail = d.compare_reports(gpu(), ref(("race-global", 48, 64, 2)))
        self.assertEqual(status, "DIFFER")
        self.assertIn("reference only: race-global at 0x30,0x40", detail)
        # No shadow_kept field (an older reference): held, strict.
        self.assertEqual(d.compare_reports(gpu(), ref(("race-global", 48, 64, None)))[0], "DIFFER")

    def test_a_gpu_only_finding_differs_even_if_the_reference_has_it_under_another_rule(self):
        # lock_plain_release_bug: fence-missing on the GPU, race-global in the reference.
        status, detail = d.compare_reports(gpu(("fence-missing", [16, 32], None)),
                                           ref(("race-global", 16, 32, 0)))
        self.assertEqual(status, "DIFFER")
        self.assertIn("GPU only: fence-missing at 0x10,0x20", detail)

    def test_one_pc_findings_are_one_element_sets_on_both_sides(self):
        self.assertEqual(d.compare_reports(gpu(("race-global", [16, 16], None)),
                                           ref(("race-global", 16, 16, 1)))[0], "AGREE")



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


class UntracedLaunches(unittest.TestCase):
    def report(self, errors=(), warnings=(), signal=None):
        return {"run": {"errors": list(errors), "warnings": list(warnings), "signal": signal}}

    def test_a_program_killed_after_its_launches_is_compared(self):
        r = self.report(errors=["the program was killed by signal 6 (Aborted); the report covers what was "
                                "collected before"], signal=6)
        self.assertEqual(d.untraced_launches(r), "")

    def test_a_launch_running_when_the_program_died_is_not_traced(self):
        r = self.report(errors=["the program was killed by signal 9 (Killed) while spin(int*) was running; the "
                                "report covers what was collected before"], signal=9)
        self.assertEqual(d.untraced_launches(r), "the program was killed during a launch")

    def test_a_failed_launch_and_a_child_process_are_not_traced(self):
        self.assertEqual(d.untraced_launches(self.report(errors=["... (did the kernel fail?): unspecified launch "
                                                                 "failure"])), "a launch failed")
        self.assertEqual(d.untraced_launches(self.report(warnings=["2 finding(s) in a child process (pid 7)"])),
                         "a child process ran kernels")
        self.assertEqual(d.untraced_launches({}), "")
