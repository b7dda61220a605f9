#include "runtime/host/Symbolizer.h"
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

LineTable parseNvdisasm(const std::string &listing) {
  static const std::regex section(R"(^\s*\.section\s+\.text\.([^,\s]+))");
  static const std::regex file(R"rx(^\s*//## File "([^"]*)", line (\d+)(.*)$)rx");
  static const std::regex inlined(R"rx(inlined at "([^"]*)", line (\d+))rx");
  static const std::regex insn(R"(^\s*/\*([0-9a-fA-F]+)\*/)");
  LineTable t;
  std::map<uint64_t, SourceLine> *current = nullptr;
  std::optional<SourceLine> where;
  bool sinceInstruction = false; // `where` was set after the last instruction
  std::istringstream in(listing);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, section)) {
      current = &t.sections[m[1].str()];
      where.reset();
    } else if (std::regex_search(line, m, file)) {
      SourceLine s;
      s.file = m[1].str();
      s.line = (unsigned)std::stoul(m[2].str());
      std::string rest = m[3].str();
      for (std::sregex_iterator i(rest.begin(), rest.end(), inlined), e; i != e; ++i)
        s.inlinedAt.emplace_back((*i)[1].str(), (unsigned)std::stoul((*i)[2].str()));
      // nvdisasm follows an inlined location with its call site's line
      // ("line 26 inlined at ..., line 51", then "line 51"): the
      // instructions below belong to the inlined line.
      if (sinceInstruction && where && s.inlinedAt.empty() && isFrameOf(s, *where)) continue;
      where = std::move(s);
      sinceInstruction = true;
    } else if (current && where && std::regex_search(line, m, insn)) {
      (*current)[std::stoull(m[1].str(), nullptr, 16)] = *where;
      sinceInstruction = false;
    }
  }
  return t;
}

const LineTable *Symbolizer::table(const std::string &cubin, std::string &error) {
  auto it = cache_.find(cubin);
  if (it != cache_.end()) return it->second ? &*it->second : nullptr;
  std::optional<LineTable> &slot = cache_[cubin];
  // Quote for the shell: the cubin path is ours, nvdisasm's may have spaces.
  auto quote = [](const std::string &s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
  };
  std::string cmd = quote(nvdisasm_) + " -c -g -gi " + quote(cubin) + " 2>&1";
  FILE *p = popen(cmd.c_str(), "r");
  if (!p) {
    error = "cannot run " + nvdisasm_;
    return nullptr;
  }
  std::string out;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int status = pclose(p);
  if (status != 0) {
    std::string first = out.substr(0, out.find('\n'));
    error = nvdisasm_ + " failed on " + cubin + (first.empty() ? "" : ": " + first);
    return nullptr;
  }
  slot = parseNvdisasm(out);
  return &*slot;
}

} // namespace warpcheck::run
