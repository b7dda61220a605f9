#!/usr/bin/env python3
"""Builds every tests/fuzz/*Fuzzer.cpp with libFuzzer, ASan and UBSan and
fuzzes each for a bounded time, starting from its seed corpus
tests/fuzz/corpus/<NAME>/. Fails on any crash, leak, sanitizer report,
timeout or out-of-memory, and prints the reproducer.

    run_fuzzers.py [--seconds 20] [--only NAME,...] [--skip NAME,...]
                   [--work-dir DIR] [--include DIR] [--update-corpus]

--update-corpus (what tests/fuzz/nightly.sh uses) then merges the inputs
the run found into the seed corpus in the source tree, minimised: the
seeds with chosen names (empty.json) are always kept, and of the others
(named by their SHA-1) only a set that keeps all the coverage stays.

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
# rules/gen_catalog.py generates from rules/*.md (reports/model/RuleCatalog.cpp,
# with severityName and parseSeverity, needs it), and its typed rule ids
# (rules/RuleIds.h, which the checks and the suppressions include). The seeds are in
# tests/fuzz/corpus/NAME/ unless an item "corpus:DIR" names another folder.
# "@html-page" is what reports/CMakeLists.txt generates for the html format:
# the page's style and scripts with their CSP hashes (PageAssets.gen.h) and
# the rule docs rendered to HTML (RuleDocs.gen.cpp).
# A source may be a glob. "@llvm" builds against Debian's clang and LLVM
# libraries (llvm-config-22), with a precompiled header of clang's AST
# headers for the analyzer's sources.
FUZZERS = {
    "JsonReportReader": ["reports/input/JsonReader.cpp", "support/JsonRead.cpp", "reports/formats/JsonFormat.cpp",
                         "reports/model/Report.cpp", "support/Files.cpp", "support/Printable.cpp", "support/Utf8.cpp",
                         "reports/model/RuleCatalog.cpp", "@rule-catalog"],
    "Baseline": ["corpus:baseline", "reports/suppress/Baseline.cpp", "reports/model/SourcePaths.cpp", "support/Files.cpp",
                 "support/JsonRead.cpp", "support/Printable.cpp", "support/Utf8.cpp"],
    "SuppressionFile": ["corpus:suppressions", "reports/suppress/SuppressionFile.cpp", "reports/suppress/Nolint.cpp",
                        "reports/model/Finding.cpp", "support/Glob.cpp", "reports/model/SourcePaths.cpp", "support/Demangle.cpp",
                        "reports/model/SourceCache.cpp", "support/Files.cpp", "support/Printable.cpp", "support/Utf8.cpp",
                        "reports/model/RuleCatalog.cpp", "@rule-catalog"],
    "ConfigReader": ["corpus:config", "config/YamlSubset.cpp", "config/ProjectConfig.cpp", "config/ConfigApply.cpp",
                     "support/Glob.cpp", "support/Files.cpp", "support/Printable.cpp", "support/Utf8.cpp",
                     "support/GpuArch.cpp", "reports/model/RuleCatalog.cpp",
                     "@rule-catalog"],
    "ReferenceTrace": ["runtime/reference/TraceParser.cpp", "runtime/reference/HappensBefore.cpp",
                       "runtime/reference/Findings.cpp", "runtime/reference/BoundedShadow.cpp",
                       "support/JsonRead.cpp", "support/Printable.cpp", "support/Utf8.cpp"],
    # The whole of lint (LintFrontDoorFuzzer.cpp says why clang itself is not
    # instrumented) and every report format.
    "LintFrontDoor": ["@llvm", "analyzer/frontend/*.cpp", "analyzer/uniformity/*.cpp", "analyzer/checks/*.cpp",
                      "analyzer/driver/Lint.cpp", "support/*.cpp", "reports/*.cpp", "reports/model/*.cpp",
                      "reports/suppress/*.cpp", "reports/formats/*.cpp", "reports/formats/html/*.cpp",
                      "reports/formats/sarif/*.cpp", "reports/input/*.cpp", "@rule-catalog", "@html-page"],
}

# libFuzzer options that differ from the readers': a kernel goes through
# clang (CUDA's headers are parsed for every input, about a second per
# pass), so one input may take seconds, and a kernel of 8 KB is plenty.
RUN_OPTIONS = {
    "LintFrontDoor": ["-timeout=60", "-max_len=8192", "-rss_limit_mb=4096", "-malloc_limit_mb=4096"],
}
LLVM_CONFIG = "llvm-config-22"
# Clang's headers that dominate the analyzer's compile time (as in
# analyzer/CMakeLists.txt's target_precompile_headers).
PCH_HEADERS = ["clang/AST/ASTContext.h", "clang/ASTMatchers/ASTMatchFinder.h", "clang/ASTMatchers/ASTMatchers.h",
               "clang/Analysis/CFG.h", "clang/Frontend/CompilerInstance.h"]

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CXX = "clang++-22"
FLAGS = ["-std=c++17", "-g", "-O1", "-fsanitize=fuzzer,address,undefined", "-fno-sanitize-recover=all"]
# The clang-based target: line tables are enough for the reports, and halve
# the time of compiling against clang's headers.
LLVM_FLAGS = ["-gline-tables-only"]
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
        if s.startswith("corpus:") or s == "@llvm":
            continue
        if "*" in s:
            out += sorted(glob.glob(os.path.join(ROOT, s)))
            continue
        if s == "@rule-catalog":
            docs = [d for d in sorted(glob.glob(os.path.join(ROOT, "rules", "*.md")))
                    if os.path.basename(d) not in ("README.md", "TEMPLATE.md")]
            gen = os.path.join(work, "RuleCatalog.gen.cpp")
            subprocess.run([sys.executable, os.path.join(ROOT, "rules", "gen_catalog.py"), gen,
                            "--ids", os.path.join(work, "include", "rules", "RuleIds.h")] + docs, check=True)
            out.append(gen)
        elif s == "@html-page":
            # What the build generates for the html format (reports/CMakeLists.txt).
            html = os.path.join(ROOT, "reports", "formats", "html")
            subprocess.run([sys.executable, os.path.join(html, "gen_page_assets.py"),
                            os.path.join(work, "include", "reports", "formats", "html", "PageAssets.gen.h")] +
                           [os.path.join(html, f) for f in ("page.css", "error-recorder.js", "filter.js")], check=True)
            gen = os.path.join(work, "RuleDocs.gen.cpp")
            docs = [d for d in sorted(glob.glob(os.path.join(ROOT, "rules", "*.md")))
                    if os.path.basename(d) not in ("README.md", "TEMPLATE.md")]
            subprocess.run([sys.executable, os.path.join(html, "gen_rule_docs.py"), gen] + docs, check=True)
            out.append(gen)
        else:
            out.append(os.path.join(ROOT, s))
    return out


def llvm_flags(cxx, work):
    """Compile flags, link flags and the precompiled header of a target built
    against clang and LLVM, or None after printing why not."""
    config = shutil.which(LLVM_CONFIG)
    if not config:
        skip(f"{LLVM_CONFIG} is not installed (apt-get install llvm-22-dev libclang-22-dev)")
    cppflags = subprocess.run([config, "--cppflags"], capture_output=True, text=True, check=True).stdout.split()
    libdir = subprocess.run([config, "--libdir"], capture_output=True, text=True, check=True).stdout.strip()
    resource = subprocess.run([cxx[-1], "-print-resource-dir"], capture_output=True, text=True).stdout.strip()
    compile = LLVM_FLAGS + cppflags + [f'-DWARPCHECK_CLANG_RESOURCE_DIR="{resource}"']
    link = [f"-L{libdir}", f"-Wl,-rpath,{libdir}", "-lclang-cpp", "-lLLVM"]
    header = os.path.join(work, "clang-headers.h")
    with open(header, "w") as f:
        f.write("".join(f"#include <{h}>\n" for h in PCH_HEADERS))
    pch = header + ".pch"
    cmd = [cxx[-1]] + FLAGS + compile + ["-x", "c++-header", header, "-o", pch]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        print(f"FAIL: cannot precompile clang's headers:\n$ {' '.join(cmd)}\n{p.stderr}")
        return None
    return compile, link, pch


def build(name, cxx, includes, work):
    """The fuzzer binary, or None after printing the compiler's errors."""
    compile, link, pch = [], [], None
    if "@llvm" in FUZZERS[name]:
        flags = llvm_flags(cxx, work)
        if not flags:
            return None
        compile, link, pch = flags
    if "@rule-catalog" in FUZZERS[name] or "@html-page" in FUZZERS[name]:
        includes = includes + ["-I" + os.path.join(work, "include")]  # rules/RuleIds.h (sources_of)
    objects, jobs = [], []
    for src in sources_of(name, work):
        rel = os.path.relpath(src, ROOT) if src.startswith(ROOT) else os.path.basename(src)
        obj = os.path.join(work, "obj", rel.replace("/", "_") + ".o")
        objects.append(obj)
        # The precompiled header is clang's; ccache would not cache with it.
        uses_pch = pch and rel.startswith("analyzer/")
        jobs.append((cxx[-1:] if uses_pch else cxx) + FLAGS + compile + includes +
                    (["-include-pch", pch] if uses_pch else []) + ["-c", src, "-o", obj])
    os.makedirs(os.path.join(work, "obj"), exist_ok=True)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda cmd: subprocess.run(cmd, capture_output=True, text=True), jobs))
    for cmd, p in zip(jobs, results):
        if p.returncode != 0:
            print(f"FAIL {name}: cannot compile:\n$ {' '.join(cmd)}\n{p.stderr}")
            return None
    binary = os.path.join(work, name + "-fuzzer")
    p = subprocess.run(cxx + FLAGS + objects + link + ["-o", binary], capture_output=True, text=True)
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
    options = {o.split("=")[0]: o for o in ["-rss_limit_mb=2048", "-malloc_limit_mb=2048", "-timeout=10",
                                            "-max_len=16384"] + RUN_OPTIONS.get(name, [])}
    cmd = [binary, found, seeds, f"-max_total_time={seconds}"] + list(options.values()) + \
          ["-print_final_stats=1", f"-artifact_prefix={work}/"]
    print(f"$ {' '.join(cmd)}", flush=True)
    log = os.path.join(work, "fuzz.log")  # hours of fuzzing print more than a pipe should hold
    try:
        with open(log, "w") as out:
            p = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, timeout=seconds + 300)
    except subprocess.TimeoutExpired:
        print(f"FAIL {name}: still running {seconds + 300}s after a {seconds}s budget (a hang outside an input?)")
        return False
    with open(log, errors="replace") as f:
        text = f.read()
    stats = [l for l in text.splitlines() if l.startswith("stat::number_of_executed_units")]
    if p.returncode == 0:
        print(f"ok: {name}: {stats[0].split(':')[-1].strip() if stats else '?'} runs in {seconds}s, no failure")
        return True
    print(text[-8000:])
    repro = re.findall(r"Test unit written to (\S+)", text)
    print(f"FAIL {name}: the fuzzer exited {p.returncode}" +
          (f"; reproduce with:\n    {binary} {repro[-1]}" if repro else " (no reproducer written)"))
    return False


