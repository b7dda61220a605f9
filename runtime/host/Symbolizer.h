#pragma once
// Maps (cubin, function, offset) to source lines through the line table
// nvdisasm prints (`nvdisasm -c -g -gi`): the toolkit's own reader of the
// cubin's line info, inlined-at chains included. Programs built without
// -lineinfo have no table; callers then show function+offset.
#include "runtime/host/HostSymbolizer.h"
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck::run {

struct SourceLine {
  std::string file;
  unsigned line = 0;
  // Where the code of `file:line` was inlined, innermost call site first.
  std::vector<std::pair<std::string, unsigned>> inlinedAt;
};

// One cubin's line table: per code section (named by its function), the
// location of each instruction offset.
struct LineTable {
  std::map<std::string, std::map<uint64_t, SourceLine>> sections;
  // The source line of the instruction at `offset` in `function`'s section.
  std::optional<SourceLine> lookup(const std::string &function, uint64_t offset) const;
};

// Parses nvdisasm's listing; exposed for tests.
LineTable parseNvdisasm(const std::string &listing);

class Symbolizer {
public:
  explicit Symbolizer(std::string nvdisasm) : nvdisasm_(std::move(nvdisasm)) {}
  // nullptr (and `error` set once per cubin) when nvdisasm fails.
  const LineTable *table(const std::string &cubin, std::string &error);
  // Uses `table` for `cubin` without running nvdisasm (tests, caches).
  void preload(const std::string &cubin, LineTable table) { cache_[cubin] = std::move(table); }
  // Host code (allocation stacks) goes through addr2line.
  HostSymbolizer &host() { return host_; }

private:
  std::string nvdisasm_;
  std::map<std::string, std::optional<LineTable>> cache_;
  HostSymbolizer host_;
};

} // namespace warpcheck::run
