#!/usr/bin/env python3
"""`cmake --install` gives a relocatable warpcheck (issue 21).

    check_install.py BUILD_DIR SOURCE_DIR HAVE_LINT HAVE_RUN

Installs BUILD_DIR into a temporary prefix, moves the prefix elsewhere (so
nothing can lean on the install path or the build tree), and runs the
installed binary from another directory:
  - the layout: bin/warpcheck, lib/warpcheck/{libwarpcheck-runtime.so,
    warpcheck-patches.fatbin}, share/warpcheck/rules/*.md,
    share/warpcheck/cmake/WarpcheckLint.cmake;
  - --version, rules, explain;
  - lint of a bundled example with a known finding (with the analyzer);
  - run: the installed runtime and patches are found (no GPU here: the
    command stops at the missing driver, after locating them); a copy of
    the binary without its lib/ says the runtime is missing -- the check
    can fail;
  - the CMake module finds the installed binary from its own place, and
    where there is none it warns instead of failing the configuration.
Exit 0 when all hold, 1 otherwise.
"""
import os
import shutil
import subprocess
import sys
import tempfile


def run(cmd, cwd, env=None):
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    build, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    have_lint, have_run = sys.argv[3] == "1", sys.argv[4] == "1"
    failures = []

    def expect(ok, what, detail=""):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)
            if detail:
                print("     " + detail.strip().replace("\n", "\n     ")[:2000])

    with tempfile.TemporaryDirectory() as tmp:
        first = os.path.join(tmp, "first")
        r = run(["cmake", "--install", build, "--prefix", first], cwd=tmp)
        expect(r.returncode == 0, "cmake --install succeeds", r.stdout + r.stderr)
        if r.returncode != 0:
            return 1
        prefix = os.path.join(tmp, "moved", "prefix")
        os.makedirs(os.path.dirname(prefix))
        shutil.move(first, prefix)
        elsewhere = os.path.join(tmp, "elsewhere")
        os.makedirs(elsewhere)
        # Nothing from the build on PATH: the module must find bin/ itself.
        env = dict(os.environ, PATH="/usr/bin:/bin")
        for k in ("WARPCHECK_RUNTIME_LIB", "WARPCHECK_PATCHES"):
            env.pop(k, None)

        exe = os.path.join(prefix, "bin", "warpcheck")
        wanted = ["bin/warpcheck", "share/warpcheck/cmake/WarpcheckLint.cmake",
                  "share/warpcheck/rules/barrier-divergent.md"]
        if have_run:
            wanted += ["lib/warpcheck/libwarpcheck-runtime.so", "lib/warpcheck/warpcheck-patches.fatbin",
                       "lib/warpcheck/warpcheck-patches-floor.fatbin"]
        for w in wanted:
            expect(os.path.isfile(os.path.join(prefix, w)), "installed: " + w)

        r = run([exe, "--version"], elsewhere, env)
        expect(r.returncode == 0 and r.stdout.startswith("warpcheck "), "--version", r.stdout + r.stderr)
        r = run([exe, "rules"], elsewhere, env)
        expect(r.returncode == 0 and "barrier-divergent" in r.stdout, "rules", r.stdout + r.stderr)
        r = run([exe, "explain", "barrier-divergent"], elsewhere, env)
        expect(r.returncode == 0 and "__syncthreads" in r.stdout, "explain barrier-divergent", r.stdout + r.stderr)

        if have_lint:
            example = os.path.join(elsewhere, "k.cu")
            shutil.copy(os.path.join(source, "examples", "block_reduce_divergent_barrier.cu"), example)
            r = run([exe, "lint", "k.cu"], elsewhere, env)
            expect(r.returncode == 1 and "[barrier-divergent]" in r.stdout,
                   "lint finds the example's barrier-divergent", r.stdout + r.stderr)

        if have_run:
            r = run([exe, "run", "--", "/bin/true"], elsewhere, env)
            out = r.stdout + r.stderr
            located = "is missing" not in out and "looked for" not in out
            expect(located, "run finds the installed runtime library and patches", out)
            alone = os.path.join(elsewhere, "bin", "warpcheck")
            os.makedirs(os.path.dirname(alone))
            shutil.copy(exe, alone)
            r = run([alone, "run", "--", "/bin/true"], elsewhere, env)
            expect(r.returncode != 0 and "runtime library is missing" in r.stdout + r.stderr,
                   "a binary copied without lib/warpcheck says the runtime is missing", r.stdout + r.stderr)

        script = os.path.join(elsewhere, "find.cmake")
        with open(script, "w") as f:
            f.write("include(%s)\nmessage(STATUS \"exe=${WARPCHECK_EXECUTABLE}\")\n" %
                    os.path.join(prefix, "share", "warpcheck", "cmake", "WarpcheckLint.cmake"))
        r = run(["cmake", "-P", script], elsewhere, env)
        found = "exe=" + os.path.realpath(exe)
        got = (r.stdout + r.stderr).replace(prefix, os.path.realpath(prefix))
        expect(r.returncode == 0 and found in got, "the installed CMake module finds the installed binary",
               r.stdout + r.stderr)

        # The module where no warpcheck is to be found: a warning, and the
        # configuration goes on.
        lonely = os.path.join(elsewhere, "lonely")
        os.makedirs(lonely)
        shutil.copy(os.path.join(source, "integrations", "cmake", "WarpcheckLint.cmake"), lonely)
        with open(script, "w") as f:
            f.write("include(%s)\nwarpcheck_lint(TARGET kernels)\nmessage(STATUS \"configuration goes on\")\n" %
                    os.path.join(lonely, "WarpcheckLint.cmake"))
        r = run(["cmake", "-P", script], lonely, env)
        out = r.stdout + r.stderr
        expect(r.returncode == 0 and "warpcheck not found" in out and "configuration goes on" in out,
               "the CMake module without warpcheck warns and goes on", out)

    print("%d check(s) failed" % len(failures) if failures else "install: all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
