#include "analyzer/frontend/NvccFlags.h"
#include "analyzer/frontend/ClangFlags.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"
#include "support/GpuArch.h"
#include <map>

namespace warpcheck {
namespace {

enum class Act {
  Ignore, // understood, but nothing a parse depends on (outputs, codegen, tools)
  Include, SystemInclude, Define, Undefine, PreInclude, Std, Optimize, Language,
  GpuArch, GpuCode, GenerateCode, Rdc, DeviceCompile, DeviceWhole, HostOptions,
  OptionsFile, DefaultStream, ExtendedLambda, RelaxedConstexpr, DeviceDebug,
  NoExceptions, TemplateDepth, ForwardUnknown,
};

struct NvccOption {
  const char *longName;  // without dashes
  const char *shortName; // without dashes; "" when it has none
  bool value;            // takes a value
  bool list;             // the value is a comma-separated list
  Act act;
};

// nvcc 13's options (`nvcc --help`) plus the hidden -Xcudafe/-Xcicc/-Xfatbin.
const NvccOption kOptions[] = {
    // Phases and outputs.
    {"cuda", "cuda", false, false, Act::Ignore},
    {"cubin", "cubin", false, false, Act::Ignore},
    {"fatbin", "fatbin", false, false, Act::Ignore},
    {"ptx", "ptx", false, false, Act::Ignore},
    {"optix-ir", "optix-ir", false, false, Act::Ignore},
    {"ltoir", "ltoir", false, false, Act::Ignore},
    {"preprocess", "E", false, false, Act::Ignore},
    {"generate-dependencies", "M", false, false, Act::Ignore},
    {"generate-nonsystem-dependencies", "MM", false, false, Act::Ignore},
    {"generate-dependencies-with-compile", "MD", false, false, Act::Ignore},
    {"generate-nonsystem-dependencies-with-compile", "MMD", false, false, Act::Ignore},
    {"dependency-output", "MF", true, false, Act::Ignore},
    {"generate-dependency-targets", "MP", false, false, Act::Ignore},
    {"dependency-target-name", "MT", true, false, Act::Ignore},
    {"compile", "c", false, false, Act::Ignore},
    {"device-c", "dc", false, false, Act::DeviceCompile},
    {"device-w", "dw", false, false, Act::DeviceWhole},
    {"device-link", "dlink", false, false, Act::Ignore},
    {"link", "link", false, false, Act::Ignore},
    {"lib", "lib", false, false, Act::Ignore},
    {"run", "run", false, false, Act::Ignore},
    {"output-file", "o", true, false, Act::Ignore},
    {"output-directory", "odir", true, false, Act::Ignore},
    {"objdir-as-tempdir", "objtemp", false, false, Act::Ignore},
    {"shared", "shared", false, false, Act::Ignore},
    {"relocatable-link", "r", false, false, Act::Ignore},
    {"no-device-link", "nodlink", false, false, Act::Ignore},
    // Preprocessor and language.
    {"pre-include", "include", true, true, Act::PreInclude},
    {"define-macro", "D", true, true, Act::Define},
    {"undefine-macro", "U", true, true, Act::Undefine},
    {"include-path", "I", true, true, Act::Include},
    {"system-include", "isystem", true, true, Act::SystemInclude},
    {"x", "x", true, false, Act::Language},
    {"std", "std", true, false, Act::Std},
    {"optimize", "O", true, false, Act::Optimize},
    {"no-exceptions", "noeh", false, false, Act::NoExceptions},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", false, false, Act::RelaxedConstexpr},
    {"extended-lambda", "extended-lambda", false, false, Act::ExtendedLambda},
    {"expt-extended-lambda", "expt-extended-lambda", false, false, Act::ExtendedLambda},
    {"ftemplate-depth", "ftemplate-depth", true, false, Act::TemplateDepth},
    {"ftemplate-backtrace-limit", "ftemplate-backtrace-limit", true, false, Act::Ignore},
    {"no-host-device-initializer-list", "nohdinitlist", false, false, Act::Ignore},
    {"no-host-device-move-forward", "nohdmoveforward", false, false, Act::Ignore},
    {"default-stream", "default-stream", true, false, Act::DefaultStream},
    {"options-file", "optf", true, true, Act::OptionsFile},
    // Device code generation.
    {"gpu-architecture", "arch", true, true, Act::GpuArch},
    {"gpu-code", "code", true, true, Act::GpuCode},
    {"generate-code", "gencode", true, false, Act::GenerateCode},
    {"relocatable-device-code", "rdc", true, false, Act::Rdc},
    {"device-debug", "G", false, false, Act::DeviceDebug},
    {"debug", "g", false, false, Act::Ignore},
    {"generate-line-info", "lineinfo", false, false, Act::Ignore},
    {"profile", "pg", false, false, Act::Ignore},
    {"optimization-info", "opt-info", true, true, Act::Ignore},
    {"Ofast-compile", "Ofc", true, false, Act::Ignore},
    {"dopt", "dopt", true, false, Act::Ignore},
    {"dlink-time-opt", "dlto", false, false, Act::Ignore},
    {"lto", "lto", false, false, Act::Ignore},
    {"gen-opt-lto", "gen-opt-lto", false, false, Act::Ignore},
    {"entries", "e", true, true, Act::Ignore},
    {"maxrregcount", "maxrregcount", true, false, Act::Ignore},
    {"use_fast_math", "use_fast_math", false, false, Act::Ignore},
    {"ftz", "ftz", true, false, Act::Ignore},
    {"prec-div", "prec-div", true, false, Act::Ignore},
    {"prec-sqrt", "prec-sqrt", true, false, Act::Ignore},
    {"fmad", "fmad", true, false, Act::Ignore},
    {"extra-device-vectorization", "extra-device-vectorization", false, false, Act::Ignore},
    {"extensible-whole-program", "ewp", false, false, Act::Ignore},
    {"keep-device-functions", "keep-device-functions", false, false, Act::Ignore},
    {"source-in-ptx", "src-in-ptx", false, false, Act::Ignore},
    {"restrict", "restrict", false, false, Act::Ignore},
    {"static-global-template-stub", "static-global-template-stub", true, false, Act::Ignore},
    {"device-entity-has-hidden-visibility", "device-entity-has-hidden-visibility", true, false, Act::Ignore},
    {"jump-table-density", "jtd", true, false, Act::Ignore},
    {"relocatable-ptx", "reloc-ptx", false, false, Act::Ignore},
    {"device-stack-protector", "device-stack-protector", true, false, Act::Ignore},
    {"compress-mode", "compress-mode", true, false, Act::Ignore},
    {"no-compress", "no-compress", false, false, Act::Ignore},
    {"frandom-seed", "frandom-seed", true, false, Act::Ignore},
    {"sanitize", "sanitize", true, false, Act::Ignore},
    {"machine", "m", true, false, Act::Ignore},
    {"m64", "m64", false, false, Act::Ignore},
    {"no-align-double", "no-align-double", false, false, Act::Ignore},
    // Other tools and their options.
    {"compiler-options", "Xcompiler", true, true, Act::HostOptions},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", false, false, Act::ForwardUnknown},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", false, false, Act::Ignore},
    {"forward-unknown-opts", "forward-unknown-opts", false, false, Act::Ignore},
    {"linker-options", "Xlinker", true, true, Act::Ignore},
    {"archive-options", "Xarchive", true, true, Act::Ignore},
    {"ptxas-options", "Xptxas", true, true, Act::Ignore},
    {"nvlink-options", "Xnvlink", true, true, Act::Ignore},
    {"Xcudafe", "Xcudafe", true, true, Act::Ignore},
    {"Xcicc", "Xcicc", true, true, Act::Ignore},
    {"Xfatbin", "Xfatbin", true, true, Act::Ignore},
    {"compiler-bindir", "ccbin", true, false, Act::Ignore},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", false, false, Act::Ignore},
    {"archiver-binary", "arbin", true, false, Act::Ignore},
    {"library", "l", true, true, Act::Ignore},
    {"library-path", "L", true, true, Act::Ignore},
    {"cudart", "cudart", true, false, Act::Ignore},
    {"cudadevrt", "cudadevrt", true, false, Act::Ignore},
    {"libdevice-directory", "ldir", true, false, Act::Ignore},
    {"target-directory", "target-dir", true, false, Act::Ignore},
    {"use-local-env", "use-local-env", false, false, Act::Ignore},
    {"force-cl-env-setup", "force-cl-env-setup", false, false, Act::Ignore},
    {"qpp-config", "qpp-config", true, false, Act::Ignore},
    {"host-linker-script", "hls", true, false, Act::Ignore},
    {"augment-host-linker-script", "aug-hls", false, false, Act::Ignore},
    {"input-drive-prefix", "idp", true, false, Act::Ignore},
    {"dependency-drive-prefix", "ddp", true, false, Act::Ignore},
    {"drive-prefix", "dp", true, false, Act::Ignore},
    // The driver itself: temps, threads, verbosity, diagnostics.
    {"dont-use-profile", "noprof", false, false, Act::Ignore},
    {"dryrun", "dryrun", false, false, Act::Ignore},
    {"verbose", "v", false, false, Act::Ignore},
    {"threads", "t", true, false, Act::Ignore},
    {"split-compile", "split-compile", true, false, Act::Ignore},
    {"split-compile-extended", "split-compile-extended", true, false, Act::Ignore},
    {"fdevice-syntax-only", "fdevice-syntax-only", false, false, Act::Ignore},
    {"fdevice-time-trace", "fdevice-time-trace", true, false, Act::Ignore},
    {"keep", "keep", false, false, Act::Ignore},
    {"keep-dir", "keep-dir", true, false, Act::Ignore},
    {"save-temps", "save-temps", false, false, Act::Ignore},
    {"clean-targets", "clean", false, false, Act::Ignore},
    {"time", "time", true, false, Act::Ignore},
    {"run-args", "run-args", true, true, Act::Ignore},
    {"jobserver", "jobserver", false, false, Act::Ignore},
    {"disable-warnings", "w", false, false, Act::Ignore},
    {"Wreorder", "Wreorder", false, false, Act::Ignore},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", false, false, Act::Ignore},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", false, false, Act::Ignore},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", false, false, Act::Ignore},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", false, false, Act::Ignore},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", false, false, Act::Ignore},
    {"Werror", "Werror", true, true, Act::Ignore},
    {"diag-error", "diag-error", true, true, Act::Ignore},
    {"diag-suppress", "diag-suppress", true, true, Act::Ignore},
    {"diag-warn", "diag-warn", true, true, Act::Ignore},
    {"display-error-number", "err-no", false, false, Act::Ignore},
    {"no-display-error-number", "no-err-no", false, false, Act::Ignore},
    {"brief-diagnostics", "brief-diag", true, false, Act::Ignore},
    {"resource-usage", "res-usage", false, false, Act::Ignore},
    {"compile-as-tools-patch", "astoolspatch", false, false, Act::Ignore},
    {"list-gpu-code", "code-ls", false, false, Act::Ignore},
    {"list-gpu-arch", "arch-ls", false, false, Act::Ignore},
    {"help", "h", false, false, Act::Ignore},
    {"version", "V", false, false, Act::Ignore},
};

