#!/usr/bin/env python3
"""Starts a new rule, like clang-tidy's add_new_check.py.

    scripts/add_rule.py NAME --static|--dynamic [--severity S] [--root DIR]

Writes, for NAME (lowercase words joined by '-', e.g. warp-vote-divergent):

  rules/NAME.md                 the rule's doc from rules/TEMPLATE.md (its
                                front matter is the rule catalogue's entry)
  --static:
  analyzer/checks/<Name>Check.cpp   a check skeleton that reports nothing yet
  analyzer/checks/AllChecks.cpp     its registration (one declaration, one entry)
  tests/lint/NAME/buggy.cu          a lit fixture whose CHECK-MESSAGES line
                                    fails until the check reports the bug
  tests/lint/NAME/clean.cu          a lit fixture that must stay silent
  --dynamic:
  instrument/PatchState.h           a new patch::FindingKind, k<Name>, for the
                                    GPU's record of the bug
  runtime/host/FindingKinds.inc     its row: the kind, the rule, its builder
  runtime/host/RunFindings.cpp      the builder stub that writes the finding
                                    (its severity is the catalogue's)
  tests/gpu/<name>_bug.cu           a GPU test whose EXPECT line fails until
                                    `warpcheck run` reports the rule
  tests/gpu/<name>_fixed.cu         its fixed twin (EXPECT-NONE)

and prints what is left to write (docs/CONTRIBUTING.md walks through it).
Nothing is overwritten. Exit 0: written; 2: bad arguments, an existing rule
or file, or a tree that lacks what the script edits (nothing is written then).
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+")
SEVERITIES = ("error", "warning", "note")  # rules/gen_catalog.py
# The files a new dynamic rule's finding kind is added to, in this order.
EDITED_FOR_KINDS = ("instrument/PatchState.h", "runtime/host/FindingKinds.inc", "runtime/host/RunFindings.cpp")
# Files add_rule.py edits rather than creates.
EDITED = ("analyzer/checks/AllChecks.cpp",) + EDITED_FOR_KINDS

CHECK_SKELETON = """\
// @ID@:
// TODO: what the rule reports and why, in a few lines (the guide section
// that makes it a bug; rules/@ID@.md has the details).
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;

class @CLASS@ : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    // TODO: match the code the rule is about; this matches every call in
    // device code.
    finder.addMatcher(callExpr(hasAncestor(functionDecl(isDeviceFunction()))).bind("call"), this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    const auto *call = result.Nodes.getNodeAs<CallExpr>("call");
    if (!call || !context().isReportable(call->getBeginLoc())) return;
    // TODO: decide, then report:
    //   diag(call->getBeginLoc(), "what is wrong, and what to write instead");
  }
};

} // namespace

CheckFactory @FACTORY@() { return checkFactory<@CLASS@>(rule::@RULE@); }

} // namespace warpcheck
"""

LIT_BUGGY = """\
// RUN: %check_warpcheck %s @ID@
// TODO: the smallest kernels with the bug, one CHECK-MESSAGES line per
// finding (column, severity and message); this one fails until the check
// reports.

__global__ void buggy(int *out) {
  out[threadIdx.x] = 0; // TODO: the bug
// CHECK-MESSAGES: :[[@LINE-1]]:3: @SEVERITY@: TODO {{.*}} [@ID@]
}
"""

LIT_CLEAN = """\
// RUN: %check_warpcheck %s @ID@
// The near misses of @ID@: correct code that looks like the bug. No
// CHECK-MESSAGES line: the rule must report nothing here.

__global__ void clean(int *out) {
  out[threadIdx.x] = 0; // TODO: the fixed kernel of buggy.cu, and near misses
}
"""

GPU_BUG = """\
// @FILE@: TODO: the bug `warpcheck run` reports as @ID@, in a few lines
// (rules/@ID@.md). The fixed twin is @TWIN@.
//
// EXPECT: @ID@ bug
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void kernel(int *out) {
  out[threadIdx.x] = threadIdx.x; // @bug  TODO: the buggy access
}

int main() {
  int *out = nullptr;
  CHECK(cudaMalloc(&out, 32 * sizeof(int)));
  kernel<<<1, 32>>>(out);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  std::printf("done\\n");
  return 0;
}
"""

GPU_FIXED = """\
// @FILE@: @TWIN@ fixed. TODO: say what the fix is.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__global__ void kernel(int *out) {
  out[threadIdx.x] = threadIdx.x; // TODO: the fixed access
}

