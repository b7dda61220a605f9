# Debian packages by CPack (`cpack -G DEB` in the build directory), one per
# build configuration:
# - warpcheck: lint and run (a build with the analyzer). Depends on the
#   Debian LLVM 22 runtime libraries and, as clang-tidy-22 does, on
#   libclang-common-22-dev for Clang's resource headers (the CUDA wrapper
#   headers every device pass includes); no other -dev package.
# - warpcheck-run: run only (-DWARPCHECK_BUILD_ANALYZER=OFF): no LLVM at all.
#   It needs the CUDA driver and compute-sanitizer's libsanitizer-public.so
#   at run time, found by `warpcheck run` (not packages of this
#   distribution: not declared).
# ctest integration-packages builds them and checks what they declare.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "warpcheck")
set(CPACK_PACKAGE_CONTACT "warpcheck developers <warpcheck@localhost>")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "warpcheck developers <warpcheck@localhost>")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(_deps "libc6 (>= 2.34), libstdc++6 (>= 11), libgcc-s1 (>= 3.0)")
if(WARPCHECK_BUILD_ANALYZER)
  set(CPACK_PACKAGE_NAME warpcheck)
  set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "correctness checker for CUDA kernels: lint (Clang 22) and run (GPU)")
  string(APPEND _deps ", libclang-cpp22 (>= 1:${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}), "
         "libllvm22 (>= 1:${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}), "
         "libclang-common-22-dev (>= 1:${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR})")
  set(CPACK_DEBIAN_PACKAGE_CONFLICTS warpcheck-run)
else()
  set(CPACK_PACKAGE_NAME warpcheck-run)
  set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "correctness checker for CUDA kernels: run (GPU), without lint")
  set(CPACK_DEBIAN_PACKAGE_CONFLICTS warpcheck)
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${_deps}")
set(CPACK_PACKAGE_DESCRIPTION "warpcheck finds what ordinary tools miss in CUDA kernels: divergent barriers, \
warp mask errors, host/device signature mismatches, shared- and global-memory races, missing fences.")
include(CPack)
