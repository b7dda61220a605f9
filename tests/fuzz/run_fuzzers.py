#!/usr/bin/env python3
"""Builds every tests/fuzz/*Fuzzer.cpp with libFuzzer, ASan and UBSan and
fuzzes each for a bounded time, starting from its seed corpus
tests/fuzz/corpus/<NAME>/. Fails on any crash, leak, sanitizer report,
timeout or out-of-memory, and prints the reproducer.

    run_fuzzers.py [--seconds 20] [--only NAME] [--work-dir DIR] [--include DIR]

A new fuzzer is NAMEFuzzer.cpp plus one line in FUZZERS below (and seeds in
corpus/NAME/). Reproduce a failure with the binary and the input it names:
    WORK/NAME/NAME-fuzzer WORK/NAME/crash-...

Needs clang++-22 and libFuzzer (Debian: clang-22, libclang-rt-22-dev;
scripts/install-deps.sh installs both). Without them: exit 1 under CI
(CI=true), else exit 77, which ctest reports as skipped, with the reason.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

# NAME: the sources it is built from, relative to the repository root, besides
# tests/fuzz/NAMEFuzzer.cpp. "@rule-catalog" is the C++ table that
# rules/gen_catalog.py generates from rules/*.md (reports/RuleCatalog.cpp,
# with severityName and parseSeverity, needs it). The seeds are in
# tests/fuzz/corpus/NAME/ unless an item "corpus:DIR" names another folder.
FUZZERS = {
    "JsonReportReader": ["reports/JsonReader.cpp", "reports/JsonInput.cpp", "reports/JsonFormat.cpp", "reports/ReadFile.cpp",
                         "reports/Printable.cpp", "reports/RuleCatalog.cpp", "@rule-catalog"],
    "Baseline": ["corpus:baseline", "reports/suppress/Baseline.cpp", "reports/SourcePaths.cpp", "reports/ReadFile.cpp"],
    "SuppressionFile": ["corpus:suppressions", "reports/suppress/SuppressionFile.cpp", "reports/suppress/Nolint.cpp",
                        "reports/Finding.cpp", "reports/Glob.cpp", "reports/SourcePaths.cpp", "reports/Demangle.cpp", "reports/SourceCache.cpp", "reports/ReadFile.cpp",
                        "reports/Printable.cpp", "reports/RuleCatalog.cpp", "@rule-catalog"],
    "ConfigReader": ["corpus:config", "config/YamlSubset.cpp", "config/ProjectConfig.cpp", "config/ConfigApply.cpp",
                     "reports/Glob.cpp", "reports/ReadFile.cpp", "reports/Printable.cpp", "reports/RuleCatalog.cpp",
                     "@rule-catalog"],
    "ReferenceTrace": ["runtime/reference/TraceParser.cpp", "runtime/reference/HappensBefore.cpp",
                       "runtime/reference/Findings.cpp"],
}

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CXX = "clang++-22"
FLAGS = ["-std=c++17", "-g", "-O1", "-fsanitize=fuzzer,address,undefined", "-fno-sanitize-recover=all"]
SKIP = 77


def skip(why):
    if os.environ.get("CI"):
        sys.exit("error: " + why)
    print("SKIPPED: " + why)
    sys.exit(SKIP)


def compiler():
    """clang++-22 through ccache when there is one: objects are rebuilt only when they change."""
    cxx = shutil.which(CXX)
    if not cxx:
        skip(f"{CXX} is not installed (apt-get install clang-22, or run scripts/install-deps.sh)")
    ccache = shutil.which("ccache")
    return [ccache, cxx] if ccache else [cxx]


def check_libfuzzer(cxx, work):
    probe = os.path.join(work, "probe.cpp")
    with open(probe, "w") as f:
        f.write('#include <cstddef>\n#include <cstdint>\n'
                'extern "C" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) { return 0; }\n')
    p = subprocess.run(cxx + FLAGS + [probe, "-o", os.path.join(work, "probe")], capture_output=True, text=True)
    if p.returncode != 0:
        skip(f"{CXX} cannot link a libFuzzer target (apt-get install libclang-rt-22-dev):\n{p.stderr.strip()}")


def include_dirs(extra):
    dirs = [ROOT] + [d for e in extra for d in e.split(";") if d]
    if not any(os.path.exists(os.path.join(d, "nlohmann", "json.hpp")) for d in dirs):
        found = [d for d in ("/usr/include", "/usr/local/include")
                 if os.path.exists(os.path.join(d, "nlohmann", "json.hpp"))]
        if not found:
            skip("nlohmann/json.hpp not found (apt-get install nlohmann-json3-dev, or pass --include DIR)")
        dirs += found[:1]
    return [f"-I{d}" for d in dirs]


def sources_of(name, work):
    out = [os.path.join(HERE, name + "Fuzzer.cpp")]
    for s in FUZZERS[name]:
        if s.startswith("corpus:"):
            continue
        if s == "@rule-catalog":
            docs = [d for d in sorted(glob.glob(os.path.join(ROOT, "rules", "*.md")))
                    if os.path.basename(d) not in ("README.md", "TEMPLATE.md")]
            gen = os.path.join(work, "RuleCatalog.gen.cpp")
            subprocess.run([sys.executable, os.path.join(ROOT, "rules", "gen_catalog.py"), gen] + docs, check=True)
            out.append(gen)
        else:
            out.append(os.path.join(ROOT, s))
    return out


def build(name, cxx, includes, work):
    """The fuzzer binary, or None after printing the compiler's errors."""
    objects, jobs = [], []
    for src in sources_of(name, work):
        obj = os.path.join(work, os.path.basename(src) + ".o")
        objects.append(obj)
        jobs.append(cxx + FLAGS + includes + ["-c", src, "-o", obj])
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda cmd: subprocess.run(cmd, capture_output=True, text=True), jobs))
    for cmd, p in zip(jobs, results):
        if p.returncode != 0:
            print(f"FAIL {name}: cannot compile:\n$ {' '.join(cmd)}\n{p.stderr}")
            return None
    binary = os.path.join(work, name + "-fuzzer")
    p = subprocess.run(cxx + FLAGS + objects + ["-o", binary], capture_output=True, text=True)
    if p.returncode != 0:
        print(f"FAIL {name}: cannot link:\n{p.stderr}")
        return None
    return binary


