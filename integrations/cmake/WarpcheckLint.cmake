# warpcheck_lint(): lint a target's CUDA sources with `warpcheck lint`, using
# the compile commands CMake exports for them.
#
#   list(APPEND CMAKE_MODULE_PATH /path/to/warpcheck/integrations/cmake)
#   include(WarpcheckLint)
#   warpcheck_lint(TARGET kernels
#                  [FORMAT text|json|gcc|github|sarif|...]   # default text
#                  [OUTPUT report.sarif]                     # default: the console
#                  [BASELINE warpcheck-baseline.json]
#                  [SUPPRESSIONS warpcheck.supp ...]
#                  [CONFIG .warpcheck.yaml]
#                  [FAIL_ON error|warning|note]
#                  [ARGS --cuda-arch sm_90 ... [-- -DX ...]] # more `warpcheck lint` options [, compiler args]
#                  [ALL])                                    # run on every build
#
# adds a target `warpcheck-lint-<target>`, and makes the aggregate target
# `warpcheck-lint` depend on it. The project must set
# CMAKE_EXPORT_COMPILE_COMMANDS ON (the function says so if it does not);
# the warpcheck executable is found on PATH or taken from WARPCHECK_EXECUTABLE.
include_guard(GLOBAL)

# Installed, the module lies in PREFIX/share/warpcheck/cmake: PREFIX/bin first.
find_program(WARPCHECK_EXECUTABLE warpcheck HINTS ${CMAKE_CURRENT_LIST_DIR}/../../../bin DOC "the warpcheck command")

function(warpcheck_lint)
  cmake_parse_arguments(PARSE_ARGV 0 WC "ALL" "TARGET;FORMAT;OUTPUT;BASELINE;CONFIG;FAIL_ON" "SUPPRESSIONS;ARGS")
  # A machine without warpcheck still builds the project: no lint target.
  if(NOT WARPCHECK_EXECUTABLE)
    message(WARNING "warpcheck_lint: warpcheck not found (put it on PATH or set WARPCHECK_EXECUTABLE); "
                    "no lint target for '${WC_TARGET}'")
    return()
  endif()
  if(WC_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "warpcheck_lint: unknown arguments: ${WC_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT WC_TARGET OR NOT TARGET "${WC_TARGET}")
    message(FATAL_ERROR "warpcheck_lint: TARGET must name an existing target (got '${WC_TARGET}')")
  endif()
  if(NOT CMAKE_EXPORT_COMPILE_COMMANDS)
    message(FATAL_ERROR "warpcheck_lint: set(CMAKE_EXPORT_COMPILE_COMMANDS ON) before the targets: "
                        "warpcheck reads each file's flags from compile_commands.json")
  endif()

  # The target's CUDA sources, as absolute paths (compile_commands.json has
  # them so). Generator-expression sources cannot be listed at configure time.
  get_target_property(sources ${WC_TARGET} SOURCES)
  get_target_property(source_dir ${WC_TARGET} SOURCE_DIR)
  set(cuda_sources "")
  foreach(src IN LISTS sources)
    if(src MATCHES "^\\$<")
      message(WARNING "warpcheck_lint(${WC_TARGET}): skipping generator-expression source ${src}")
      continue()
    endif()
    get_source_file_property(lang "${src}" LANGUAGE)
    if(src MATCHES "\\.(cu|cuh)$" OR lang STREQUAL "CUDA")
      cmake_path(ABSOLUTE_PATH src BASE_DIRECTORY "${source_dir}" NORMALIZE OUTPUT_VARIABLE abs)
      list(APPEND cuda_sources "${abs}")
    endif()
  endforeach()
  if(NOT cuda_sources)
    message(WARNING "warpcheck_lint(${WC_TARGET}): the target has no CUDA sources; nothing to lint")
    return()
  endif()

  set(cmd "${WARPCHECK_EXECUTABLE}" lint -p "${CMAKE_BINARY_DIR}")
  if(WC_FORMAT)
    list(APPEND cmd --format "${WC_FORMAT}")
  endif()
  if(WC_OUTPUT)
    cmake_path(ABSOLUTE_PATH WC_OUTPUT BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" OUTPUT_VARIABLE output)
    list(APPEND cmd --output "${output}")
  endif()
  if(WC_BASELINE)
    cmake_path(ABSOLUTE_PATH WC_BASELINE BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE baseline)
    list(APPEND cmd --baseline "${baseline}")
  endif()
  foreach(supp IN LISTS WC_SUPPRESSIONS)
    cmake_path(ABSOLUTE_PATH supp BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE supp_abs)
    list(APPEND cmd --suppressions "${supp_abs}")
  endforeach()
  if(WC_CONFIG)
    cmake_path(ABSOLUTE_PATH WC_CONFIG BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE config)
    list(APPEND cmd --config-file "${config}")
  endif()
  if(WC_FAIL_ON)
    list(APPEND cmd --fail-on "${WC_FAIL_ON}")
  endif()
  # ARGS may hold `-- compiler args`: the target's sources go before the
  # `--`, or lint would take them for compiler arguments and lint every
  # file of the compile database instead of this target's.
  list(FIND WC_ARGS "--" dashdash)
  if(dashdash EQUAL -1)
    list(APPEND cmd ${WC_ARGS} ${cuda_sources})
  else()
    list(SUBLIST WC_ARGS 0 ${dashdash} options)
    list(SUBLIST WC_ARGS ${dashdash} -1 compiler_args)
    list(APPEND cmd ${options} ${cuda_sources} ${compiler_args})
  endif()

  set(all "")
  if(WC_ALL)
    set(all ALL)
  endif()
  add_custom_target(warpcheck-lint-${WC_TARGET} ${all}
    COMMAND ${cmd}
    WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
    COMMENT "warpcheck lint: ${WC_TARGET}"
    VERBATIM)
  # The sources' generated headers and the like exist once the target's own
  # dependencies are built.
  get_target_property(deps ${WC_TARGET} MANUALLY_ADDED_DEPENDENCIES)
  if(deps)
    add_dependencies(warpcheck-lint-${WC_TARGET} ${deps})
  endif()
  if(NOT TARGET warpcheck-lint)
    add_custom_target(warpcheck-lint)
  endif()
  add_dependencies(warpcheck-lint warpcheck-lint-${WC_TARGET})
endfunction()
