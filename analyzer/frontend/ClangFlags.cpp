#include "analyzer/frontend/ClangFlags.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "support/GpuArch.h"
#include <algorithm>

namespace warpcheck {
namespace {

using namespace clang::options;

ForcedLanguage languageOf(llvm::StringRef x) {
  if (x == "cuda" || x == "cu") return ForcedLanguage::Cuda;
  if (x == "hip") return ForcedLanguage::Hip;
  if (x == "none") return ForcedLanguage::Unspecified;
  return ForcedLanguage::Other;
}

// Options a pass must not inherit: it sets the action, output, language,
// offload side and toolkit itself, and links nothing.
bool isDropped(const llvm::opt::Arg &a) {
  const llvm::opt::Option &o = a.getOption();
  for (unsigned id : {OPT_Action_Group, OPT_M_Group, OPT_Link_Group, OPT_o, OPT_c,
                      OPT_cuda_path_EQ, OPT_cuda_host_only, OPT_cuda_device_only,
                      OPT_offload_host_only, OPT_offload_device_only, OPT_save_temps,
                      OPT_save_temps_EQ, OPT_pedantic_errors, OPT_include_pch})
    if (o.matches(id)) return true;
  if (o.hasFlag(LinkerInput)) return true;
  // -Werror turns warnings of another compiler's build into errors here;
  // lint runs with warnings off and must not fail on them.
  if (o.matches(OPT_W_Joined)) {
    llvm::StringRef v = a.getValue();
    return v == "error" || v.starts_with("error=");
  }
  return false;
}

} // namespace

CompileFlags translateClangArgs(const std::vector<std::string> &args, const std::string &what) {
  CompileFlags out;
  std::vector<const char *> argv;
  for (const std::string &a : args) argv.push_back(a.c_str());
  unsigned missingIndex = 0, missingCount = 0;
  llvm::opt::InputArgList parsed = clang::getDriverOptTable().ParseArgs(
      argv, missingIndex, missingCount, llvm::opt::Visibility(ClangOption));
  if (missingCount)
    out.warnings.push_back("ignoring " + what + " '" + args[missingIndex] + "' (its value is missing)");

  // Kept options are passed on as written: their tokens run from their
  // index to the next option's.
  std::vector<const llvm::opt::Arg *> all(parsed.begin(), parsed.end());
  auto tokensOf = [&](size_t k) {
    unsigned end = k + 1 < all.size() ? all[k + 1]->getIndex() : argv.size();
    if (missingCount) end = std::min(end, missingIndex);
    while (end > all[k]->getIndex() + 1 && args[end - 1] == "--") --end; // "--" has no Arg
    return std::vector<std::string>(args.begin() + all[k]->getIndex(), args.begin() + end);
  };

  for (size_t k = 0; k < all.size(); ++k) {
    const llvm::opt::Arg *a = all[k];
    const llvm::opt::Option &o = a->getOption();
    if (o.getKind() == llvm::opt::Option::InputClass) {
      out.inputs.push_back(a->getValue());
    } else if (o.getKind() == llvm::opt::Option::UnknownClass) {
      out.warnings.push_back("ignoring " + what + " '" + a->getAsString(parsed) +
                             "' (clang does not know it)");
    } else if (o.matches(OPT_x)) {
      out.language = languageOf(a->getValue());
    } else if (o.matches(OPT_offload_arch_EQ)) {
      for (const char *v : a->getValues())
        if (std::string arch = normalizeArch(v); !arch.empty()) out.addArch(arch);
    } else if (o.matches(OPT_no_offload_arch_EQ)) {
      for (const char *v : a->getValues()) {
        std::string arch = normalizeArch(v);
        out.archs.erase(std::remove(out.archs.begin(), out.archs.end(), arch), out.archs.end());
      }
    } else if (o.matches(OPT_fgpu_rdc)) {
      out.relocatableDeviceCode = true;
    } else if (o.matches(OPT_fno_gpu_rdc)) {
      out.relocatableDeviceCode = false;
    } else if (!isDropped(*a)) {
      std::vector<std::string> tokens = tokensOf(k);
      out.args.insert(out.args.end(), tokens.begin(), tokens.end());
    }
  }
  return out;
}

} // namespace warpcheck
