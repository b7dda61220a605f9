#!/usr/bin/env python3
"""Fails on an #include that runs against warpcheck's layering (issue 22).

    scripts/check_layers.py [--root DIR] [--no-allow-list]

Reads every `#include "..."` (and `#include <...>` of a project path) in
analyzer/, reports/, runtime/, config/, cli/, instrument/ and support/ and
checks five rules:

  1. Across top-level folders: support/ (the no-LLVM helper library,
     support/CMakeLists.txt) is the lowest layer: every folder may include
     it and it includes no other folder. Above it, cli may include
     everything; analyzer and config may include reports; runtime may
     include reports and instrument; reports and instrument include no
     other folder.
  2. Inside analyzer/, the layers of ANALYZER_LAYERS in order: a file may
     include its own layer and lower ones, never a higher one.
  3. Across runtime targets, one folder each (runtime/*/CMakeLists.txt):
     runtime/common/ (the raw-log schema, the flags and the pure logic both
     sides use, warpcheck_run_common) includes only itself and
     instrument/; the injected library (runtime/inject/, warpcheck_runtime)
     and the host side (runtime/host/, warpcheck_runlog, which cli links)
     include common but never each other; no file outside runtime/inject/
     includes it; runtime/reference/ (the CPU reference checker, its own
     target) includes only itself and nothing includes it; a source file
     directly in runtime/ belongs to no target and is an error.
  4. Each runtime target builds only from its own folder: a source that
     runtime/<part>/CMakeLists.txt names outside <part>/ (a path with a
     '/', or ${PROJECT_SOURCE_DIR}/...) is an error, and runtime/CMakeLists.txt
     itself builds no source.
  5. Inside reports/, the parts of REPORTS_MAY_INCLUDE: model/ (the report
     itself) includes no other part; suppress/, input/, fix/ and formats/
     build on it (formats/ also on suppress/'s fingerprints), never the
     other way; the pipeline at the top (finish(), emit()) may use them all.

Known violations that issue 22 removes later are listed in ALLOWED; an
entry that no longer occurs is an error too, so the list only shrinks.
Exit 0: clean; 1: violations (file:line, the include and the rule, one per
line on stdout); 2: bad arguments.
"""
import argparse
import os
import re
import sys

FOLDERS = ("analyzer", "reports", "runtime", "config", "cli", "instrument", "support")

# What each top-level folder may include besides itself (and support/,
# which every folder may include: see LOWEST).
MAY_INCLUDE = {
    "cli": {"analyzer", "reports", "runtime", "config", "instrument"},
    "analyzer": {"reports"},
    "config": {"reports"},
    "runtime": {"reports", "instrument"},
    "reports": set(),
    "instrument": set(),
    "support": set(),
}
# The lowest layer: linked by every target, both runtime ones included, and
# itself including no other folder of the project.
LOWEST = "support"
# Outside headers support/ may not include: it builds without LLVM and CUDA
# (the run-only package and the injected library link it).
NOT_IN_LOWEST = re.compile(r"^(llvm|clang|llvm-c|clang-c)/|^(cuda|cupti|sanitizer|nvrtc)[A-Za-z_]*\.h$")

# analyzer/'s layers, lowest first (analyzer/CMakeLists.txt): the Clang front
# end; options and the analysis context; the table of CUDA/HIP API
# knowledge; the uniformity analysis; the other analysis engines (which may
# use uniformity); the rules; the driver.
ANALYZER_LAYERS = ["frontend", "core", "cuda", "uniformity", "analyses", "checks", "driver"]

# reports/'s parts (reports/CMakeLists.txt): what each may include besides
# itself (and support/). "top" is the pipeline in reports/ itself.
REPORTS_MAY_INCLUDE = {
    "model": set(),
    "suppress": {"model"},
    "input": {"model"},
    "fix": {"model"},
    "formats": {"model", "suppress"},
    "top": {"model", "suppress", "input", "fix", "formats"},
}