// Short options whose value may follow without a space or '=' (-DX, -O3).
bool joinsValue(char c) { return llvm::StringRef("DUILlOt").contains(c); }

const NvccOption *lookup(llvm::StringRef name) {
  static const std::map<std::string, const NvccOption *> byName = [] {
    std::map<std::string, const NvccOption *> m;
    for (const NvccOption &o : kOptions) {
      m.emplace(o.longName, &o);
      if (*o.shortName) m.emplace(o.shortName, &o);
    }
    return m;
  }();
  auto it = byName.find(name.str());
  return it == byName.end() ? nullptr : it->second;
}

std::vector<std::string> splitCommas(llvm::StringRef v) {
  llvm::SmallVector<llvm::StringRef, 4> parts;
  v.split(parts, ',', -1, false);
  return std::vector<std::string>(parts.begin(), parts.end());
}

// "arch=compute_80,code=[sm_80,compute_80]": commas inside [] or "" belong
// to the value; a bare item continues the previous key's list.
void parseGencode(llvm::StringRef spec, std::vector<std::string> &virtualArchs,
                  std::vector<std::string> &codes) {
  std::vector<std::string> items(1);
  int depth = 0;
  bool quoted = false;
  for (char c : spec) {
    if (c == '"') quoted = !quoted;
    else if (c == '[') ++depth;
    else if (c == ']') --depth;
    else if (c == ',' && depth <= 0 && !quoted) items.emplace_back();
    else items.back() += c;
  }
  std::string key;
  for (llvm::StringRef item : items) {
    if (auto [k, v] = item.split('='); item.contains('=')) {
      key = k.trim().str();
      item = v;
    }
    for (const std::string &value : splitCommas(item))
      (key == "arch" ? virtualArchs : codes).push_back(llvm::StringRef(value).trim().str());
  }
}

