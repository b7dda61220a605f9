#include "analyzer/frontend/Inputs.h"
#include "analyzer/frontend/ClangFlags.h"
#include "analyzer/frontend/CompileDatabase.h"
#include "analyzer/frontend/CompileFlags.h"
#include "analyzer/frontend/Pass.h"
#include "analyzer/frontend/SourceDiscovery.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <set>

namespace warpcheck {
namespace {

enum class Kind { Cuda, Hip, Other };

Kind classify(const std::string &file, ForcedLanguage forced) {
  switch (forced) {
  case ForcedLanguage::Cuda: return Kind::Cuda;
  case ForcedLanguage::Hip: return Kind::Hip;
  case ForcedLanguage::Other: return Kind::Other;
  case ForcedLanguage::Unspecified: break;
  }
  std::string ext = llvm::sys::path::extension(file).lower();
  if (ext == ".cu" || ext == ".cuh") return Kind::Cuda;
  if (ext == ".hip") return Kind::Hip;
  return Kind::Other;
}

class Collector {
public:
  Collector(const InputOptions &opts, Inputs &out) : opts_(opts), out_(out) {
    llvm::SmallString<256> cwd;
    llvm::sys::fs::current_path(cwd);
    cwd_ = std::string(cwd);
    extra_ = translateClangArgs(opts.extraArgs, "argument after --");
    for (const std::string &a : opts.archs) {
      std::string arch = normalizeArch(a);
      archs_.push_back(arch.empty() ? a : arch); // clang names a bad one as unsupported
    }
  }

  bool run(std::string &error) {
    warnAll(extra_.warnings);
    if (!opts_.buildDir.empty() && !(db_ = CompileDatabase::load(opts_.buildDir, error)))
      return false;
    if (opts_.paths.empty()) return db_ ? addDatabase(error) : true;
    for (const std::string &p : opts_.paths)
      if (!addPath(p, error)) return false;
    return true;
  }

private:
  // Every CUDA and HIP entry of the database.
  bool addDatabase(std::string &error) {
    size_t gpu = 0;
    for (const CompileEntry &e : db_->entries()) {
      CompileFlags flags = translateCompileCommand(e.argv, e.directory);
      Kind kind = classify(e.file, forcedLanguage(flags));
      if (kind == Kind::Other) continue;
      ++gpu;
      if (!llvm::sys::fs::exists(e.file))
        skip(e.file, "the file does not exist (is the compile database stale?)");
      else
        addUnit(e.file, kind, flags, e.directory, db_->path());
    }
    if (gpu) return true;
    error = "no CUDA or HIP sources in '" + db_->path() + "' (" + std::to_string(db_->entries().size()) +
            " entries, none a .cu or .hip file or compiled with -x cu or -x hip)";
    return false;
  }

  bool addPath(const std::string &p, std::string &error) {
    if (!llvm::sys::fs::exists(p)) {
      error = "no such file or directory: '" + p + "'";
      return false;
    }
    if (!llvm::sys::fs::is_directory(p)) {
      addFile(canonicalPath(p));
      return true;
    }
    std::vector<std::string> found, warnings;
    if (!findSources(p, found, error, &warnings)) return false;
    warnAll(warnings);
    if (found.empty()) {
      error = "no CUDA or HIP sources (.cu or .hip files) under '" + p + "'";
      return false;
    }
    for (const std::string &f : found) addFile(canonicalPath(f));
    return true;
  }

  void addFile(const std::string &file) {
    if (!seen_.insert(file).second) return;
    const CompileEntry *entry = db_ ? db_->find(file) : nullptr;
    CompileFlags flags;
    if (entry) flags = translateCompileCommand(entry->argv, entry->directory);
    // A borrowed command's -x is about its own file, not this one.
    Kind kind = classify(file, entry ? forcedLanguage(flags) : forcedLanguage(CompileFlags()));
    if (kind == Kind::Other) {
      skip(file, "not a CUDA or HIP source (only .cu/.cuh/.hip files and those compiled with -x cu "
                 "or -x hip are; add `-- -x cuda` or `-- -x hip` to analyse it as one)");
      return;
    }
    const CompileEntry *flagsFrom = entry ? entry : nearestEntry(file, kind);
    if (!entry && flagsFrom) flags = translateCompileCommand(flagsFrom->argv, flagsFrom->directory);
    if (db_ && !entry)
      warn("'" + display(file) + "' has no entry in '" + display(db_->path()) + "'; " +
           (flagsFrom ? "using the flags of '" + display(flagsFrom->file) + "'"
                      : std::string("analysing it with default flags")));
    addUnit(file, kind, flags, flagsFrom ? flagsFrom->directory : cwd_,
            flagsFrom ? db_->path() : "command line");
  }

