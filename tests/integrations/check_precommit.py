#!/usr/bin/env python3
"""The pre-commit hook of .pre-commit-hooks.yaml, run by pre-commit itself:
the manifest validates, and `pre-commit try-repo` of this repository runs
`warpcheck lint` on the staged CUDA files of a project, failing on a
divergent barrier and passing once it is fixed; C++ files are not passed.
All staged files go to one warpcheck process (require_serial), counted by a
`warpcheck` on PATH that logs its calls and runs the real one. A staged
header is analysed through the .cu that includes it (its finding reported at
the header's line), and a header nothing includes is a note, not a failure.
The documented `rev:` is v + `warpcheck --version`, and `pre-commit run`
with that rev resolves it in a tagged clone of this repository.

    check_precommit.py BUILD_CLI_DIR

Needs pre-commit (scripts/install-deps.sh puts it in .deps/venv) and git.
Without them: exit 1 under CI (CI=true), else 77 (skipped, reason printed).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SKIP = 77

BUGGY = "__global__ void k(int n) {\n  if (threadIdx.x < n) __syncthreads();\n}\n"
FIXED = "__global__ void k(int n) {\n  __syncthreads();\n}\n"
# The barrier bug in a header that does not parse alone (Index comes from
# the .cu that includes it): lint must go through k2.cu.
HEADER = "__global__ void hk(Index n) {\n  if (threadIdx.x < n) __syncthreads();\n}\n"
INCLUDER = "typedef int Index;\n#include \"inc/h.cuh\"\n"
LONELY = "__global__ void lonely(Missing m) {\n  if (threadIdx.x < m.n) __syncthreads();\n}\n"


def missing(what):
    print(f"check_precommit: {what}")
    return 1 if os.environ.get("CI") == "true" else SKIP


def run(cmd, cwd, env, timeout=300):
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def main():
    cli_dir = os.path.abspath(sys.argv[1])
    precommit = os.path.join(ROOT, ".deps", "venv", "bin", "pre-commit")
    if not os.path.exists(precommit):
        precommit = shutil.which("pre-commit")
    if not precommit:
        return missing("pre-commit is not installed (run scripts/install-deps.sh)")
    if not shutil.which("git"):
        return missing("git is not installed")
    failures = []

    def check(cond, what, detail=""):
        print(("ok   " if cond else "FAIL ") + what)
        if not cond:
            print(detail)
            failures.append(what)

    manifest = os.path.join(ROOT, ".pre-commit-hooks.yaml")
    p = run([precommit, "validate-manifest", manifest], ROOT, os.environ)
    check(p.returncode == 0, "pre-commit validate-manifest accepts .pre-commit-hooks.yaml", p.stdout + p.stderr)
    with open(manifest) as f:
        hooks = f.read()
    check(re.search(r"^\s*require_serial:\s*true\s*$", hooks, re.M) is not None,
          "the hook is require_serial: one warpcheck for all files, which runs them in parallel itself", hooks)

    # The documented rev is the release tag of this version.
    real = os.path.join(cli_dir, "warpcheck")
    p = run([real, "--version"], ROOT, os.environ)
    m = re.fullmatch(r"warpcheck (\d+\.\d+\.\d+)\n", p.stdout)
    version = m.group(1) if m else None
    check(version is not None, "warpcheck --version prints the version", p.stdout + p.stderr)
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    revs = re.findall(r"^[#\s]*rev:\s+(\S+)", hooks, re.M) + re.findall(r"^\s*rev:\s+(\S+)", readme, re.M)
    check(len(revs) >= 2 and all(r == f"v{version}" for r in revs),
          f"the documented rev: (manifest comment and README) is v{version}", f"revs: {revs}")

    with tempfile.TemporaryDirectory(prefix="wc-precommit-") as tmp:
        # `warpcheck` on PATH: logs each call (one line of arguments) and runs the real one.
        bindir, calls = os.path.join(tmp, "bin"), os.path.join(tmp, "calls.log")
        os.mkdir(bindir)
        with open(os.path.join(bindir, "warpcheck"), "w") as f:
            f.write(f'#!/bin/sh\necho "$*" >> "{calls}"\nexec "{real}" "$@"\n')
        os.chmod(os.path.join(bindir, "warpcheck"), 0o755)

        def calls_made():
            if not os.path.exists(calls):
                return []
            with open(calls) as f:
                lines = f.read().splitlines()
            os.remove(calls)
            return lines

        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"],
                   PRE_COMMIT_HOME=os.path.join(tmp, "cache"), GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t",
                   GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t")
        project = os.path.join(tmp, "project")
        os.mkdir(project)
        run(["git", "init", "-q"], project, env)
        with open(os.path.join(project, "k.cu"), "w") as f:
            f.write(BUGGY)
        with open(os.path.join(project, "host.cpp"), "w") as f:
            f.write("int main() { return 0 }\n")  # not CUDA: the hook must not see it
        run(["git", "add", "."], project, env)
        # try-repo runs the hooks of a repository path (our working tree,
        # uncommitted changes included) on the project's staged files.
        try_repo = [precommit, "try-repo", ROOT, "warpcheck-lint", "--files", "k.cu", "host.cpp", "--verbose"]
        p = run(try_repo, project, env)
        out = p.stdout + p.stderr
        # Exit 1 (findings), not 2: host.cpp, which does not parse, was not
        # handed to warpcheck.
        check(p.returncode == 1 and "k.cu:2:" in out and "[barrier-divergent]" in out,
              "the hook fails on a divergent barrier with a gcc-style line, and skips C++ files", out)
        with open(os.path.join(project, "k.cu"), "w") as f:
            f.write(FIXED)
        run(["git", "add", "."], project, env)
        calls_made()
        p = run(try_repo, project, env)
        check(p.returncode == 0, "the hook passes once the barrier is fixed", p.stdout + p.stderr)

        # Several files: one warpcheck process for all of them (pre-commit
        # would otherwise start one per core, each with a share).
        many = [f"m{i}.cu" for i in range(6)]
        for name in many:
            with open(os.path.join(project, name), "w") as f:
                f.write(BUGGY)
        run(["git", "add", "."], project, env)
        calls_made()
        p = run([precommit, "try-repo", ROOT, "warpcheck-lint", "--files"] + many + ["--verbose"], project, env)
        out, made = p.stdout + p.stderr, calls_made()
        check(p.returncode == 1 and len(made) == 1 and all(n in made[0].split() for n in many)
              and all(f"{n}:2:" in out for n in many),
              "six staged files: warpcheck ran once, with all of them, and reported each",
              f"calls: {made}\n{out}")
        for name in many:
            os.remove(os.path.join(project, name))

        # A staged header: analysed through the .cu that includes it.
        os.mkdir(os.path.join(project, "inc"))
        with open(os.path.join(project, "inc", "h.cuh"), "w") as f:
            f.write(HEADER)
        with open(os.path.join(project, "k2.cu"), "w") as f:
            f.write(INCLUDER)
        with open(os.path.join(project, "lonely.cuh"), "w") as f:
            f.write(LONELY)
        run(["git", "add", "-A"], project, env)
        p = run([precommit, "try-repo", ROOT, "warpcheck-lint", "--files", "inc/h.cuh", "--verbose"], project, env)
        out = p.stdout + p.stderr
        # Parsed alone, the header would fail on Index: "unknown type name".
        check(p.returncode == 1 and "inc/h.cuh:2:" in out and "[barrier-divergent]" in out
              and "unknown type" not in out and "k2.cu:" not in out,
              "a staged header is linted through the .cu that includes it, its finding at its own line", out)
        p = run([precommit, "try-repo", ROOT, "warpcheck-lint", "--files", "lonely.cuh", "--verbose"], project, env)
        out = p.stdout + p.stderr
        check(p.returncode == 0 and "no .cu or .hip file includes" in out and "unknown type" not in out,
              "a header nothing includes gets a note, not a parse of it as a TU of its own", out)

        # A user's .pre-commit-config.yaml with the documented rev, against a
        # clone of this repository tagged as a release is (docs/releasing.md).
        clone = os.path.join(tmp, "release")
        p = run(["git", "clone", "-q", ROOT, clone], tmp, env)
        check(p.returncode == 0, "this repository clones", p.stdout + p.stderr)
        if p.returncode == 0 and version:
            shutil.copy(manifest, os.path.join(clone, ".pre-commit-hooks.yaml"))  # the working tree's
            run(["git", "commit", "-q", "-am", "manifest of the working tree"], clone, env)
            run(["git", "tag", f"v{version}"], clone, env)
            with open(os.path.join(project, ".pre-commit-config.yaml"), "w") as f:
                f.write(f"repos:\n  - repo: {clone}\n    rev: v{version}\n    hooks:\n      - id: warpcheck-lint\n")
            with open(os.path.join(project, "k.cu"), "w") as f:
                f.write(BUGGY)
            run(["git", "add", "-A"], project, env)
            p = run([precommit, "run", "--files", "k.cu"], project, env)
            out = p.stdout + p.stderr
            check(p.returncode == 1 and "k.cu:2:" in out and "[barrier-divergent]" in out,
                  f"pre-commit run resolves rev: v{version} in a tagged clone and runs the hook", out)

    print(f"{len(failures)} check(s) failed" if failures else "pre-commit hook checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
