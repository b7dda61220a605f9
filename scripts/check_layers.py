#!/usr/bin/env python3
"""Fails on an #include that runs against warpcheck's layering (issue 22).

    scripts/check_layers.py [--root DIR] [--no-allow-list]

Reads every `#include "..."` (and `#include <...>` of a project path) in
analyzer/, reports/, runtime/, config/, cli/ and instrument/ and checks three
rules:

  1. Across top-level folders: cli may include everything; analyzer and
     config may include reports; runtime may include reports and
     instrument; reports and instrument include no other folder.
  2. Inside analyzer/, the layers of ANALYZER_LAYERS in order: a file may
     include its own layer and lower ones, never a higher one.
  3. Across runtime targets (runtime/CMakeLists.txt): the injected library
     (warpcheck_runtime) builds runtime/inject/ plus the SHARED_RUNTIME
     sources, which the host side (warpcheck_runlog, linked by cli) builds
     too. The injected library includes runtime/inject/, the shared headers
     and instrument/ only; the shared files include only each other and
     instrument/; host code (the other runtime/ files and cli/) never
     includes runtime/inject/; runtime/reference/ (the CPU reference
     checker, its own target) includes only itself and nothing includes it.

Known violations that issue 22 removes later are listed in ALLOWED; an
entry that no longer occurs is an error too, so the list only shrinks.
Exit 0: clean; 1: violations (file:line, the include and the rule, one per
line on stdout); 2: bad arguments.
"""
import argparse
import os
import re
import sys

FOLDERS = ("analyzer", "reports", "runtime", "config", "cli", "instrument")

# What each top-level folder may include besides itself.
MAY_INCLUDE = {
    "cli": {"analyzer", "reports", "runtime", "config", "instrument"},
    "analyzer": {"reports"},
    "config": {"reports"},
    "runtime": {"reports", "instrument"},
    "reports": set(),
    "instrument": set(),
}

# analyzer/'s layers, lowest first (analyzer/CMakeLists.txt): the Clang front
# end; options and the analysis context; the table of CUDA/HIP API
# knowledge; the uniformity analysis; the other analysis engines (which may
# use uniformity); the rules; the driver.
ANALYZER_LAYERS = ["frontend", "core", "cuda", "uniformity", "analyses", "checks", "driver"]

# runtime/ sources that runtime/CMakeLists.txt compiles into the injected
# library as well as into the host-side warpcheck_runlog: their headers are
# the only runtime/ headers both sides share. Flags.inc declares the flags
# of both.
SHARED_RUNTIME = {"RawLog", "Journal", "SassAccessIndex", "CubinSymbols", "HostStack",
                  "StreamOrder", "GraphOrder", "Flags", "TargetProcesses"}

# Known violations, (including file, included path): each is one to remove
# (issue 22), not a precedent.
ALLOWED = {
    # The injected library compiles reports/Demangle.cpp by path; Demangle
    # moves to the shared support/ library.
    ("runtime/inject/Injection.cpp", "reports/Demangle.h"),
    # The kernel filter and the flags are compiled into both runtime targets
    # from runtime/inject/; they move to runtime/common/ (and `run`'s options
    # are generated from Flags.inc).
    ("runtime/RunFindings.cpp", "runtime/inject/KernelFilter.h"),
    ("cli/RunCommand.cpp", "runtime/inject/Flags.h"),
    ("cli/RunCommand.cpp", "runtime/inject/KernelFilter.h"),
}

SOURCE_SUFFIXES = (".h", ".hpp", ".cpp", ".cc", ".c", ".cu", ".cuh", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*(?:"([^"]+)"|<([^>]+)>)')


def runtime_part(path):
    """The runtime target a runtime/ path belongs to, or None outside runtime/."""
    parts = path.split("/")
    if parts[0] != "runtime":
        return None
    if len(parts) > 2 and parts[1] in ("inject", "reference"):
        return parts[1]
    if len(parts) == 2 and os.path.splitext(parts[1])[0] in SHARED_RUNTIME:
        return "shared"
    return "host"


def analyzer_layer(path):
    parts = path.split("/")
    return parts[1] if parts[0] == "analyzer" and len(parts) > 2 else None


def rule_broken(src, dst):
    """Why `src` may not include `dst` (paths relative to the root), or None."""
    top_src, top_dst = src.split("/")[0], dst.split("/")[0]
    if top_src != top_dst and top_dst not in MAY_INCLUDE[top_src]:
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
    rs, rd = runtime_part(src), runtime_part(dst)
    if rd == "reference" and rs != "reference":
        return "runtime/reference is its own target: nothing else includes it"
    if rs == "reference" and rd != "reference":
        return "runtime/reference is its own target: it includes only itself"
    if rd == "inject" and rs != "inject":
        return ("only the injected library includes runtime/inject "
                f"(a {rs or top_src} file includes it; share code through runtime/ headers both targets build)")
    if rs == "inject" and rd == "host":
        return "the injected library includes no host-side runtime header (only the shared ones)"
    if rs == "inject" and top_dst not in ("runtime", "instrument"):
        return f"the injected library does not link {top_dst}"
    if rs == "shared" and rd in ("host", "inject"):
        return f"a runtime file both targets build includes a {rd}-only header"
    if rs == "shared" and top_dst not in ("runtime", "instrument"):
        return f"a runtime file the injected library builds includes {top_dst}, which it does not link"
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


def check(root, allowed):
    """(violations, stale allow-list entries) of the tree at `root`."""
    violations, seen = [], set()
    for src, full in sources(root):
        with open(full, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                dst = project_include(root, src, m.group(1) or m.group(2), m.group(1) is not None)
                if dst is None:
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