def is_hash_name(path):
    return re.fullmatch(r"[0-9a-f]{40}", os.path.basename(path)) is not None


def update_corpus(name, binary, work):
    """Merges what the run found into the seed corpus in the source tree,
    minimised: libFuzzer's -merge=1 keeps, after the named seeds, only the
    inputs that add coverage. Returns the number of seeds added (negative:
    removed), or None after printing why it failed."""
    seeds = corpus_of(name)
    found = os.path.join(work, "corpus")
    merged = os.path.join(work, "merged")
    shutil.rmtree(merged, ignore_errors=True)
    os.makedirs(merged)
    named = [f for f in glob.glob(os.path.join(seeds, "*")) if not is_hash_name(f)]
    for f in named:
        shutil.copy(f, merged)
    hashed = os.path.join(work, "hashed-seeds")
    shutil.rmtree(hashed, ignore_errors=True)
    os.makedirs(hashed)
    for f in glob.glob(os.path.join(seeds, "*")):
        if is_hash_name(f):
            shutil.copy(f, hashed)
    options = {o.split("=")[0]: o for o in ["-rss_limit_mb=2048", "-timeout=10", "-max_len=16384"] +
               RUN_OPTIONS.get(name, []) if not o.startswith("-malloc_limit")}
    cmd = [binary, "-merge=1", merged, hashed, found] + list(options.values())
    print(f"$ {' '.join(cmd)}", flush=True)
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    if p.returncode != 0:
        print(p.stderr[-8000:])
        print(f"FAIL {name}: merging the corpus failed (exit {p.returncode})")
        return None
    before = len(glob.glob(os.path.join(seeds, "*")))
    for f in glob.glob(os.path.join(seeds, "*")):
        if is_hash_name(f):
            os.remove(f)
    for f in glob.glob(os.path.join(merged, "*")):
        if is_hash_name(f):
            shutil.copy(f, seeds)
    after = len(glob.glob(os.path.join(seeds, "*")))
    print(f"corpus: {os.path.relpath(seeds, ROOT)}/: {before} -> {after} inputs", flush=True)
    return after - before


