#!/usr/bin/env python3
"""The differential test's comparison (run_differential.compare_reports),
on hand-made reports: no GPU needed (ctest differential-compare)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_differential as d  # noqa: E402


def gpu(*findings):
    """findings: (rule, [pc, pc], [[pc, pc], ...] merged)."""
    out = []
    for rule, pcs, merged in findings:
        run = {"accesses": [{"pc": p} for p in pcs]}
        if merged:
            run["merged_pcs"] = merged
        out.append({"rule": rule, "run": run})
    return {"findings": out}


def ref(*findings):
    """findings: (rule, pc, pc, shadow_kept or None for no field)."""
    out = []
    for rule, a, b, kept in findings:
        f = {"rule": rule, "first": {"pc": a}, "second": {"pc": b}}
        if kept is not None:
            f["shadow_kept"] = kept
        out.append(f)
    return {"findings": out}


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


if __name__ == "__main__":
    unittest.main()
