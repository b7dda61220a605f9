#pragma once
// What lint knows about one file to analyse, before any pass runs.
#include <string>
#include <vector>

namespace warpcheck {

enum class SourceLanguage { Cuda, Hip };

struct TranslationUnit {
  std::string file;      // absolute path of the main source file
  std::string directory; // working directory of the compile command
  SourceLanguage language = SourceLanguage::Cuda;
  // Clang arguments other than the input, the output and the offload
  // selection: include paths, macros, -std, user extras. Already translated
  // from nvcc where the command came from nvcc.
  std::vector<std::string> args;
  // Device archs to analyse ("sm_90"); empty means the default.
  std::vector<std::string> archs;
  bool relocatableDeviceCode = false; // -rdc / -fgpu-rdc
  std::string origin; // "command line" or the compile database's path
  // Headers the user named that are analysed through this TU (a header is
  // not parsed as its own TU: frontend/HeaderIncluders.h). With
  // `headersOnly` the TU itself was not named: only the findings in
  // `headers` are reported, and the report lists the headers, not it.
  std::vector<std::string> headers;
  bool headersOnly = false;
};

} // namespace warpcheck
