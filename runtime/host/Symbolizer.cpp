#include "runtime/host/Symbolizer.h"
#include "runtime/common/CubinSymbols.h"
#include <fstream>
#include <iterator>
#include <cstdio>
#include <regex>
#include <sstream>
#include <sys/wait.h>

namespace warpcheck::run {

std::optional<SourceLine> LineTable::lookup(const std::string &function, uint64_t offset) const {
  auto s = sections.find(function);
  if (s == sections.end() || s->second.empty()) return std::nullopt;
  auto it = s->second.upper_bound(offset);
  if (it == s->second.begin()) return std::nullopt;
  return std::prev(it)->second;
}

// True when `call` is one of the call sites `inner` is inlined at.
static bool isFrameOf(const SourceLine &call, const SourceLine &inner) {
  for (const auto &[file, line] : inner.inlinedAt)
    if (file == call.file && line == call.line) return true;
  return false;
}

// Reads `"PATH", line N` at `pos` of `l`, moving `pos` past it.
static bool quotedPathAndLine(const std::string &l, size_t &pos, std::string &path, unsigned &line) {
  if (pos >= l.size() || l[pos] != '"') return false;
  size_t close = l.find('"', pos + 1);
  static const std::string kLine = ", line ";
  if (close == std::string::npos || l.compare(close + 1, kLine.size(), kLine) != 0) return false;
  size_t digits = close + 1 + kLine.size(), end = digits;
  while (end < l.size() && l[end] >= '0' && l[end] <= '9') ++end;
  if (end == digits) return false;
  path = l.substr(pos + 1, close - pos - 1);
  line = (unsigned)std::stoul(l.substr(digits, end - digits));
  pos = end;
  return true;
}

// `//## File "PATH", line N[ inlined at "PATH", line N]...` at `text`.
// Read by hand: a listing with line information has a few of these per
// instruction, and std::regex took seconds on a library's kernels.
static std::optional<SourceLine> fileComment(const std::string &l, size_t text) {
  static const std::string kFile = "//## File ", kInlined = "inlined at ";
  if (l.compare(text, kFile.size(), kFile) != 0) return std::nullopt;
  SourceLine s;
  size_t pos = text + kFile.size();
  if (!quotedPathAndLine(l, pos, s.file, s.line)) return std::nullopt;
  for (size_t at; (at = l.find(kInlined, pos)) != std::string::npos;) {
    pos = at + kInlined.size();
    std::pair<std::string, unsigned> frame;
    if (!quotedPathAndLine(l, pos, frame.first, frame.second)) break;
    s.inlinedAt.push_back(std::move(frame));
  }
  return s;
}

LineTable parseNvdisasm(const std::string &listing) {
  static const std::regex section(R"(^\s*\.section\s+\.text\.([^,\s]+))");
  LineTable t;
  std::map<uint64_t, SourceLine> *current = nullptr;
  std::optional<SourceLine> where;
  bool sinceInstruction = false; // `where` was set after the last instruction
  std::istringstream in(listing);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    // Cheap tests first: std::regex is slow, and a listing has a line per
    // instruction.
    size_t text = line.find_first_not_of(" \t");
    if (text == std::string::npos) continue;
    bool isSection = line.compare(text, 8, ".section") == 0, isFile = line.compare(text, 4, "//##") == 0;
    if (!isSection && !isFile && line.compare(text, 2, "/*") != 0) continue;
    if (isSection && std::regex_search(line, m, section)) {
      current = &t.sections[m[1].str()];
      where.reset();
    } else if (std::optional<SourceLine> found = isFile ? fileComment(line, text) : std::nullopt) {
      SourceLine &s = *found;
      // nvdisasm follows an inlined location with its call site's line
      // ("line 26 inlined at ..., line 51", then "line 51"): the
      // instructions below belong to the inlined line.
      if (sinceInstruction && where && s.inlinedAt.empty() && isFrameOf(s, *where)) continue;
      where = std::move(s);
      sinceInstruction = true;
    } else if (current && where && !isSection && !isFile) {
      // "/*0a70*/  INSTRUCTION": the offset between the comment marks.
      size_t end = line.find("*/", text + 2);
      if (end == std::string::npos || end == text + 2 ||
          line.find_first_not_of("0123456789abcdefABCDEF", text + 2) != end)
        continue;
      (*current)[std::stoull(line.substr(text + 2, end - text - 2), nullptr, 16)] = *where;
      sinceInstruction = false;
    }
  }
  return t;
}

void Symbolizer::preload(const std::string &cubin, LineTable table) {
  Cubin &c = cubins_[cubin];
  c.opened = c.complete = true;
  c.table = std::move(table);
}

void Symbolizer::open(const std::string &path, Cubin &c) {
  c.opened = true;
  std::ifstream in(path, std::ios::binary);
  std::string image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) image.clear();
  if (image.empty()) {
    c.error = "cannot read " + path;
    return;
  }
  if (!hasLineInfo(image.data(), image.size())) {
    c.table.noLineInfo = c.complete = true;
    return;
  }
  c.symbols = functionSymbols(image.data(), image.size());
}

bool Symbolizer::disassemble(const std::string &path, long symbol, Cubin &c) {
  // Quote for the shell: the cubin path is ours, nvdisasm's may have spaces.
  auto quote = [](const std::string &s) {
    std::string q = "'";
    for (char ch : s) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return q + "'";
  };
  std::string cmd = quote(nvdisasm_) + " -c -g -gi " + (symbol >= 0 ? "-fun " + std::to_string(symbol) + " " : "") +
                    quote(path) + " 2>&1";
  FILE *p = popen(cmd.c_str(), "r");
  if (!p) {
    c.error = "cannot run " + nvdisasm_;
    return false;
  }
  std::string out;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int status = pclose(p);
  if (status != 0) {
    std::string first = out.substr(0, out.find('\n'));
    c.error = nvdisasm_ + " failed on " + path + (first.empty() ? "" : ": " + first);
    return false;
  }
  for (auto &[name, lines] : parseNvdisasm(out).sections) c.table.sections[name].merge(lines);
  return true;
}

const LineTable *Symbolizer::table(const std::string &cubin, const std::string &function, std::string &error) {
  Cubin &c = cubins_[cubin];
  if (!c.opened) open(cubin, c);
  if (c.error.empty() && !c.complete && c.asked.insert(function).second) {
    auto s = c.symbols.find(function);
    // A name the symbol table does not have: the whole cubin, once.
    if (s == c.symbols.end()) c.complete = disassemble(cubin, -1, c);
    else disassemble(cubin, s->second, c);
  }
  error = c.error;
  return c.error.empty() ? &c.table : nullptr;
}

} // namespace warpcheck::run
