#!/usr/bin/env python3
"""The Debian packages CPack builds install and work from a clean prefix (issue 21).

    check_packages.py BUILD_DIR SOURCE_DIR

Builds the package of BUILD_DIR (`warpcheck`, lint and run, when it has the
analyzer) and, from a second run-only build configured here
(-DWARPCHECK_BUILD_ANALYZER=OFF), `warpcheck-run`. For each:
  - every shared library its ELF files need is owned by a package its
    Depends names (libcuda and compute-sanitizer's libsanitizer-public.so
    excepted: `warpcheck run` finds them at run time); no -dev package but
    libclang-common-22-dev (Clang's resource headers, as clang-tidy-22);
    warpcheck-run names no LLVM or Clang package and needs no LLVM library;
  - apt resolves its Depends (a simulated install);
  - unpacked into an empty prefix, its warpcheck runs from another
    directory: explain; lint of examples/ finds the examples' bugs (lint
    package); run finds its runtime library and patches, and the lint
    command of the run package says lint is not built;
  - the run half's wheel (scripts/build_wheel.py) installs with pip into a
    fresh virtual environment and its console script runs.
Exit 0 when all hold, 1 otherwise, 77 (skipped) without dpkg-deb or cpack.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

RUNTIME_FOUND = ("libcuda.so.1", "libsanitizer-public.so")
failures = []


def run(cmd, cwd=None, timeout=1800):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def expect(ok, what, detail=""):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
        if detail:
            print("     " + detail.strip().replace("\n", "\n     ")[-3000:])


def owner(lib):
    """The package owning the file `lib` resolves to on this system, or None."""
    r = run(["ldconfig", "-p"])
    for line in r.stdout.splitlines():
        m = re.match(r"\s*(\S+) \(.*x86-64.*\) => (\S+)", line)
        if m and m.group(1) == lib:
            # dpkg knows a file by the path its package shipped, which under
            # merged /usr may be the /lib one or the /usr/lib one.
            real = os.path.realpath(m.group(2))
            for path in (m.group(2), real, re.sub(r"^/usr/", "/", real)):
                r2 = run(["dpkg", "-S", path])
                if r2.returncode == 0:
                    return r2.stdout.split(":")[0]
    return None


def elf_files(root):
    for dirpath, _, files in os.walk(root):
        for f in files:
            p = os.path.join(dirpath, f)
            with open(p, "rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    yield p


def check_package(deb, lint, source, tmp):
    name = "warpcheck" if lint else "warpcheck-run"
    depends = run(["dpkg-deb", "-f", deb, "Depends"]).stdout.strip()
    names = {d.strip().split()[0] for d in depends.split(",") if d.strip()}
    prefix = os.path.join(tmp, name + "-root")
    r = run(["dpkg-deb", "-x", deb, prefix])
    expect(r.returncode == 0, name + ": unpacks", r.stderr)
    for f in elf_files(prefix):
        needed = re.findall(r"\(NEEDED\).*\[(.+)\]", run(["readelf", "-d", f]).stdout)
        for lib in needed:
            if lib in RUNTIME_FOUND:
                continue
            pkg = owner(lib)
            expect(pkg is not None and pkg in names,
                   "%s: %s needs %s, from %s, which Depends names" % (name, os.path.basename(f), lib, pkg), depends)
            if not lint:
                expect("LLVM" not in lib and "clang" not in lib,
                       "%s: %s needs no LLVM (%s)" % (name, os.path.basename(f), lib))
    dev = sorted(n for n in names if n.endswith("-dev") and n != "libclang-common-22-dev")
    expect(not dev, name + ": Depends names no -dev package but libclang-common-22-dev", depends)
    if not lint:
        expect(not any("llvm" in n or "clang" in n for n in names), name + ": Depends names no LLVM", depends)
    if shutil.which("apt-get"):
        r = run(["apt-get", "install", "-s", "-q", os.path.abspath(deb)])
        expect(r.returncode == 0, name + ": apt resolves its Depends (simulated install)", r.stdout + r.stderr)

    exe = os.path.join(prefix, "usr", "bin", "warpcheck")
    elsewhere = os.path.join(tmp, name + "-cwd")
    os.makedirs(elsewhere)
    r = run([exe, "explain", "barrier-divergent"], cwd=elsewhere)
    expect(r.returncode == 0 and "__syncthreads" in r.stdout, name + ": explain from the unpacked copy", r.stderr)
    if lint:
        examples = os.path.join(elsewhere, "examples")
        shutil.copytree(os.path.join(source, "examples"), examples)
        r = run([exe, "lint", "examples"], cwd=elsewhere)
        expect(r.returncode == 1 and "[barrier-divergent]" in r.stdout,
               name + ": lint examples/ from the unpacked copy finds their bugs", r.stdout[-2000:] + r.stderr)
    else:
        r = run([exe, "lint", "x.cu"], cwd=elsewhere)
        expect(r.returncode == 2 and "built without the analyzer" in r.stderr, name + ": lint says it is not built here",
               r.stderr)
    r = run([exe, "run", "--", "/bin/true"], cwd=elsewhere)
    out = r.stdout + r.stderr
    expect("is missing" not in out and "looked for" not in out, name + ": run finds its runtime and patches", out)


def check_wheel(run_build, source, tmp):
    """scripts/build_wheel.py from the run-only build, installed with pip
    into a fresh virtual environment and run through its console script."""
    root = os.path.join(tmp, "wheel-root")
    r = run(["cmake", "--install", run_build, "--prefix", root])
    r = r if r.returncode else run([sys.executable, os.path.join(source, "scripts", "build_wheel.py"), root,
                                    os.path.join(tmp, "dist")])
    wheel = r.stdout.strip().splitlines()[-1] if r.returncode == 0 and r.stdout.strip() else ""
    expect(wheel.endswith(".whl") and os.path.isfile(wheel), "the run half's wheel builds", r.stdout + r.stderr)
    if not wheel:
        return
    venv = os.path.join(tmp, "venv")
    r = run([sys.executable, "-m", "venv", venv])
    if r.returncode == 0:
        r = run([os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q", "--no-index", wheel])
    expect(r.returncode == 0, "pip installs the wheel into a fresh virtual environment", r.stdout + r.stderr)
    if r.returncode:
        return
    exe = os.path.join(venv, "bin", "warpcheck")
    elsewhere = os.path.join(tmp, "wheel-cwd")
    os.makedirs(elsewhere)
    r = run([exe, "explain", "race-global"], cwd=elsewhere)
    expect(r.returncode == 0 and "race-global" in r.stdout, "wheel: explain through the console script", r.stderr)
    r = run([exe, "run", "--", "/bin/true"], cwd=elsewhere)
    out = r.stdout + r.stderr
    expect("is missing" not in out and "looked for" not in out, "wheel: run finds its runtime and patches", out)
    r = run([os.path.join(venv, "bin", "python"), "-m", "warpcheck", "--version"], cwd=elsewhere)
    expect(r.returncode == 0 and r.stdout.startswith("warpcheck "), "wheel: python -m warpcheck", r.stderr)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    if not shutil.which("dpkg-deb") or not shutil.which("cpack"):
        print("skipped: dpkg-deb or cpack missing")
        return 77
    build, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    cache = open(os.path.join(build, "CMakeCache.txt")).read()
    lint = bool(re.search(r"^WARPCHECK_BUILD_ANALYZER:BOOL=ON", cache, re.M)) and os.path.isdir(
        os.path.join(build, "analyzer"))
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "packages")
        r = run(["cpack", "-G", "DEB", "--config", os.path.join(build, "CPackConfig.cmake"), "-B", out], cwd=build)
        debs = glob.glob(os.path.join(out, "*.deb"))
        expect(r.returncode == 0 and len(debs) == 1, "cpack builds the package of the build", r.stdout + r.stderr)
        if debs:
            check_package(debs[0], lint, source, tmp)
        if lint:
            # The run-only package, from a build without the analyzer.
            rb = os.path.join(tmp, "run-build")
            archs = re.search(r"^WARPCHECK_PATCH_ARCHS:STRING=(.*)$", cache, re.M)
            r = run(["cmake", "-S", source, "-B", rb, "-DCMAKE_BUILD_TYPE=Release", "-DWARPCHECK_BUILD_ANALYZER=OFF",
                     "-DWARPCHECK_BUILD_TESTS=OFF", "-DWARPCHECK_PATCH_ARCHS=" + (archs.group(1) if archs and
                                                                                 archs.group(1) else "90")])
            if r.returncode == 0:
                r = run(["cmake", "--build", rb, "-j", str(os.cpu_count() or 2)])
            expect(r.returncode == 0, "a run-only build (-DWARPCHECK_BUILD_ANALYZER=OFF)", r.stdout[-3000:] + r.stderr)
            if r.returncode == 0:
                out2 = os.path.join(tmp, "packages-run")
                r = run(["cpack", "-G", "DEB", "--config", os.path.join(rb, "CPackConfig.cmake"), "-B", out2], cwd=rb)
                debs = glob.glob(os.path.join(out2, "*.deb"))
                expect(r.returncode == 0 and len(debs) == 1 and "warpcheck-run_" in debs[0],
                       "cpack builds warpcheck-run", r.stdout + r.stderr)
                if debs:
                    check_package(debs[0], False, source, tmp)
                check_wheel(rb, source, tmp)
    print("%d check(s) failed" % len(failures) if failures else "packages: all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
