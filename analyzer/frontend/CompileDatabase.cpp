#include "analyzer/frontend/CompileDatabase.h"
#include "support/JsonRead.h"
#include "support/Printable.h"
#include "support/Files.h"
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

// Generated databases of large projects reach tens of MiB; the bound is for
// /dev/zero or a FIFO named by mistake.
constexpr size_t kMaxDatabaseBytes = size_t(1) << 30;

// The database read and checked against the JSON Compilation Database
// format, so that a broken one is named with its JSON problem and entry
// (clang's YAML reader words those as YAML errors, with misleading reasons).
// "" when it is well formed.
static std::string checkDatabase(const std::string &file, std::string &text) {
  ReadFailure failure;
  if (!readBoundedFile(file, kMaxDatabaseBytes, text, failure)) return describe(failure, kMaxDatabaseBytes);
  nlohmann::json doc;
  try {
    doc = jsonin::parse(text, 64);
  } catch (const jsonin::ReadError &e) {
    return e.message;
  }
  if (!doc.is_array()) return std::string("expected a JSON array of compile commands, found ") + doc.type_name();
  for (size_t i = 0; i < doc.size(); ++i) {
    const nlohmann::json &e = doc[i];
    std::string where = "entry " + std::to_string(i + 1) + ": ";
    if (!e.is_object()) return where + "expected an object with directory, file and command or arguments";
    for (const char *key : {"directory", "file"})
      if (!e.contains(key) || !e[key].is_string()) return where + "no '" + key + "' string";
    bool command = e.contains("command") && e["command"].is_string();
    bool arguments = e.contains("arguments") && e["arguments"].is_array();
    if (!command && !arguments) return where + "neither a 'command' string nor an 'arguments' list";
    if (arguments)
      for (const nlohmann::json &a : e["arguments"])
        if (!a.is_string()) return where + "'arguments' holds a value that is not a string";
  }
  return "";
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
  std::string loadError, text;
  if (std::string why = checkDatabase(std::string(file), text); !why.empty()) {
    error = "cannot load compile database '" + std::string(file) + "': " + printable(oneLine(why), 300);
    return nullptr;
  }
  auto json = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      text, loadError, clang::tooling::JSONCommandLineSyntax::AutoDetect);
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
