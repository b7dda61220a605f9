#!/usr/bin/env python3
"""Configuring next to another Clang's broken CMake config (issue 21).

    check_configure_other_clang.py SOURCE_DIR

Ubuntu 24.04's clang-16 runtime packages install ClangConfig.cmake without
the libraries it names: loading it aborts the configuration. This makes a
prefix holding such a config (version 16, FATAL_ERROR when loaded), points
CMake at it and nowhere else, and expects the configuration to succeed with
the analyzer switched off and the reason printed. Exit 0 when it does.
"""
import os
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    source = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        fake = os.path.join(tmp, "prefix", "lib", "cmake", "clang")
        os.makedirs(fake)
        with open(os.path.join(fake, "ClangConfigVersion.cmake"), "w") as f:
            f.write('set(PACKAGE_VERSION "16.0.6")\nset(PACKAGE_VERSION_COMPATIBLE 1)\n')
        with open(os.path.join(fake, "ClangConfig.cmake"), "w") as f:
            f.write('message(FATAL_ERROR "loaded the broken clang-16 config")\n')
        build = os.path.join(tmp, "build")
        r = subprocess.run(["cmake", "-S", source, "-B", build, "-DWARPCHECK_BUILD_RUNTIME=OFF",
                            "-DWARPCHECK_BUILD_TESTS=OFF", "-DWARPCHECK_CLANG_CONFIG_DIRS=" + fake,
                            "-DCMAKE_PREFIX_PATH=" + os.path.join(tmp, "prefix")],
                           capture_output=True, text=True, timeout=300)
        out = r.stdout + r.stderr
        flat = " ".join(out.split())  # CMake wraps its warnings
        ok = r.returncode == 0 and "building without `warpcheck lint`" in flat and "broken clang-16" not in out
        print(("ok   " if ok else "FAIL ") + "configure skips another Clang's config and builds without lint")
        if not ok:
            print(out[-3000:])
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