  // The entry of the same language (CUDA or HIP) whose file shares the
  // most leading directories with `file`: in a CMake project, the same
  // target's flags most likely.
  const CompileEntry *nearestEntry(const std::string &file, Kind kind) {
    if (!db_) return nullptr;
    if (!entriesKnown_) {
      for (const CompileEntry &e : db_->entries()) {
        Kind k = classify(e.file, forcedLanguage(translateCompileCommand(e.argv, e.directory)));
        if (k != Kind::Other) entries_.emplace_back(&e, k);
      }
      entriesKnown_ = true;
    }
    const CompileEntry *best = nullptr;
    size_t bestShared = 0;
    llvm::StringRef dir = llvm::sys::path::parent_path(file);
    for (auto [e, k] : entries_) {
      if (k != kind) continue;
      size_t shared = sharedComponents(dir, llvm::sys::path::parent_path(e->file));
      if (!best || shared > bestShared) best = e, bestShared = shared;
    }
    return best;
  }

  static size_t sharedComponents(llvm::StringRef a, llvm::StringRef b) {
    size_t n = 0;
    for (auto i = llvm::sys::path::begin(a), j = llvm::sys::path::begin(b),
              ie = llvm::sys::path::end(a), je = llvm::sys::path::end(b);
         i != ie && j != je && *i == *j; ++i, ++j)
      ++n;
    return n;
  }

  ForcedLanguage forcedLanguage(const CompileFlags &flags) const {
    return extra_.language != ForcedLanguage::Unspecified ? extra_.language : flags.language;
  }

  void addUnit(const std::string &file, Kind kind, const CompileFlags &flags, const std::string &directory,
               const std::string &origin) {
    warnAll(flags.warnings);
    TranslationUnit tu;
    tu.file = file;
    tu.directory = directory;
    tu.language = kind == Kind::Hip ? SourceLanguage::Hip : SourceLanguage::Cuda;
    tu.args = flags.args;
    tu.args.insert(tu.args.end(), extra_.args.begin(), extra_.args.end());
    // The first source naming archs of the TU's language wins: a run over
    // .cu and .hip files may name sm_ and gfx archs together.
    for (const std::vector<std::string> *archs :
         std::initializer_list<const std::vector<std::string> *>{&archs_, &extra_.archs, &flags.archs}) {
      for (const std::string &a : *archs)
        if (isAmdGpuArch(a) == (kind == Kind::Hip)) tu.archs.push_back(a);
      if (!tu.archs.empty()) break;
    }
    tu.relocatableDeviceCode = flags.relocatableDeviceCode || extra_.relocatableDeviceCode;
    tu.origin = origin;
    out_.units.push_back(std::move(tu));
  }

  void skip(const std::string &file, const std::string &reason) {
    FileStatus s;
    s.path = file;
    s.status = FileStatusKind::Skipped;
    s.reason = reason;
    out_.skipped.push_back(std::move(s));
    warn("skipping '" + display(file) + "': " + reason);
  }

  void warnAll(const std::vector<std::string> &lines) {
    for (const std::string &w : lines) warn(w);
  }
  void warn(const std::string &line) {
    if (warned_.insert(line).second) out_.warnings.push_back(line);
  }

  std::string display(const std::string &abs) const {
    llvm::StringRef p(abs);
    if (p.starts_with(cwd_) && p.size() > cwd_.size() && p[cwd_.size()] == '/')
      return p.drop_front(cwd_.size() + 1).str();
    return abs;
  }

  const InputOptions &opts_;
  Inputs &out_;
  std::string cwd_;
  CompileFlags extra_;
  std::vector<std::string> archs_;
  std::unique_ptr<CompileDatabase> db_;
  std::vector<std::pair<const CompileEntry *, Kind>> entries_; // for nearestEntry
  bool entriesKnown_ = false;
  std::set<std::string> seen_, warned_;
};

} // namespace

bool collectInputs(const InputOptions &opts, Inputs &out, std::string &error) {
  return Collector(opts, out).run(error);
}

} // namespace warpcheck