# The runtime's targets, one folder each under runtime/.
RUNTIME_PARTS = ("common", "host", "inject", "reference")


# Known violations, (including file, included path): each is one to remove
# (issue 22), not a precedent.
ALLOWED = {
}

# A source file a CMakeLists.txt names: a word ending in a C/C++/CUDA suffix.
CMAKE_SOURCE = re.compile(r'[^\s()"]+\.(?:cpp|cc|c|cu)\b')

SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".c", ".cu", ".cuh", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<([^>]+)>)')


def runtime_part(path):
    """The runtime target folder a runtime/ path lies in, "unplaced" for a
    file directly in runtime/, None outside runtime/."""
    parts = path.split("/")
    if parts[0] != "runtime":
        return None
    if len(parts) > 2 and parts[1] in RUNTIME_PARTS:
        return parts[1]
    return "unplaced"


def reports_part(path):
    """The part of reports/ a path belongs to ("top" for the pipeline at its top), or None outside it."""
    parts = path.split("/")
    if parts[0] != "reports":
        return None
    if len(parts) == 2:
        return "top"
    return parts[1]


def analyzer_layer(path):
    parts = path.split("/")
    return parts[1] if parts[0] == "analyzer" and len(parts) > 2 else None


def rule_broken(src, dst):
    """Why `src` may not include `dst` (paths relative to the root), or None."""
    top_src, top_dst = src.split("/")[0], dst.split("/")[0]
    if top_src != top_dst and top_dst != LOWEST and top_dst not in MAY_INCLUDE[top_src]:
        return f"{top_src} may not include {top_dst}"
    if top_src == top_dst == "analyzer":
        ls, ld = analyzer_layer(src), analyzer_layer(dst)
        for layer in (ls, ld):
            if layer is not None and layer not in ANALYZER_LAYERS:
                return (f"analyzer/{layer} is not a known layer: place it in ANALYZER_LAYERS "
                        f"of scripts/check_layers.py")
        if ls and ld and ANALYZER_LAYERS.index(ld) > ANALYZER_LAYERS.index(ls):
            return (f"analyzer layer {ls} may not include the higher layer {ld} "
                    f"({' -> '.join(ANALYZER_LAYERS)})")
    ps, pd = reports_part(src), reports_part(dst)
    if top_src == top_dst == "reports" and ps != pd:
        for part in (ps, pd):
            if part not in REPORTS_MAY_INCLUDE:
                return (f"reports/{part} is not a known part: place it in REPORTS_MAY_INCLUDE "
                        f"of scripts/check_layers.py")
        if pd not in REPORTS_MAY_INCLUDE[ps]:
            what = "the pipeline at the top of reports/" if pd == "top" else f"reports/{pd}"
            return (f"reports/{ps} may not include {what} "
                    f"(model is the report; formats, suppress, input and fix build on it)")
    rs, rd = runtime_part(src), runtime_part(dst)
    for part, path in ((rs, src), (rd, dst)):
        if part == "unplaced":
            return (f"{path} is in no runtime target: move it to runtime/common (both sides), "
                    f"runtime/host or runtime/inject")
    if rd == "reference" and rs != "reference":
        return "runtime/reference is its own target: nothing else includes it"
    if rs == "reference" and rd != "reference" and top_dst != LOWEST:
        return "runtime/reference is its own target: it includes only itself (and support/)"
    if rd == "inject" and rs != "inject":
        return ("only the injected library includes runtime/inject "
                f"(a {rs or top_src} file includes it; share code through runtime/common)")
    if rs == "inject" and rd == "host":
        return "the injected library includes no runtime/host header (share code through runtime/common)"
    if rs == "inject" and top_dst not in ("runtime", "instrument", LOWEST):
        return f"the injected library does not link {top_dst}"
    if rs == "common" and rd in ("host", "inject"):
        return f"runtime/common, which both runtime targets build on, includes a runtime/{rd} header"
    if rs == "common" and top_dst not in ("runtime", "instrument", LOWEST):
        return f"runtime/common includes {top_dst}, which the injected library does not link"
    return None


