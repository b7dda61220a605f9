#!/usr/bin/env python3
"""Cost of `warpcheck lint` compared with parsing alone.

For each file of a corpus, times `warpcheck lint -j1 FILE` against the
clang++ -fsyntax-only runs that do the same parsing work: one host pass and
one device pass per arch, with the flags warpcheck's PassCommandLine.cpp
(passCommandLine) gives them, including the compat header lint
force-includes from memory (analyzer/frontend/CudaOverlay.cpp; written to a
temporary file here). Optionally also clang-tidy over the same
passes, as a familiar reference for "a static analysis on top of the AST".

Reports the median wall time over --reps runs and the peak RSS per file,
then the totals, then a per-file table, worst ratio first, with the maximum
per-file ratio (--table FILE writes it as Markdown). Wall time on a shared machine is noisy, so CPU time
(user+sys of the child) is reported too. A benchmark never fails: the exit
status is 0 unless the arguments are wrong.

  bench/fetch_corpus.sh                 # once: the ggml and DeepSpeed sources
  python3 bench/lint_vs_syntax_only.py  # ggml + deepspeed + bench/corpus/cccl_block.cu
  python3 bench/lint_vs_syntax_only.py --reps 1 --limit 5 --no-tidy --corpus deepspeed
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
CACHE = os.path.join(ROOT, ".cache/corpus")
# name -> (source root as fetch_corpus.sh unpacks it, placeholder in its
# .files/.args lists). The lists are bench/corpus/<name>.files and .args.
FETCHED = {
    "ggml": (os.path.join(CACHE, "llama_cpp_python-0.3.36/vendor/llama.cpp/ggml"), "@GGML@"),
    "deepspeed": (os.path.join(CACHE, "deepspeed-0.19.8"), "@DEEPSPEED@"),
}
LLVM = "/usr/lib/llvm-22/bin"
TIDY_CHECKS = "-*,bugprone-*,performance-*"


def read_list(path, placeholder, root):
    """Non-comment lines of a corpus list, the placeholder replaced by the root."""
    with open(path) as f:
        return [l.strip().replace(placeholder, root) for l in f if l.strip() and not l.startswith("#")]


def fetched_corpus(name):
    """(file, compiler args, directory to run in, corpus name) of a fetched corpus."""
    root, placeholder = FETCHED[name]
    lists = os.path.join(BENCH, "corpus", name)
    args = read_list(lists + ".args", placeholder, root)
    return [(os.path.join(root, f), args, root, name)
            for f in read_list(lists + ".files", placeholder, root)]


def toolkit_version(cuda):
    """(major, minor, build) the way analyzer/frontend/Toolkit.cpp reads them."""
    with open(os.path.join(cuda, "include/cuda.h")) as f:
        v = int(re.search(r"#define\s+CUDA_VERSION\s+(\d+)", f.read()).group(1))
    major, minor = v // 1000, v % 1000 // 10
    ver = r"%d\.%d\.(\d+)" % (major, minor)
    try:
        with open(os.path.join(cuda, "version.json")) as f:
            m = re.search(r'"cuda_nvcc"\s*:\s*\{[^}]*"version"\s*:\s*"' + ver + '"', f.read())
        if m:
            return major, minor, int(m.group(1))
    except OSError:
        pass
    dist = os.path.join(cuda, "dist-info")
    for name in os.listdir(dist) if os.path.isdir(dist) else []:
        m = re.fullmatch(r"nvidia_cuda_nvcc[a-z0-9_]*-" + ver + r"\.dist-info", name)
        if m:
            return major, minor, int(m.group(1))
    return major, minor, 0


OVERLAY_SOURCE = os.path.join(ROOT, "analyzer/frontend/CudaOverlay.cpp")
# clang 22's default OpenMP version, as openmpMacroValue (CudaOverlay.cpp) maps it.
OPENMP_VALUES = {"31": "201107", "40": "201307", "45": "201511", "50": "201811",
                 "51": "202011", "52": "202111", "60": "202411"}


def write_overlay_header(directory):
    """Lint force-includes a compat header that lives in memory only
    (analyzer/frontend/CudaOverlay.cpp, kHeader): the baseline must parse
    it too, or the comparison is not like for like. Its text is read from
    that source file and written to `directory`; returns the path."""
    with open(OVERLAY_SOURCE) as f:
        m = re.search(r'kHeader = R"__wc\((.*?)\)__wc"', f.read(), re.S)
    if not m:
        sys.exit("lint_vs_syntax_only: no kHeader in %s: update write_overlay_header" % OVERLAY_SOURCE)
    path = os.path.join(directory, "warpcheck_cuda_compat.h")
    with open(path, "w") as f:
        f.write(m.group(1))
    return path


def openmp_macro(args):
    """_OPENMP's value under `args` ("" when OpenMP is off), as lint gives it
    to device passes (openmpMacroValue)."""
    on, version = False, "51"
    for a in args:
        if a == "-fopenmp" or a.startswith("-fopenmp="):
            on = True
        elif a == "-fno-openmp":
            on = False
        elif a.startswith("-fopenmp-version="):
            version = a[len("-fopenmp-version="):]
    return OPENMP_VALUES.get(version, "202011") if on else ""


OVERLAY = None  # path of the compat header, written once by main()


def pass_args(cuda, version, args, host, arch, archs):
    """The clang args of one warpcheck pass, minus the file (passCommandLine),
    with the overlay lint adds (addCudaOverlayArgs). The host pass names
    every device arch, for __CUDA_ARCH_LIST__."""
    major, minor, build = version
    out = ["-xcuda", "-fsyntax-only", "-w", "-Wno-unknown-cuda-version", "-fno-caret-diagnostics",
           "--cuda-path=" + cuda, "-isystem", cuda + "/include/cccl",
           "-D__CUDACC_VER_MAJOR__=%d" % major, "-D__CUDACC_VER_MINOR__=%d" % minor,
           "-D__CUDACC_VER_BUILD__=%d" % build,
           "-include", OVERLAY, "-D_CG_CLUSTER_INTRINSICS_AVAILABLE"]
    if not host and openmp_macro(args):
        out.append("-D_OPENMP=" + openmp_macro(args))
    out += args
    if host:
        return out + ["--offload-host-only"] + ["--offload-arch=" + a for a in archs]
    return out + ["--offload-device-only", "--offload-arch=" + arch]


VERBOSE = False


def run(cmd, cwd):
    """(wall s, cpu s, peak RSS MiB, exit status) of one child process.
    os.wait4 gives this child's own rusage; RUSAGE_CHILDREN would be the
    maximum over all children so far."""
    if VERBOSE:
        print("  $ (cd %s && %s)" % (cwd, " ".join(cmd)), file=sys.stderr)
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, p.returncode


def run_passes(cmds, cwd):
    """Passes run one after the other (like lint -j1): times add, RSS is the max."""
    wall = cpu = rss = 0.0
    rc = 0
    for c in cmds:
        w, u, r, code = run(c, cwd)
        wall, cpu, rss, rc = wall + w, cpu + u, max(rss, r), rc or code
    return wall, cpu, rss, rc


def measure(fn, reps):
    runs = [fn() for _ in range(reps)]
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
            max(r[2] for r in runs), next((r[3] for r in runs if r[3]), 0))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="*", help="files to time (default: the corpus)")
    ap.add_argument("--warpcheck", default=os.path.join(ROOT, "build/cli/warpcheck"))
    ap.add_argument("--clang", default=os.path.join(LLVM, "clang++"))
    ap.add_argument("--clang-tidy", default=os.path.join(LLVM, "clang-tidy"))
    ap.add_argument("--no-tidy", action="store_true", help="skip the clang-tidy column")
    ap.add_argument("--cuda-path", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("--cuda-arch", default="sm_90", help="comma-separated device archs")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--limit", type=int, default=0, help="only the first N corpus files")
    ap.add_argument("--corpus", default="ggml,deepspeed,cccl",
                    help="comma-separated corpora to time when no FILES are given: "
                         "ggml, deepspeed (fetched by bench/fetch_corpus.sh), cccl")
    ap.add_argument("--lint-arg", action="append", default=[], help="extra warpcheck lint option")
    ap.add_argument("--table", help="also write the per-file table (Markdown, worst ratio first) to this file")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each command")
    ap.add_argument("--args", nargs=argparse.REMAINDER, default=[], help="compiler args for FILES")
    o = ap.parse_args()
    global VERBOSE, OVERLAY
    VERBOSE = o.verbose
    overlay_dir = tempfile.TemporaryDirectory(prefix="lint_vs_syntax_only.")
    OVERLAY = write_overlay_header(overlay_dir.name)

    # The tools run in each corpus's own directory: resolve paths given
    # relative to ours first.
    o.warpcheck = os.path.abspath(o.warpcheck)
    o.clang = shutil.which(o.clang) or os.path.abspath(o.clang)
    cuda = os.path.realpath(o.cuda_path)
    version = toolkit_version(cuda)
    archs = o.cuda_arch.split(",")
    # (file, compiler args, directory to run in, corpus name)
    corpus = [(os.path.abspath(f), o.args, os.getcwd(), "files") for f in o.files]
    if not corpus:
        for name in o.corpus.split(","):
            if name == "cccl":
                corpus.append((os.path.join(BENCH, "corpus/cccl_block.cu"), [], ROOT, "cccl"))
            elif name not in FETCHED:
                ap.error("unknown corpus '%s' (ggml, deepspeed, cccl)" % name)
            elif os.path.isdir(FETCHED[name][0]):
                corpus += fetched_corpus(name)
            else:
                print("%s corpus not fetched (run bench/fetch_corpus.sh): left out" % name)
        if o.limit:
            corpus = corpus[:o.limit]
    tidy = None if o.no_tidy else shutil.which(o.clang_tidy)
    if not o.no_tidy and not tidy:
        print("clang-tidy not found at %s: column skipped (apt-get install clang-tidy-22)" % o.clang_tidy)

    print("warpcheck %s, clang %s, CUDA %d.%d, archs %s, %d reps, %d files, tidy checks %s" %
          (o.warpcheck, o.clang, version[0], version[1], o.cuda_arch, o.reps, len(corpus),
           TIDY_CHECKS if tidy else "-"))
    head = "%-52s %8s %8s %6s %8s %8s" % ("file", "lint s", "syntax s", "ratio", "lint MiB", "clang MiB")
    print(head + ("  %8s %8s" % ("tidy s", "tidy MiB") if tidy else ""))
    rows = []
    for path, args, cwd, corpus_name in corpus:
        passes = [pass_args(cuda, version, args, True, None, archs)] + \
                 [pass_args(cuda, version, args, False, a, archs) for a in archs]
        lint = measure(lambda: run([o.warpcheck, "lint", "-j1", "-q", "--exit-zero", "--color", "never",
                                    "--cuda-arch", o.cuda_arch, "--cuda-path", cuda] + o.lint_arg +
                                   [path, "--"] + args, cwd), o.reps)
        syn = measure(lambda: run_passes([[o.clang] + p + [path] for p in passes], cwd), o.reps)
        row = [os.path.relpath(path, cwd), lint, syn]
        name = row[0] if len(row[0]) <= 52 else "..." + row[0][-49:]
        line = "%-52s %8.2f %8.2f %6.2f %8.0f %8.0f  cpu %6.2f / %6.2f = %4.2f" % (
            name, lint[0], syn[0], lint[0] / syn[0], lint[2], syn[2], lint[1], syn[1],
            lint[1] / syn[1] if syn[1] else 0)
        # lint exits 2 when a pass does not parse; clang then fails too.
        notes = []
        if lint[3] not in (0, 1):
            notes.append("lint exit %d" % lint[3])
        if syn[3]:
            notes.append("clang exit %d" % syn[3])
        if tidy:
            # clang-tidy gets the same passes; -fsyntax-only is its action anyway.
            t = measure(lambda: run_passes([[tidy, "--quiet", "-checks=" + TIDY_CHECKS, path, "--"] +
                                            [a for a in p if a != "-fsyntax-only"] for p in passes], cwd),
                        o.reps)
            row.append(t)
            line += "  %8.2f %8.0f" % (t[0], t[2]) + ("  (tidy exit %d)" % t[3] if t[3] else "")
        print(line + ("  (" + ", ".join(notes) + ")" if notes else ""), flush=True)
        if not notes:
            rows.append([corpus_name] + row)

    for name in dict.fromkeys(r[0] for r in rows):
        totals(name, [r[1:] for r in rows if r[0] == name], tidy)
    if len(set(r[0] for r in rows)) > 1:
        totals("all corpora", [r[1:] for r in rows], tidy)
    if rows:
        per_file_table(rows, o.table)
    return 0


def per_file_table(rows, path):
    """Every file's ratios, worst wall ratio first, and the maximum: an
    outlier must be visible, not averaged away by the totals."""
    ordered = sorted(rows, key=lambda r: r[2][0] / r[3][0], reverse=True)
    lines = ["| corpus | file | lint wall s | syntax-only wall s | ratio (wall) | ratio (cpu) | lint MiB | clang MiB |",
             "|---|---|---|---|---|---|---|---|"]
    for corpus, name, lint, syn in (r[:4] for r in ordered):
        lines.append("| %s | %s | %.2f | %.2f | %.2f | %.2f | %.0f | %.0f |" %
                     (corpus, name, lint[0], syn[0], lint[0] / syn[0], lint[1] / syn[1] if syn[1] else 0, lint[2], syn[2]))
    worst = ordered[0]
    cpu_worst = max(rows, key=lambda r: r[2][1] / r[3][1] if r[3][1] else 0)
    summary = ("maximum per-file ratio: wall %.2f (%s), cpu %.2f (%s)" %
               (worst[2][0] / worst[3][0], worst[1], cpu_worst[2][1] / cpu_worst[3][1] if cpu_worst[3][1] else 0,
                cpu_worst[1]))
    print("\nper file, worst first:\n" + "\n".join(lines) + "\n" + summary)
    if path:
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n\n" + summary + "\n")


def totals(name, rows, tidy):
    tot = lambda i, k: sum(r[i][k] for r in rows)
    print("\n%s: %d files that lint and clang both parse:" % (name, len(rows)))
    print("  wall: lint %.1f s, syntax-only %.1f s, lint/syntax-only %.2f" % (tot(1, 0), tot(2, 0), tot(1, 0) / tot(2, 0)))
    print("  cpu:  lint %.1f s, syntax-only %.1f s, lint/syntax-only %.2f" % (tot(1, 1), tot(2, 1), tot(1, 1) / tot(2, 1)))
    rss = [r[1][2] / r[2][2] for r in rows]
    print("  peak RSS: lint max %.0f MiB, clang max %.0f MiB; lint/clang per file median %.2f, max %.2f" %
          (max(r[1][2] for r in rows), max(r[2][2] for r in rows), statistics.median(rss), max(rss)))
    if tidy:
        print("  clang-tidy (%s): wall %.1f s (%.2f x syntax-only), cpu %.1f s, peak RSS max %.0f MiB" %
              (TIDY_CHECKS, tot(3, 0), tot(3, 0) / tot(2, 0), tot(3, 1), max(r[3][2] for r in rows)))
    ratios = sorted(r[1][0] / r[2][0] for r in rows)
    print("  lint/syntax-only per file: min %.2f, median %.2f, max %.2f" %
          (ratios[0], statistics.median(ratios), ratios[-1]))


if __name__ == "__main__":
    sys.exit(main())
