#!/usr/bin/env python3
"""The pre-commit hook of .pre-commit-hooks.yaml, run by pre-commit itself:
the manifest validates, and `pre-commit try-repo` of this repository runs
`warpcheck lint` on the staged CUDA files of a project, failing on a
divergent barrier and passing once it is fixed; C++ files are not passed.

    check_precommit.py BUILD_CLI_DIR

Needs pre-commit (scripts/install-deps.sh puts it in .deps/venv) and git.
Without them: exit 1 under CI (CI=true), else 77 (skipped, reason printed).
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SKIP = 77

BUGGY = "__global__ void k(int n) {\n  if (threadIdx.x < n) __syncthreads();\n}\n"
FIXED = "__global__ void k(int n) {\n  __syncthreads();\n}\n"


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

    p = run([precommit, "validate-manifest", os.path.join(ROOT, ".pre-commit-hooks.yaml")], ROOT, os.environ)
    check(p.returncode == 0, "pre-commit validate-manifest accepts .pre-commit-hooks.yaml", p.stdout + p.stderr)

    with tempfile.TemporaryDirectory(prefix="wc-precommit-") as tmp:
        env = dict(os.environ, PATH=cli_dir + os.pathsep + os.environ["PATH"],
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
        p = run(try_repo, project, env)
        check(p.returncode == 0, "the hook passes once the barrier is fixed", p.stdout + p.stderr)

    print(f"{len(failures)} check(s) failed" if failures else "pre-commit hook checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