def project_include(root, src, target, quoted):
    """The root-relative path an include names, or None for an outside header."""
    if target.split("/")[0] in FOLDERS:
        return os.path.normpath(target).replace(os.sep, "/")
    if quoted:  # relative to the including file
        rel = os.path.normpath(os.path.join(os.path.dirname(src), target)).replace(os.sep, "/")
        if rel.split("/")[0] in FOLDERS and os.path.isfile(os.path.join(root, rel)):
            return rel
    return None


def sources(root):
    for top in FOLDERS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(SOURCE_SUFFIXES):
                    full = os.path.join(dirpath, name)
                    yield os.path.relpath(full, root).replace(os.sep, "/"), full


def foreign_sources(root):
    """(CMakeLists.txt, line, source) for each source a runtime target's
    CMakeLists.txt builds from outside its own folder (rule 4)."""
    runtime = os.path.join(root, "runtime")
    if not os.path.isdir(runtime):
        return
    lists = [("runtime/CMakeLists.txt", None)]
    lists += [(f"runtime/{part}/CMakeLists.txt", part) for part in RUNTIME_PARTS]
    for rel, part in lists:
        full = os.path.join(root, rel)
        if not os.path.isfile(full):
            continue
        with open(full, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                code = line.split("#", 1)[0]
                for word in CMAKE_SOURCE.findall(code):
                    named = word.replace("${PROJECT_SOURCE_DIR}/", "").replace("${CMAKE_SOURCE_DIR}/", "")
                    if part is None or "/" in word:
                        yield rel, number, named


def check(root, allowed):
    """(violations, stale allow-list entries) of the tree at `root`."""
    violations, seen = [], set()
    for rel, number, named in foreign_sources(root):
        if (rel, named) in allowed:
            seen.add((rel, named))
            continue
        where = "runtime/CMakeLists.txt builds no source itself" if rel == "runtime/CMakeLists.txt" \
            else f"a runtime target builds only from its own folder ({os.path.dirname(rel)}/)"
        violations.append(f"{rel}:{number}: builds {named}: {where}")
    for src, full in sources(root):
        if runtime_part(src) == "unplaced":
            violations.append(f"{src}:1: is in no runtime target: move it to runtime/common (both sides), "
                              f"runtime/host or runtime/inject")
            continue
        with open(full, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target = m.group(1) or m.group(2)
                dst = project_include(root, src, target, m.group(1) is not None)
                if dst is None:
                    if src.split("/")[0] == LOWEST and NOT_IN_LOWEST.search(target):
                        violations.append(f"{src}:{number}: includes {target}: "
                                          f"{LOWEST} builds without LLVM and CUDA")
                    continue
                why = rule_broken(src, dst)
                if why is None:
                    continue
                if (src, dst) in allowed:
                    seen.add((src, dst))
                    continue
                violations.append(f"{src}:{number}: includes {dst}: {why}")
    stale = [f"{src}: allow-list entry for {dst} no longer occurs: remove it from ALLOWED"
             for src, dst in sorted(set(allowed) - seen)]
    return violations, stale


def main(argv=None):
    parser = argparse.ArgumentParser(description="Check warpcheck's include layering.")
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        help="the source tree (default: this script's checkout)")
    parser.add_argument("--no-allow-list", action="store_true",
                        help="check without the list of known violations (for other trees)")
    args = parser.parse_args(argv)
    if not os.path.isdir(args.root):
        parser.error(f"no such directory: {args.root}")
    violations, stale = check(args.root, set() if args.no_allow_list else ALLOWED)
    for line in violations + stale:
        print(line)
    if violations or stale:
        print(f"check_layers: {len(violations)} include(s) against the layering, "
              f"{len(stale)} stale allow-list entr{'y' if len(stale) == 1 else 'ies'}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
