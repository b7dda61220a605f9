#include "cli/FixOptions.h"
#include "reports/OutputFile.h"
#include "reports/formats/Counted.h"
#include "support/Files.h"
#include "reports/fix/ExportFixes.h"
#include "reports/fix/FixPlan.h"
#include <map>
#include <set>
#include <sys/stat.h>

namespace warpcheck::cli {
namespace {

constexpr size_t kMaxSourceBytes = 64u << 20;

bool after(const timespec &a, const timespec &b) {
  return a.tv_sec != b.tv_sec ? a.tv_sec > b.tv_sec : a.tv_nsec > b.tv_nsec;
}

// The sources the fixes edit, each read once, refused when modified after
// lint started: its fix-its' lines and columns are of the text lint parsed.
class Sources {
public:
  explicit Sources(timespec started) : started_(started) {}
  const std::string *read(const std::string &file, std::string &why) {
    auto it = files_.find(file);
    if (it == files_.end()) it = files_.emplace(file, load(file)).first;
    why = it->second.why;
    return it->second.why.empty() ? &it->second.text : nullptr;
  }
  // "'file': why" for each file that could not be used.
  std::vector<std::string> problems() const {
    std::vector<std::string> out;
    for (const auto &[file, s] : files_)
      if (!s.why.empty()) out.push_back("'" + file + "': " + s.why + "; its fixes are not applied");
    return out;
  }

private:
  struct Source {
    std::string text, why;
  };
  Source load(const std::string &file) const {
    Source s;
    struct stat st;
    if (::stat(file.c_str(), &st) == 0 && after(st.st_mtim, started_)) {
      s.why = "it changed since lint read it (modified after the analysis started)";
      return s;
    }
    ReadFailure failure;
    if (!readBoundedFile(file, kMaxSourceBytes, s.text, failure))
      s.why = describe(failure, kMaxSourceBytes);
    return s;
  }
  timespec started_;
  std::map<std::string, Source> files_;
};

} // namespace

void FixOptions::addTo(std::vector<OptionSpec> &options) {
  options.push_back({"--fix", "", "",
                     "apply the fix-its of the findings reported, in place (each edit once; conflicting fixes "
                     "skipped with a note); the findings are still reported",
                     [this](const std::string &, std::string &) {
                       fix = true;
                       return true;
                     }});
  options.push_back({"--export-fixes", "", "FILE",
                     "write the fix-its of the findings reported to FILE as YAML for clang-apply-replacements",
                     [this](const std::string &v, std::string &) {
                       exportPath = v;
                       return true;
                     }});
}

bool FixOptions::load(std::string &error) {
  clock_gettime(CLOCK_REALTIME, &started_);
  return exportPath.empty() || checkOutputPath(exportPath, error);
}

void FixOptions::addPaths(std::vector<NamedPath> &outputs) const {
  if (!exportPath.empty()) outputs.push_back({"the fixes to export", exportPath});
}

bool FixOptions::run(const Report &report, std::ostream &err, std::string &error) const {
  if (!wanted()) return true;
  Sources sources(started_);
  FileText read = [&](const std::string &file, std::string &why) { return sources.read(file, why); };
  // As clang-tidy without --fix-errors: nothing is fixed in a file clang
  // could not parse (its fix-its rest on a partial AST).
  std::set<std::string> unparsed;
  for (const FileStatus &f : report.files)
    if (f.status == FileStatusKind::ParseError) unparsed.insert(f.path);
  std::vector<Finding> fixable;
  for (const Finding &f : report.findings) {
    if (f.fixits.empty()) continue;
    if (unparsed.count(f.where.file))
      err << "warpcheck: note: not applying the fix of " << describeFinding(f) << ": its file failed to parse\n";
    else
      fixable.push_back(f);
  }
  FixPlan plan = planFixes(fixable, read);
  for (const std::string &note : plan.notes) err << "warpcheck: note: " << note << '\n';

  std::vector<std::string> errors = sources.problems();
  if (!exportPath.empty()) {
    std::string main;
    size_t analysed = 0;
    for (const FileStatus &f : report.files)
      if (f.status != FileStatusKind::Skipped && analysed++ == 0) main = f.path;
    std::string writeError;
    if (!writeOutputFile(exportPath, formatExportFixes(plan, analysed == 1 ? main : "", read), writeError))
      errors.push_back(writeError);
  }
  if (fix) {
    size_t files = 0;
    std::set<std::string> failed;
    for (const auto &[file, edits] : plan.byFile) {
      std::string why, writeError;
      const std::string *text = sources.read(file, why);
      if (!text) continue; // no edit of it was planned
      if (!writeOutputFile(file, applyReplacements(*text, edits), writeError)) {
        errors.push_back(writeError);
        failed.insert(file);
        continue;
      }
      ++files;
    }
    size_t fixes = 0;
    for (const PlannedFix &p : plan.fixes) {
      bool ok = !p.duplicate;
      for (const Replacement &r : p.replacements) ok = ok && !failed.count(r.file);
      fixes += ok;
    }
    err << "warpcheck: applied " << counted(fixes, "fix", "fixes") << " in " << counted(files, "file") << '\n';
  }
  if (errors.empty()) return true;
  error = errors[0];
  for (size_t i = 1; i < errors.size(); ++i) err << "warpcheck: error: " << errors[i] << '\n';
  return false;
}

} // namespace warpcheck::cli