class NvccTranslator {
public:
  NvccTranslator(const std::vector<std::string> &args, std::string directory)
      : work_(args), directory_(std::move(directory)) {
    for (const std::string &a : args)
      forwardUnknown_ |= llvm::StringRef(a).ltrim('-') == "forward-unknown-to-host-compiler";
  }

  CompileFlags run() {
    for (size_t i = 0; i < work_.size(); ++i) {
      llvm::StringRef tok = work_[i];
      if (!tok.starts_with("-") || tok == "-") {
        out_.inputs.push_back(tok.str());
        continue;
      }
      llvm::StringRef body = tok.ltrim('-');
      auto [name, inlineValue] = body.split('=');
      bool hasInline = body.contains('=');
      const NvccOption *opt = lookup(name);
      if (!opt && tok.size() > 2 && tok[1] != '-' && joinsValue(tok[1])) {
        opt = lookup(tok.substr(1, 1));
        inlineValue = tok.substr(2);
        hasInline = true;
      }
      if (!opt || (hasInline && !opt->value)) {
        unknown(tok.str());
        continue;
      }
      std::string value;
      if (opt->value) {
        if (hasInline) {
          value = inlineValue.str();
        } else if (i + 1 < work_.size()) {
          value = work_[++i];
        } else {
          out_.warnings.push_back("ignoring nvcc option '" + tok.str() + "' (its value is missing)");
          continue;
        }
      }
      if (opt->list) {
        for (const std::string &item : splitCommas(value)) apply(*opt, item);
      } else {
        apply(*opt, value);
      }
      // Options files' contents are read as if they followed the option.
      work_.insert(work_.begin() + i + 1, splice_.begin(), splice_.end());
      splice_.clear();
    }
    for (const std::vector<std::string> *list : {virtualArchs_.empty() ? &codes_ : &virtualArchs_})
      for (const std::string &a : *list)
        if (std::string arch = normalizeArch(a); !arch.empty()) out_.addArch(arch);
    return std::move(out_);
  }

private:
  void apply(const NvccOption &opt, const std::string &v) {
    std::vector<std::string> &args = out_.args;
    switch (opt.act) {
    case Act::Ignore: break;
    case Act::Include: args.push_back("-I" + v); break;
    case Act::SystemInclude: args.insert(args.end(), {"-isystem", v}); break;
    case Act::Define: args.push_back("-D" + v); break;
    case Act::Undefine: args.push_back("-U" + v); break;
    case Act::PreInclude: args.insert(args.end(), {"-include", v}); break;
    case Act::Std: args.push_back("-std=" + v); break;
    case Act::Optimize: args.push_back("-O" + v); break;
    case Act::TemplateDepth: args.push_back("-ftemplate-depth=" + v); break;
    case Act::NoExceptions: args.push_back("-fno-exceptions"); break;
    case Act::ExtendedLambda: args.push_back("-D__CUDACC_EXTENDED_LAMBDA__"); break;
    case Act::RelaxedConstexpr: args.push_back("-D__CUDACC_RELAXED_CONSTEXPR__"); break;
    case Act::DeviceDebug: args.push_back("-D__CUDACC_DEBUG__"); break;
    case Act::DefaultStream:
      if (v == "per-thread") args.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
      break;
    case Act::Language:
      out_.language = v == "cu" ? ForcedLanguage::Cuda : ForcedLanguage::Other;
      break;
    case Act::Rdc: out_.relocatableDeviceCode = v == "true" || v == "1"; break;
    case Act::DeviceCompile: out_.relocatableDeviceCode = true; break;
    case Act::DeviceWhole: out_.relocatableDeviceCode = false; break;
    case Act::GpuArch:
      // native/all/all-major name no arch lint could pick: use the default.
      if (v != "native" && v != "all" && v != "all-major") virtualArchs_.push_back(v);
      break;
    case Act::GpuCode: codes_.push_back(v); break;
    case Act::GenerateCode: parseGencode(v, virtualArchs_, codes_); break;
    case Act::HostOptions: hostOptions(v); break;
    case Act::OptionsFile: readOptionsFile(v); break;
    case Act::ForwardUnknown: break; // seen up front
    }
  }

