# Finds what the GPU runtime half needs: nvcc (for the patches), cuda.h, and
# the Compute Sanitizer API (headers + libsanitizer-public.so). The API comes
# with compute-sanitizer on GPU machines and from the PyPI wheel that
# scripts/install-deps.sh puts in .deps/ elsewhere. Turns the runtime off
# with a printed reason when something is missing.
set(WARPCHECK_LIB_DIR ${CMAKE_BINARY_DIR}/lib)

find_program(WARPCHECK_NVCC nvcc PATHS $ENV{CUDA_HOME}/bin /usr/local/cuda/bin)
find_path(WARPCHECK_CUDA_INCLUDE cuda.h PATHS $ENV{CUDA_HOME}/include /usr/local/cuda/include)

find_program(_compute_sanitizer compute-sanitizer
  PATHS $ENV{CUDA_HOME}/compute-sanitizer /usr/local/cuda/compute-sanitizer $ENV{CUDA_HOME}/bin /usr/local/cuda/bin)
set(_san_hints)
if(_compute_sanitizer)
  get_filename_component(_csdir "${_compute_sanitizer}" REALPATH)
  get_filename_component(_csdir "${_csdir}" DIRECTORY)
  list(APPEND _san_hints ${_csdir})
endif()
list(APPEND _san_hints ${PROJECT_SOURCE_DIR}/.deps/cuda-sanitizer-api/nvidia/cu13
  /usr/local/cuda/compute-sanitizer)
find_path(WARPCHECK_SANITIZER_INCLUDE sanitizer.h PATHS ${_san_hints} PATH_SUFFIXES include NO_DEFAULT_PATH)
find_library(WARPCHECK_SANITIZER_LIBRARY sanitizer-public PATHS ${_san_hints} PATH_SUFFIXES lib . NO_DEFAULT_PATH)

set(_missing)
foreach(_v WARPCHECK_NVCC WARPCHECK_CUDA_INCLUDE WARPCHECK_SANITIZER_INCLUDE WARPCHECK_SANITIZER_LIBRARY)
  if(NOT ${_v})
    list(APPEND _missing ${_v})
  endif()
endforeach()
if(_missing)
  message(WARNING "warpcheck: building without `warpcheck run`: not found: ${_missing} "
                  "(run scripts/install-deps.sh, or set them with -D)")
  set(WARPCHECK_BUILD_RUNTIME OFF)
else()
  get_filename_component(WARPCHECK_SANITIZER_LIBDIR "${WARPCHECK_SANITIZER_LIBRARY}" DIRECTORY)
  message(STATUS "warpcheck: runtime uses the Compute Sanitizer API in ${WARPCHECK_SANITIZER_INCLUDE}")
endif()
