#pragma once
// What a lint pass needs from one compile command, whichever compiler wrote
// it: nvcc commands are translated (NvccFlags), clang and gcc ones filtered
// (ClangFlags).
#include <string>
#include <vector>

namespace warpcheck {

// The language the command forces with -x; Unspecified lets the file's
// extension decide.
enum class ForcedLanguage { Unspecified, Cuda, Hip, Other };

struct CompileFlags {
  // Clang arguments a pass appends: include paths, macros, -std, host flags
  // clang understands. Never the input, the output, dependency files, -x or
  // the offload selection (the pass sets those).
  std::vector<std::string> args;
  std::vector<std::string> archs;  // device archs as "sm_80" or "gfx90a", no duplicates
  std::vector<std::string> inputs; // positional arguments (the sources)
  ForcedLanguage language = ForcedLanguage::Unspecified;
  bool relocatableDeviceCode = false;
  // One line per option that was dropped without being understood, e.g.
  // "ignoring nvcc option '--foo'". The caller shows each once.
  std::vector<std::string> warnings;

  void addArch(const std::string &arch);
  void append(const CompileFlags &other); // args, archs, warnings; OR of rdc
};

enum class CompilerKind { Nvcc, Clang };

// nvcc when argv[0] names nvcc; everything else (clang, gcc, c++) is read
// with clang's option table.
CompilerKind compilerKind(const std::string &argv0);

// `argv` is a whole command, argv[0] the compiler, possibly behind a
// launcher (ccache). `directory` is where it runs (nvcc --options-file
// paths are relative to it).
CompileFlags translateCompileCommand(std::vector<std::string> argv, const std::string &directory);

} // namespace warpcheck
