"""What the report test scripts share about their dependencies: a missing one
skips the test (ctest's exit 77, with the reason printed) except under CI
(CI=true), where it fails; and jsonschema, which scripts/install-deps.sh puts
into .deps/venv, found whichever python3 ctest started."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SKIP = 77


def skip_or_fail(why):
    if os.environ.get("CI"):
        sys.exit("error: " + why)
    print("SKIPPED: " + why)
    sys.exit(SKIP)


def import_jsonschema():
    try:
        import jsonschema
        return jsonschema
    except ImportError:
        pass
    # The interpreter CMake found may lack it: run the script again with the
    # venv's (its python3 links to the system one, so compare prefixes, not paths).
    venv_dir = os.path.join(ROOT, ".deps", "venv")
    venv = os.path.join(venv_dir, "bin", "python3")
    if os.path.exists(venv) and os.path.realpath(sys.prefix) != os.path.realpath(venv_dir) \
            and not os.environ.get("WARPCHECK_JSONSCHEMA_REEXEC"):
        os.environ["WARPCHECK_JSONSCHEMA_REEXEC"] = "1"
        os.execv(venv, [venv] + sys.argv)
    skip_or_fail(f"the Python package 'jsonschema' is not installed for {sys.executable} "
                 f"(run scripts/install-deps.sh, or pip install jsonschema)")