def listed(value):
    return [n for v in value for n in v.split(",") if n]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=20, help="fuzzing time per fuzzer")
    ap.add_argument("--only", action="append", default=[], help="just these fuzzers (comma-separated)")
    ap.add_argument("--skip", action="append", default=[], help="not these fuzzers (comma-separated)")
    ap.add_argument("--work-dir", help="where binaries, found inputs and crashes go (default: a temp dir)")
    ap.add_argument("--include", action="append", default=[], help="include directory (';'-lists too)")
    ap.add_argument("--update-corpus", action="store_true",
                    help="merge the new inputs, minimised, into tests/fuzz/corpus/ (after a run without failure)")
    a = ap.parse_args()

    files = sorted(os.path.basename(f)[:-len("Fuzzer.cpp")] for f in glob.glob(os.path.join(HERE, "*Fuzzer.cpp")))
    problems = [f"tests/fuzz/{n}Fuzzer.cpp has no sources line in FUZZERS (run_fuzzers.py)"
                for n in files if n not in FUZZERS]
    problems += [f"FUZZERS names {n}, but tests/fuzz/{n}Fuzzer.cpp does not exist" for n in FUZZERS if n not in files]
    problems += [f"{n} has no seed corpus {os.path.relpath(corpus_of(n), ROOT)}/" for n in files
                 if not glob.glob(os.path.join(corpus_of(n), "*"))]
    for p in problems:
        print("FAIL " + p)
    only, skipped = listed(a.only), listed(a.skip)
    for n in only + skipped:
        if n not in files:
            sys.exit(f"error: no fuzzer named {n}; there are: {', '.join(files)}")
    names = [n for n in files if n in FUZZERS and (not only or n in only) and n not in skipped]

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
        elif a.update_corpus and update_corpus(name, binary, dir) is None:
            failures += 1
    print(f"{failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
