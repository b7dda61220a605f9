# lit configuration for warpcheck's lint fixtures.
#
# A fixture is a .cu file with RUN lines, e.g.
#   // RUN: %check_warpcheck %s barrier-divergent
# which runs `warpcheck lint --enable=<rule>` on the file and checks that
# every `// CHECK-MESSAGES:` line is matched and that no finding of the rule
# is left unmatched (like clang-tidy's check_clang_tidy.py).
import os
import lit.formats

config.name = "warpcheck-lint"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".cuh", ".hip", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in", "check_warpcheck.py"]

check = os.path.join(config.test_source_root, "check_warpcheck.py")
config.substitutions.append(
    ("%check_warpcheck", f"{config.python} {check} --warpcheck {config.warpcheck} --filecheck {config.filecheck}"))
config.substitutions.append(("%warpcheck", config.warpcheck))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
for var in ("CUDA_PATH", "CUDA_HOME", "HIP_PATH", "ROCM_PATH", "PATH", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

# Frontend tests: %python runs their report checkers; the CMake project test
# configures a real CUDA project and needs cmake and nvcc.
import shutil
config.substitutions.append(("%python", config.python))
if shutil.which("cmake"):
    config.available_features.add("cmake")
_nvcc = shutil.which("nvcc") or next(
    (p for p in [os.path.join(os.environ.get(v, ""), "bin", "nvcc") for v in ("CUDA_PATH", "CUDA_HOME")]
     + ["/usr/local/cuda/bin/nvcc"] if os.path.isfile(p)), None)
if _nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", _nvcc))

# HIP fixtures (REQUIRES: hip) need HIP's headers where lint looks for them
# (analyzer/frontend/Toolkit.cpp): scripts/install-deps.sh installs Debian's
# libamdhip64-dev.
_hip_roots = [os.environ.get(v, "") for v in ("HIP_PATH", "ROCM_PATH")] + ["/opt/rocm", "/usr"]
if any(r and os.path.isfile(os.path.join(r, "include", "hip", "hip_runtime.h")) for r in _hip_roots):
    config.available_features.add("hip")

# --export-fixes is checked by applying its YAML with clang-apply-replacements
# when LLVM 22's is installed (clang-tools-22).
_car = "/usr/lib/llvm-22/bin/clang-apply-replacements"
if os.path.isfile(_car):
    config.available_features.add("clang-apply-replacements")
    config.substitutions.append(("%clang_apply_replacements", _car))
