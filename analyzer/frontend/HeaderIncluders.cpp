#include "analyzer/frontend/HeaderIncluders.h"
#include "analyzer/frontend/CompileDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <deque>

namespace warpcheck {

bool isHeaderPath(const std::string &path) {
  std::string ext = llvm::sys::path::extension(path).lower();
  for (const char *h : {".cuh", ".h", ".hh", ".hpp", ".hxx", ".inl", ".inc"})
    if (ext == h) return true;
  return false;
}

IncludeDirs includeDirsOf(const std::vector<std::string> &args, const std::string &directory) {
  IncludeDirs dirs;
  auto add = [&](std::vector<std::string> &to, const std::string &d) { to.push_back(canonicalPath(d, directory)); };
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef a(args[i]);
    for (auto [flag, to] : {std::pair<const char *, std::vector<std::string> *>{"-iquote", &dirs.quote},
                            {"-isystem", &dirs.system},
                            {"-I", &dirs.angled}}) {
      if (!a.starts_with(flag)) continue;
      if (a == flag) {
        if (i + 1 < args.size()) add(*to, args[++i]);
      } else {
        add(*to, a.drop_front(llvm::StringRef(flag).size()).str());
      }
      break;
    }
  }
  return dirs;
}

const std::vector<std::pair<std::string, bool>> &HeaderIncluders::includesOf(const std::string &file) {
  auto found = lines_.find(file);
  if (found != lines_.end()) return found->second;
  std::vector<std::pair<std::string, bool>> &out = lines_[file];
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf) return out;
  llvm::StringRef text = (*buf)->getBuffer();
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    line = line.ltrim();
    if (!line.consume_front("#")) continue;
    line = line.ltrim();
    if (!line.consume_front("include")) continue;
    line = line.ltrim();
    if (line.empty() || (line[0] != '"' && line[0] != '<')) continue;
    char close = line[0] == '"' ? '"' : '>';
    size_t end = line.find(close, 1);
    if (end == llvm::StringRef::npos || end == 1) continue;
    out.emplace_back(line.substr(1, end - 1).str(), close == '"');
  }
  return out;
}

const std::set<std::string> &HeaderIncluders::includedBy(const std::string &source, const IncludeDirs &dirs) {
  std::string key = source;
  for (const auto *v : {&dirs.quote, &dirs.angled, &dirs.system})
    for (const std::string &d : *v) key += '\n' + d;
  auto found = closures_.find(key);
  if (found != closures_.end()) return found->second;
  std::set<std::string> &seen = closures_[key];
  std::deque<std::string> todo{source};
  while (!todo.empty() && seen.size() < limit) {
    std::string file = todo.front();
    todo.pop_front();
    std::string here = llvm::sys::path::parent_path(file).str();
    for (const auto &[name, quoted] : includesOf(file)) {
      // "..." looks next to the includer first, then in -iquote; both look
      // in -I, then -isystem, as clang does.
      std::vector<std::pair<const std::vector<std::string> *, bool>> order;
      std::vector<std::string> local{here};
      if (quoted) order = {{&local, true}, {&dirs.quote, true}};
      order.push_back({&dirs.angled, true});
      order.push_back({&dirs.system, false});
      for (auto [list, enter] : order) {
        bool hit = false;
        for (const std::string &d : *list) {
          llvm::SmallString<256> p(llvm::sys::path::is_absolute(name) ? llvm::StringRef() : llvm::StringRef(d));
          llvm::sys::path::append(p, name);
          if (!llvm::sys::fs::is_regular_file(p)) continue;
          std::string canon = canonicalPath(std::string(p));
          if (seen.insert(canon).second && enter) todo.push_back(canon);
          hit = true;
          break;
        }
        if (hit) break;
      }
    }
  }
  return seen;
}

} // namespace warpcheck
