"""What the GPU scripts need to know about the machine: is there a GPU, its
arch, where nvcc and compute-sanitizer are. Shared by the GPU tests
(run_gpu_tests.py), the GPU half of bench/score and bench/run_vs_racecheck.py.
"""
import os
import re
import shutil
import subprocess


def _output(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None, ""
    return p.returncode, p.stdout


def gpu_present():
    """(True, description) when nvidia-smi lists a GPU, else (False, why)."""
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False, "nvidia-smi is not installed"
    code, out = _output([smi, "-L"])
    gpus = [l for l in out.splitlines() if l.startswith("GPU ")]
    if code != 0 or not gpus:
        return False, "nvidia-smi found none"
    return True, gpus[0]


def default_arch():
    """sm_XY of the first GPU, from nvidia-smi's compute capability, or None."""
    smi = shutil.which("nvidia-smi")
    if not smi:
        return None
    _, out = _output([smi, "--query-gpu=compute_cap", "--format=csv,noheader"])
    for line in out.splitlines():
        m = re.match(r"^\s*(\d+)\.(\d+)\s*$", line)
        if m:
            return "sm_%s%s" % (m.group(1), m.group(2))
    return None


def first_executable(cands):
    for c in cands:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


def find_nvcc(given=None):
    if given:
        return shutil.which(given) or first_executable([given])
    home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
    return first_executable([shutil.which("nvcc"), home and os.path.join(home, "bin", "nvcc"),
                             "/usr/local/cuda/bin/nvcc"])


def find_sanitizer(given=None, nvcc=None):
    """compute-sanitizer: given, on PATH, or beside the toolkit."""
    if given:
        return shutil.which(given) or first_executable([given])
    home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
    toolkit = os.path.dirname(os.path.dirname(os.path.realpath(nvcc))) if nvcc else None
    return first_executable([
        shutil.which("compute-sanitizer"),
        "/usr/local/cuda/compute-sanitizer/compute-sanitizer",
        home and os.path.join(home, "bin", "compute-sanitizer"),
        home and os.path.join(home, "compute-sanitizer", "compute-sanitizer"),
        toolkit and os.path.join(toolkit, "compute-sanitizer", "compute-sanitizer"),
        toolkit and os.path.join(toolkit, "bin", "compute-sanitizer"),
    ])
