#!/usr/bin/env python3
"""Unit tests of the corpus scorer (bench/score, bench/score_run.py): how
labels are read and how a tool's reports are matched to them."""
import importlib.machinery
import importlib.util
import os
import sys
import tempfile
import unittest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "bench")
sys.path.insert(0, BENCH)
import score_run  # noqa: E402

_loader = importlib.machinery.SourceFileLoader("score", os.path.join(BENCH, "score"))
score = importlib.util.module_from_spec(importlib.util.spec_from_loader("score", _loader))
_loader.exec_module(score)


def labels_of(text):
    with tempfile.NamedTemporaryFile("w", suffix=".cu", delete=False) as f:
        f.write(text)
    try:
        return score.read_labels(f.name)
    finally:
        os.unlink(f.name)


def tally(tool, expected, aliases, reports):
    rows, misses, fps = {}, [], []
    score_run.tally(tool, expected, aliases, reports, "x.cu", rows, misses, fps)
    return rows, misses, fps


class ReadLabels(unittest.TestCase):
    def test_lint_and_run_labels_on_one_line(self):
        lint, run, _, program, aliases = labels_of(
            "// corpus-run: 4\n"
            "  __syncthreads();  // expect: barrier-divergent  // expect-run-also: barrier-divergent\n"
            "  __syncthreads();  // expect-run: barrier-divergent\n")
        self.assertEqual(lint, {("barrier-divergent", 2)})
        self.assertEqual(run, {("barrier-divergent", 3)})
        self.assertEqual(program, ["4"])
        self.assertEqual(aliases, {("barrier-divergent", 3): {2}})

    def test_also_needs_exactly_one_run_label(self):
        with self.assertRaisesRegex(score.CorpusError, "exactly one"):
            labels_of("// corpus-run:\nx;  // expect-run-also: race-shared\n")

    def test_malformed_label_is_an_error(self):
        with self.assertRaisesRegex(score.CorpusError, "a label must be"):
            labels_of("x;  // expect barrier-divergent\n")


class Tally(unittest.TestCase):
    def test_competitor_report_at_the_other_barrier_counts(self):
        expected = {("barrier-divergent", 47)}
        rows, misses, fps = tally("synccheck", expected, {("barrier-divergent", 47): {43}},
                                  [(None, None, {43})])
        self.assertEqual(rows[("synccheck", "barrier-divergent")]["found"], 1)
        self.assertEqual((misses, fps), ([], []))

    def test_without_the_alias_it_is_a_miss_and_a_false_positive(self):
        rows, misses, fps = tally("synccheck", {("barrier-divergent", 47)}, {}, [(None, None, {43})])
        self.assertEqual(misses, [("synccheck", "x.cu", 47, "barrier-divergent")])
        self.assertEqual(fps, [("synccheck", "x.cu", 43, "(synccheck report)")])

    def test_warpcheck_finding_counts_at_its_line_or_a_notes_line(self):
        # A race at line 11 with a note at line 10 is the labelled race of line 10.
        rows, misses, fps = tally("warpcheck", {("race-shared", 10)}, {}, [("race-shared", 11, {10, 11})])
        self.assertEqual((rows[("warpcheck", "race-shared")]["found"], misses, fps), (1, [], []))

    def test_warpcheck_finding_of_another_rule_does_not_count(self):
        rows, misses, fps = tally("warpcheck", {("race-shared", 10)}, {}, [("barrier-divergent", 10, {10})])
        self.assertEqual(misses, [("warpcheck", "x.cu", 10, "race-shared")])
        self.assertEqual(fps, [("warpcheck", "x.cu", 10, "barrier-divergent")])


class SanitizerReports(unittest.TestCase):
    def test_one_report_per_error_with_the_programs_lines(self):
        log = ("========= Barrier error detected. Divergent thread(s) in block.\n"
               "=========     at k()+0x10 in /src/prog.cu:43\n"
               "=========     by thread (96,0,0) in block (0,0,0)\n"
               "========= Barrier error detected. Divergent thread(s) in block.\n"
               "=========     at k()+0x10 in /src/prog.cu:43\n"
               "========= Error: Race reported between Write access at k()+0x20 in prog.cu:30\n"
               "=========     and Read access at k()+0x30 in other.cu:9\n"
               "========= ERROR SUMMARY: 3 errors\n")
        reports = score_run.sanitizer_reports(log, "/corpus/prog.cu")
        self.assertEqual(reports, [{43}, {43}, {30}])
        self.assertEqual(score_run.distinct(reports), [{30}, {43}])


if __name__ == "__main__":
    unittest.main()
