#!/usr/bin/env python3
"""Builds the Python wheel of warpcheck's run half (`pip install warpcheck`).

    scripts/build_wheel.py PREFIX OUTDIR

PREFIX is an installed run-only build:

    cmake -S . -B build-run -DWARPCHECK_BUILD_ANALYZER=OFF && cmake --build build-run -j
    cmake --install build-run --prefix /tmp/wc-run
    scripts/build_wheel.py /tmp/wc-run dist/

The wheel holds that tree under warpcheck/_bin/ (bin/warpcheck finds its
runtime library and patches in ../lib/warpcheck as installed) and a
`warpcheck` console script that runs it. Most people who run CUDA
programs run them from Python: `pip install warpcheck-*.whl`, then
`warpcheck run -- python train.py`. The binary needs glibc and libstdc++
of the build machine's age or newer, the CUDA driver and compute-sanitizer
(as `warpcheck run` says); the tag is the plain linux_x86_64, not manylinux.
Exit 0 and the wheel's path on stdout; 2 on bad arguments.
"""
import base64
import hashlib
import os
import re
import stat
import sys
import zipfile

PACKAGE = "warpcheck"

LAUNCHER = '''"""warpcheck's run half, as a Python package: `warpcheck` runs the bundled binary."""
import os
import sys


def binary():
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", "bin", "warpcheck")


def main():
    exe = binary()
    os.execv(exe, [exe] + sys.argv[1:])
'''

MAIN = '''from warpcheck import main

main()
'''


def version_of(prefix):
    exe = os.path.join(prefix, "bin", "warpcheck")
    out = os.popen("'%s' --version" % exe).read().strip()
    m = re.match(r"warpcheck (\S+)", out)
    if not m:
        raise SystemExit("build_wheel.py: error: %s --version printed %r" % (exe, out))
    return m.group(1)


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    prefix, outdir = os.path.abspath(sys.argv[1]), sys.argv[2]
    needed = ["bin/warpcheck", "lib/warpcheck/libwarpcheck-runtime.so", "lib/warpcheck/warpcheck-patches.fatbin"]
    for n in needed:
        if not os.path.isfile(os.path.join(prefix, n)):
            print("build_wheel.py: error: %s lacks %s (install a build with the run half)" % (prefix, n),
                  file=sys.stderr)
            return 2
    version = version_of(prefix)
    tag = "py3-none-linux_x86_64"
    dist = "%s-%s.dist-info" % (PACKAGE, version)
    os.makedirs(outdir, exist_ok=True)
    path = os.path.join(outdir, "%s-%s-%s.whl" % (PACKAGE, version, tag))
    records = []
    tmp = path + ".part"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        def add(name, data, mode=0o644):
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (stat.S_IFREG | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
            records.append(record_line(name, data))

        add(PACKAGE + "/__init__.py", LAUNCHER.encode())
        add(PACKAGE + "/__main__.py", MAIN.encode())
        for n in needed:
            with open(os.path.join(prefix, n), "rb") as f:
                add("%s/_bin/%s" % (PACKAGE, n), f.read(), 0o755 if n.startswith("bin/") else 0o644)
        add(dist + "/METADATA", ("Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
                                 "Summary: warpcheck run: finds races, missing fences and synchronisation errors "
                                 "of CUDA kernels on the GPU\nRequires-Python: >=3.8\n" % (PACKAGE, version)).encode())
        add(dist + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: warpcheck build_wheel.py\nRoot-Is-Purelib: false\n"
                              "Tag: %s\n" % tag).encode())
        add(dist + "/entry_points.txt", b"[console_scripts]\nwarpcheck = warpcheck:main\n")
        record = "\n".join(records + [dist + "/RECORD,,"]) + "\n"
        info = zipfile.ZipInfo(dist + "/RECORD", date_time=(2026, 1, 1, 0, 0, 0))
        info.external_attr = (stat.S_IFREG | 0o644) << 16
        z.writestr(info, record)
    os.replace(tmp, path)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