int main() {
  int *out = nullptr;
  CHECK(cudaMalloc(&out, 32 * sizeof(int)));
  kernel<<<1, 32>>>(out);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  std::printf("done\\n");
  return 0;
}
"""


BUILDER_STUB = """\
  // @ID@ (@KIND@): TODO: what the GPU's record holds and what the
  // finding tells the reader (rules/@ID@.md). The finding starts at the
  // rule's run severity; lower it here only for a lesser case the doc names.
  void @BUILDER@(Finding &f, RunEvidence &e, const RawRecord &r, std::array<unsigned, 3> /*t1*/,
  @INDENT@std::array<unsigned, 3> t2, const std::string &inKernel) {
    f.message = "TODO: what thread " + coordinates(t2) + " did" + inKernel;
    f.where = place(r.second);
    e.accesses = {access("TODO", r.second, t2, true)};
  }

"""

# Where add_rule.py puts a new kind's builder in runtime/host/RunFindings.cpp.
BUILDER_MARK = "  // scripts/add_rule.py --dynamic adds the builder of a new finding kind above this line.\n"


class Refused(Exception):
    pass


def fill(template, values):
    for key, value in values.items():
        template = template.replace("@" + key + "@", value)
    return template


def read(root, path):
    full = os.path.join(root, path)
    if not os.path.isfile(full):
        raise Refused(f"{full} is missing: is --root a warpcheck checkout?")
    with open(full, encoding="utf-8") as f:
        return f.read()


def register(all_checks, factory):
    """AllChecks.cpp with `factory` declared after the last declaration and
    listed after the last entry."""
    decls = list(re.finditer(r"^CheckFactory \w+\(\);\n", all_checks, re.M))
    entries = list(re.finditer(r"^      \w+\(\),\n", all_checks, re.M))
    if not decls or not entries or decls[-1].end() > entries[0].start():
        raise Refused("analyzer/checks/AllChecks.cpp does not have the expected shape "
                      "(declarations, then allChecks()'s list): register the check by hand")
    if re.search(r"\b" + factory + r"\(\)", all_checks):
        raise Refused(f"{factory} is already registered in analyzer/checks/AllChecks.cpp")
    at_entry, at_decl = entries[-1].end(), decls[-1].end()
    text = all_checks[:at_entry] + f"      {factory}(),\n" + all_checks[at_entry:]
    return text[:at_decl] + f"CheckFactory {factory}();\n" + text[at_decl:]


def add_finding_kind(patch_state, kinds, run_findings, values):
    """instrument/PatchState.h, runtime/host/FindingKinds.inc and
    runtime/host/RunFindings.cpp with a new finding kind: its enumerator (the
    next number), its table row and its builder stub."""
    enum = re.search(r"^enum FindingKind : uint32_t \{\n(.*?)^\};\n", patch_state, re.M | re.S)
    rows = list(re.finditer(r"^WARPCHECK_FINDING_KIND\((\w+), (\w+), (\w+)\)\n", kinds, re.M))
    if not enum or not rows or BUILDER_MARK not in run_findings:
        raise Refused("instrument/PatchState.h, runtime/host/FindingKinds.inc or runtime/host/RunFindings.cpp does not "
                      "have the expected shape (the FindingKind enum, the table's rows, the builders' mark): "
                      "add the finding kind by hand")
    kind, builder = values["KIND"], values["BUILDER"]
    if re.search(r"\b%s\b" % kind, enum.group(1)) or re.search(r"\b%s\(" % builder, run_findings):
        raise Refused(f"{kind} or {builder} exists already")
    number = max(int(n) for n in re.findall(r"=\s*(\d+)", enum.group(1))) + 1
    line = f"  {kind} = {number}, // {values['ID']}: TODO: the event the patch records (instrument/Patches.cu)\n"
    patch_state = patch_state[:enum.end(1)] + line + patch_state[enum.end(1):]
    row = f"WARPCHECK_FINDING_KIND({kind}, {values['RULE']}, {builder})\n"
    kinds = kinds[:rows[-1].end()] + row + kinds[rows[-1].end():]
    stub = fill(BUILDER_STUB, dict(values, INDENT=" " * len(f"void {builder}(")))
    run_findings = run_findings.replace(BUILDER_MARK, stub + BUILDER_MARK, 1)
    return patch_state, kinds, run_findings


def plan(root, name, dynamic, severity):
    """The files to write, {path: text}, and the steps left."""
    if os.path.exists(os.path.join(root, "rules", name + ".md")):
        raise Refused(f"rules/{name}.md exists already: the rule is there")
    words = name.split("-")
    camel = "".join(w.capitalize() for w in words)  # the rule's typed id, rule::<camel> (gen_catalog.py)
    values = {"ID": name, "SEVERITY": severity, "HALVES": "dynamic" if dynamic else "static", "RULE": camel}
    files = {f"rules/{name}.md": fill(read(root, "rules/TEMPLATE.md"), values)}
    if not dynamic:
        cls = camel + "Check"
        factory = words[0] + "".join(w.capitalize() for w in words[1:]) + "Check"
        values.update(CLASS=cls, FACTORY=factory)
        files[f"analyzer/checks/{cls}.cpp"] = fill(CHECK_SKELETON, values)
        files["analyzer/checks/AllChecks.cpp"] = register(read(root, "analyzer/checks/AllChecks.cpp"), factory)
        files[f"tests/lint/{name}/buggy.cu"] = fill(LIT_BUGGY, values)
        files[f"tests/lint/{name}/clean.cu"] = fill(LIT_CLEAN, values)
        steps = [f"rules/{name}.md: replace every TODO (the summary is what `warpcheck rules` shows)",
                 f"analyzer/checks/{cls}.cpp: write the matcher and the check",
                 f"tests/lint/{name}/: write the fixtures; buggy.cu fails until the check reports",
                 "build, then: lit -sv build/tests/lint --filter " + name]
    else:
        base = name.replace("-", "_")
        read(root, "tests/gpu/cuda_check.h")  # the GPU tests' directory is there
        values.update(KIND="k" + camel, BUILDER=words[0] + camel[len(words[0]):])
        edited = add_finding_kind(read(root, "instrument/PatchState.h"), read(root, "runtime/host/FindingKinds.inc"),
                                  read(root, "runtime/host/RunFindings.cpp"), values)
        for path, text in zip(EDITED_FOR_KINDS, edited):
            files[path] = text
        values.update(FILE=f"{base}_bug", TWIN=f"{base}_fixed.cu")
        files[f"tests/gpu/{base}_bug.cu"] = fill(GPU_BUG, values)
        values.update(FILE=f"{base}_fixed", TWIN=f"{base}_bug.cu")
        files[f"tests/gpu/{base}_fixed.cu"] = fill(GPU_FIXED, values)
        steps = [f"rules/{name}.md: replace every TODO (run-severity: when `run` reports at another severity)",
                 f"instrument/: record {values['KIND']} in the patch that sees the bug (instrument/Patches.cu)",
                 f"runtime/host/RunFindings.cpp: write {values['BUILDER']}(), the finding's message, places and evidence",
                 f"tests/gpu/{base}_bug.cu, {base}_fixed.cu: write the program pair; "
                 "the bug's EXPECT line fails until `warpcheck run` reports it (GPU only)",
                 "build, then: ctest --test-dir build -R 'rule-registry|RunFindings'"]
    for path in files:
        if path not in EDITED and os.path.exists(os.path.join(root, path)):
            raise Refused(f"{path} exists already")
    return files, steps


def main(argv=None):
    parser = argparse.ArgumentParser(description="Start a new warpcheck rule.")
    parser.add_argument("name", help="the rule id: lowercase words joined by '-'")
    half = parser.add_mutually_exclusive_group(required=True)
    half.add_argument("--static", action="store_true", help="reported by `warpcheck lint`")
    half.add_argument("--dynamic", action="store_true", help="reported by `warpcheck run`")
    parser.add_argument("--severity", choices=SEVERITIES, default="warning")
    parser.add_argument("--root", default=ROOT, help="the checkout to write into (default: this one)")
    args = parser.parse_args(argv)
    if not NAME.fullmatch(args.name):
        parser.error(f"rule id '{args.name}': expected lowercase words joined by '-' (e.g. warp-vote-divergent)")
    try:
        files, steps = plan(args.root, args.name, args.dynamic, args.severity)
    except Refused as e:
        print(f"add_rule: {e}", file=sys.stderr)
        return 2
    for path, text in files.items():
        full = os.path.join(args.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {path}")
    print("next:")
    for step in steps:
        print(f"  - {step}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
