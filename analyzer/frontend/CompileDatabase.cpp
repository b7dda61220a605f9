#include "analyzer/frontend/CompileDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace warpcheck {

std::string canonicalPath(const std::string &path, const std::string &base) {
  llvm::SmallString<256> abs(path);
  if (llvm::sys::path::is_relative(abs)) {
    if (base.empty()) llvm::sys::fs::make_absolute(abs);
    else llvm::sys::path::make_absolute(base, abs);
  }
  llvm::sys::path::remove_dots(abs, true);
  llvm::SmallString<256> real;
  if (!llvm::sys::fs::real_path(abs, real)) return std::string(real);
  return std::string(abs);
}

// Keeps an error to one line: JSON parser messages may span several.
static std::string oneLine(std::string s) {
  for (char &c : s)
    if (c == '\n' || c == '\r') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

std::unique_ptr<CompileDatabase> CompileDatabase::load(const std::string &path, std::string &error) {
  llvm::SmallString<256> file(path);
  if (llvm::sys::fs::is_directory(file)) {
    llvm::sys::path::append(file, "compile_commands.json");
    if (!llvm::sys::fs::exists(file)) {
      error = "no compile_commands.json in '" + path +
              "' (configure with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)";
      return nullptr;
    }
  } else if (!llvm::sys::fs::exists(file)) {
    error = "no such build directory: '" + path + "'";
    return nullptr;
  }
  std::string loadError;
  auto json = clang::tooling::JSONCompilationDatabase::loadFromFile(
      file, loadError, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!json) {
    error = "cannot load compile database '" + std::string(file) + "': " + oneLine(loadError);
    return nullptr;
  }

  auto db = std::unique_ptr<CompileDatabase>(new CompileDatabase);
  db->path_ = canonicalPath(std::string(file));
  std::string dbDir = llvm::sys::path::parent_path(db->path_).str();
  for (const clang::tooling::CompileCommand &cmd : json->getAllCompileCommands()) {
    CompileEntry e;
    // The JSON format wants absolute directories; a relative one is read
    // relative to the database, so a checked-in database still works.
    e.directory = canonicalPath(cmd.Directory, dbDir);
    e.file = canonicalPath(cmd.Filename, e.directory);
    e.argv = cmd.CommandLine;
    if (db->byFile_.emplace(e.file, db->entries_.size()).second)
      db->entries_.push_back(std::move(e));
  }
  return db;
}

const CompileEntry *CompileDatabase::find(const std::string &file) const {
  auto it = byFile_.find(canonicalPath(file));
  return it == byFile_.end() ? nullptr : &entries_[it->second];
}

} // namespace warpcheck
