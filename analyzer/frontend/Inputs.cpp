#include "analyzer/frontend/Inputs.h"
#include "analyzer/frontend/ClangFlags.h"
#include "analyzer/frontend/CompileDatabase.h"
#include "analyzer/frontend/CompileFlags.h"
#include "analyzer/frontend/HeaderIncluders.h"
#include "analyzer/frontend/Pass.h"
#include "analyzer/frontend/SourceDiscovery.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "support/GpuArch.h"
#include <map>
#include <set>

namespace warpcheck {

const char kNoIncluderReason[] = "a header that no .cu or .hip file includes";

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
  // What the command line (or the file's configuration) adds to each TU:
  // its extra arguments, translated once, and its archs.
  struct Settings {
    CompileFlags extra;
    std::vector<std::string> archs;
  };

  Collector(const InputOptions &opts, Inputs &out) : opts_(opts), out_(out) {
    llvm::SmallString<256> cwd;
    llvm::sys::fs::current_path(cwd);
    cwd_ = std::string(cwd);
  }

  bool run(std::string &error) {
    if (!opts_.buildDir.empty() && !(db_ = CompileDatabase::load(opts_.buildDir, error)))
      return false;
    if (opts_.paths.empty()) return db_ ? addDatabase(error) : true;
    for (const std::string &p : opts_.paths)
      if (!addPath(p, error)) return false;
    return addHeaders(error);
  }

private:
  // Every CUDA and HIP entry of the database.
  bool addDatabase(std::string &error) {
    size_t gpu = 0;
    for (const CompileEntry &e : db_->entries()) {
      CompileFlags flags = translateCompileCommand(e.argv, e.directory);
      const Settings *settings = settingsOf(e.file, error);
      if (!settings) return false;
      Kind kind = classify(e.file, forcedLanguage(*settings, flags));
      if (kind == Kind::Other) continue;
      ++gpu;
      if (!llvm::sys::fs::exists(e.file))
        skip(e.file, "the file does not exist (is the compile database stale?)");
      else
        addUnit(e.file, kind, flags, *settings, e.directory, db_->path());
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
    if (!llvm::sys::fs::is_directory(p)) return addFile(canonicalPath(p), error);
    std::vector<std::string> found, warnings;
    if (!findSources(p, found, error, &warnings)) return false;
    warnAll(warnings);
    if (found.empty()) {
      error = "no CUDA or HIP sources (.cu or .hip files) under '" + p + "'";
      return false;
    }
    for (const std::string &f : found)
      if (!addFile(canonicalPath(f), error)) return false;
    return true;
  }

  // What a file is to lint: its settings, its own compile entry (or none)
  // with the flags translated, and its kind. False with `error` when its
  // settings cannot be had.
  struct Looked {
    const Settings *settings = nullptr;
    const CompileEntry *entry = nullptr;
    CompileFlags flags;
    Kind kind = Kind::Other;
  };
  bool lookUp(const std::string &file, Looked &out, std::string &error) {
    out.settings = settingsOf(file, error);
    if (!out.settings) return false;
    out.entry = db_ ? db_->find(file) : nullptr;
    if (out.entry) out.flags = translateCompileCommand(out.entry->argv, out.entry->directory);
    // A borrowed command's -x is about its own file, not this one.
    out.kind = classify(file, forcedLanguage(*out.settings, out.entry ? out.flags : CompileFlags()));
    return true;
  }

  bool addFile(const std::string &file, std::string &error) {
    if (!seen_.insert(file).second) return true;
    Looked l;
    if (!lookUp(file, l, error)) return false;
    if (l.kind == Kind::Other) {
      skip(file, "not a CUDA or HIP source (only .cu/.cuh/.hip files and those compiled with -x cu "
                 "or -x hip are; add `-- -x cuda` or `-- -x hip` to analyse it as one)");
      return true;
    }
    // A header of its own entry is compiled as a TU: it is analysed as one.
    if (!l.entry && isHeaderPath(file)) {
      headers_.push_back(file);
      return true;
    }
    out_.units.push_back(sourceUnit(file, l.kind, l.entry, l.flags, *l.settings));
    return true;
  }

  // The TU of a source: its entry's flags, else those of the nearest entry.
  TranslationUnit sourceUnit(const std::string &file, Kind kind, const CompileEntry *entry, CompileFlags flags,
                             const Settings &settings) {
    const CompileEntry *flagsFrom = entry ? entry : nearestEntry(file, kind, settings);
    if (!entry && flagsFrom) flags = translateCompileCommand(flagsFrom->argv, flagsFrom->directory);
    if (db_ && !entry)
      warn("'" + display(file) + "' has no entry in '" + display(db_->path()) + "'; " +
           (flagsFrom ? "using the flags of '" + display(flagsFrom->file) + "'"
                      : std::string("analysing it with default flags")));
    return makeUnit(file, kind, flags, settings, flagsFrom ? flagsFrom->directory : cwd_,
                    flagsFrom ? db_->path() : "command line");
  }

  // Each named header goes to a TU that includes it: a named source's
  // (which reports all its findings anyway), else one added for the
  // header's sake, whose findings outside its headers are dropped.
  bool addHeaders(std::string &error) {
    if (headers_.empty()) return true;
    size_t named = out_.units.size();
    // Candidates in order of preference, each with its TU (flags).
    struct Candidate {
      std::string file;
      TranslationUnit tu;
      std::vector<std::string> warnings;
    };
    std::vector<Candidate> candidates;
    std::set<std::string> listed;
    auto consider = [&](const std::string &file) -> bool {
      if (!listed.insert(file).second) return true;
      Looked l;
      if (!lookUp(file, l, error)) return false;
      if (l.kind == Kind::Other || isHeaderPath(file) || !llvm::sys::fs::exists(file)) return true;
      // Built quietly: only a TU that is kept says what it did to its flags.
      std::vector<std::string> before = std::move(out_.warnings);
      std::set<std::string> warned = warned_;
      out_.warnings.clear();
      TranslationUnit tu = sourceUnit(file, l.kind, l.entry, l.flags, *l.settings);
      candidates.push_back({file, std::move(tu), std::move(out_.warnings)});
      out_.warnings = std::move(before);
      warned_ = std::move(warned);
      return true;
    };
    for (size_t u = 0; u < named; ++u) listed.insert(out_.units[u].file);
    if (db_)
      for (const CompileEntry &e : db_->entries())
        if (!consider(e.file)) return false;
    bool walked = false;
    HeaderIncluders includes;
    std::map<std::string, size_t> added; // source -> its unit, added for headers
    for (const std::string &header : headers_) {
      auto includes_ = [&](const TranslationUnit &tu) {
        return includes.includedBy(tu.file, includeDirsOf(tu.args, tu.directory)).count(header) != 0;
      };
      bool done = false;
      for (size_t u = 0; u < named && !done; ++u)
        if (includes_(out_.units[u])) out_.units[u].headers.push_back(header), done = true;
      // The sources under the current directory, when the header is in it
      // (pre-commit runs hooks at the top of the repository): looked for
      // only when the named files and the database have no includer.
      if (!done && !walked && llvm::StringRef(header).starts_with(cwd_ + "/")) {
        walked = true;
        std::vector<std::string> found, ignored;
        std::string walkError;
        if (findSources(cwd_, found, walkError, &ignored))
          for (const std::string &f : found)
            if (!consider(canonicalPath(f))) return false;
      }
      for (const Candidate &c : candidates) {
        if (done) break;
        if (!includes_(c.tu)) continue;
        auto [at, fresh] = added.emplace(c.file, out_.units.size());
        if (fresh) {
          out_.units.push_back(c.tu);
          out_.units.back().headersOnly = true;
          warnAll(c.warnings);
        }
        out_.units[at->second].headers.push_back(header);
        done = true;
      }
      if (!done)
        skip(header, std::string(kNoIncluderReason) + " (searched the named files" + (db_ ? ", the compile database" : "") +
                         (walked ? " and the sources under the current directory" : "") +
                         "); it is not analysed as a TU of its own: name a source that includes it");
    }
    return true;
  }

  // The entry of the same language (CUDA or HIP) whose file shares the
  // most leading directories with `file`: in a CMake project, the same
  // target's flags most likely.
  const CompileEntry *nearestEntry(const std::string &file, Kind kind, const Settings &settings) {
    if (!db_) return nullptr;
    if (!entriesKnown_) {
      for (const CompileEntry &e : db_->entries()) {
        entries_.emplace_back(&e, classify(e.file, translateCompileCommand(e.argv, e.directory).language));
      }
      entriesKnown_ = true;
    }
    const CompileEntry *best = nullptr;
    size_t bestShared = 0;
    llvm::StringRef dir = llvm::sys::path::parent_path(file);
    for (auto [e, k] : entries_) {
      // A -x of the extra arguments makes every entry of that language.
      if (settings.extra.language != ForcedLanguage::Unspecified) k = classify(e->file, settings.extra.language);
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

  const Settings *settingsOf(const std::string &file, std::string &error) {
    InputOptions::FileSettings given{opts_.archs, opts_.extraArgs};
    if (opts_.settingsFor && !opts_.settingsFor(file, given, error)) return nullptr;
    auto key = std::make_pair(given.archs, given.extraArgs);
    auto found = settings_.find(key);
    if (found != settings_.end()) return &found->second;
    Settings &s = settings_[key];
    s.extra = translateClangArgs(given.extraArgs, "argument after --");
    warnAll(s.extra.warnings);
    for (const std::string &a : given.archs) {
      std::string arch = normalizeArch(a);
      s.archs.push_back(arch.empty() ? a : arch); // clang names a bad one as unsupported
    }
    return &s;
  }

  static ForcedLanguage forcedLanguage(const Settings &settings, const CompileFlags &flags) {
    return settings.extra.language != ForcedLanguage::Unspecified ? settings.extra.language : flags.language;
  }

  void addUnit(const std::string &file, Kind kind, const CompileFlags &flags, const Settings &settings,
               const std::string &directory, const std::string &origin) {
    out_.units.push_back(makeUnit(file, kind, flags, settings, directory, origin));
  }

  TranslationUnit makeUnit(const std::string &file, Kind kind, const CompileFlags &flags, const Settings &settings,
                           const std::string &directory, const std::string &origin) {
    warnAll(flags.warnings);
    TranslationUnit tu;
    tu.file = file;
    tu.directory = directory;
    tu.language = kind == Kind::Hip ? SourceLanguage::Hip : SourceLanguage::Cuda;
    tu.args = flags.args;
    tu.args.insert(tu.args.end(), settings.extra.args.begin(), settings.extra.args.end());
    // The first source naming archs of the TU's language wins: a run over
    // .cu and .hip files may name sm_ and gfx archs together.
    for (const std::vector<std::string> *archs :
         std::initializer_list<const std::vector<std::string> *>{&settings.archs, &settings.extra.archs, &flags.archs}) {
      for (const std::string &a : *archs)
        if (isAmdGpuArch(a) == (kind == Kind::Hip)) tu.archs.push_back(a);
      if (!tu.archs.empty()) break;
    }
    tu.relocatableDeviceCode = flags.relocatableDeviceCode || settings.extra.relocatableDeviceCode;
    tu.origin = origin;
    return tu;
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
  std::map<std::pair<std::vector<std::string>, std::vector<std::string>>, Settings> settings_;
  std::unique_ptr<CompileDatabase> db_;
  std::vector<std::pair<const CompileEntry *, Kind>> entries_; // for nearestEntry
  bool entriesKnown_ = false;
  std::set<std::string> seen_, warned_;
  std::vector<std::string> headers_; // named headers, for addHeaders
};

} // namespace

bool collectInputs(const InputOptions &opts, Inputs &out, std::string &error) {
  return Collector(opts, out).run(error);
}

} // namespace warpcheck