  // One -Xcompiler item may hold several flags ("-Wall -Wextra").
  void hostOptions(const std::string &v) {
    llvm::SmallVector<llvm::StringRef, 4> parts;
    llvm::StringRef(v).split(parts, ' ', -1, false);
    CompileFlags host = translateClangArgs(std::vector<std::string>(parts.begin(), parts.end()),
                                           "host compiler option");
    out_.args.insert(out_.args.end(), host.args.begin(), host.args.end());
    out_.warnings.insert(out_.warnings.end(), host.warnings.begin(), host.warnings.end());
  }

  void unknown(const std::string &tok) {
    if (forwardUnknown_) {
      hostOptions(tok);
    } else {
      out_.warnings.push_back("ignoring nvcc option '" + tok + "' (unknown to warpcheck)");
    }
  }

  void readOptionsFile(const std::string &file) {
    llvm::SmallString<256> path(file);
    if (llvm::sys::path::is_relative(path) && !directory_.empty())
      llvm::sys::path::make_absolute(directory_, path);
    auto buf = llvm::MemoryBuffer::getFile(path);
    if (!buf || ++optionFiles_ > 32) {
      out_.warnings.push_back("cannot read nvcc options file '" + std::string(path) + "'");
      return;
    }
    llvm::BumpPtrAllocator alloc;
    llvm::StringSaver saver(alloc);
    llvm::SmallVector<const char *, 32> tokens;
    llvm::cl::TokenizeGNUCommandLine((*buf)->getBuffer(), saver, tokens);
    splice_.insert(splice_.end(), tokens.begin(), tokens.end());
  }

  std::vector<std::string> work_;
  std::vector<std::string> splice_; // options read from files, not yet in work_
  std::string directory_;
  bool forwardUnknown_ = false;
  int optionFiles_ = 0;
  std::vector<std::string> virtualArchs_, codes_;
  CompileFlags out_;
};

} // namespace

CompileFlags translateNvccArgs(const std::vector<std::string> &args, const std::string &directory) {
  return NvccTranslator(args, directory).run();
}

} // namespace warpcheck