def corpus_of(name):
    dirs = [s[len("corpus:"):] for s in FUZZERS.get(name, []) if s.startswith("corpus:")]
    return os.path.join(HERE, "corpus", dirs[0] if dirs else name)


def fuzz(name, binary, seconds, work):
    seeds = corpus_of(name)
    found = os.path.join(work, "corpus")  # new inputs go here, not into the source tree
    os.makedirs(found, exist_ok=True)
    cmd = [binary, found, seeds, f"-max_total_time={seconds}", "-rss_limit_mb=2048", "-malloc_limit_mb=2048",
           "-timeout=10", "-max_len=16384", "-print_final_stats=1", f"-artifact_prefix={work}/"]
    print(f"$ {' '.join(cmd)}", flush=True)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=seconds + 120)
    except subprocess.TimeoutExpired:
        print(f"FAIL {name}: still running {seconds + 120}s after a {seconds}s budget (a hang outside an input?)")
        return False
    stats = [l for l in p.stderr.splitlines() if l.startswith("stat::number_of_executed_units")]
    if p.returncode == 0:
        print(f"ok: {name}: {stats[0].split(':')[-1].strip() if stats else '?'} runs in {seconds}s, no failure")
        return True
    print(p.stderr[-8000:])
    repro = re.findall(r"Test unit written to (\S+)", p.stderr)
    print(f"FAIL {name}: the fuzzer exited {p.returncode}" +
          (f"; reproduce with:\n    {binary} {repro[-1]}" if repro else " (no reproducer written)"))
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=20, help="fuzzing time per fuzzer")
    ap.add_argument("--only", help="just this fuzzer")
    ap.add_argument("--work-dir", help="where binaries, found inputs and crashes go (default: a temp dir)")
    ap.add_argument("--include", action="append", default=[], help="include directory (';'-lists too)")
    a = ap.parse_args()

    files = sorted(os.path.basename(f)[:-len("Fuzzer.cpp")] for f in glob.glob(os.path.join(HERE, "*Fuzzer.cpp")))
    problems = [f"tests/fuzz/{n}Fuzzer.cpp has no sources line in FUZZERS (run_fuzzers.py)"
                for n in files if n not in FUZZERS]
    problems += [f"FUZZERS names {n}, but tests/fuzz/{n}Fuzzer.cpp does not exist" for n in FUZZERS if n not in files]
    problems += [f"{n} has no seed corpus {os.path.relpath(corpus_of(n), ROOT)}/" for n in files
                 if not glob.glob(os.path.join(corpus_of(n), "*"))]
    for p in problems:
        print("FAIL " + p)
    names = [n for n in files if n in FUZZERS and (not a.only or n == a.only)]
    if a.only and not names:
        sys.exit(f"error: no fuzzer named {a.only}; there are: {', '.join(files)}")

    work = os.path.abspath(a.work_dir) if a.work_dir else tempfile.mkdtemp(prefix="warpcheck-fuzz-")
    os.makedirs(work, exist_ok=True)
    cxx = compiler()
    check_libfuzzer(cxx, work)
    includes = include_dirs(a.include)
    failures = len(problems)
    for name in names:
        dir = os.path.join(work, name)
        os.makedirs(dir, exist_ok=True)
        binary = build(name, cxx, includes, dir)
        if not binary or not fuzz(name, binary, a.seconds, dir):
            failures += 1
    print(f"{failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
