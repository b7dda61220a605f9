#pragma once
// Maps (cubin, function, offset) to source lines through the line table
// nvdisasm prints (`nvdisasm -c -g -gi`): the toolkit's own reader of the
// cubin's line info, inlined-at chains included. Programs built without
// -lineinfo have no table (LineTable::noLineInfo); callers then show
// function+offset.
#include "runtime/host/HostSymbolizer.h"
#include <cstdint>
#include <map>
#include <optional>
#include <set>
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
  // The cubin has no line information at all (built without -lineinfo).
  bool noLineInfo = false;
  // The source line of the instruction at `offset` in `function`'s section.
  std::optional<SourceLine> lookup(const std::string &function, uint64_t offset) const;
};

// Parses nvdisasm's listing; exposed for tests.
LineTable parseNvdisasm(const std::string &listing);

class Symbolizer {
public:
  explicit Symbolizer(std::string nvdisasm) : nvdisasm_(std::move(nvdisasm)) {}
  // The line table of `cubin`, holding `function`'s section when the cubin
  // has line information. nvdisasm reads only the functions asked for, each
  // once (a library's cubin holds thousands of kernels and a finding needs
  // a few), and does not run at all on a cubin without line information.
  // nullptr, with `error` set, when the cubin cannot be read or nvdisasm
  // fails.
  const LineTable *table(const std::string &cubin, const std::string &function, std::string &error);
  // Uses `table` for `cubin` without running nvdisasm (tests, caches).
  void preload(const std::string &cubin, LineTable table);
  // Host code (allocation stacks) goes through addr2line.
  HostSymbolizer &host() { return host_; }

private:
  struct Cubin {
    bool opened = false;
    std::string error;                    // the cubin cannot be read or nvdisasm failed
    std::map<std::string, long> symbols; // function name -> symbol index (nvdisasm -fun)
    std::set<std::string> asked;         // functions nvdisasm has read
    bool complete = false;               // every section is in `table`
    LineTable table;
  };
  void open(const std::string &path, Cubin &c);
  // Runs nvdisasm on `path` (on function `symbol` only, unless -1) and adds
  // its sections to `c.table`.
  bool disassemble(const std::string &path, long symbol, Cubin &c);

  std::string nvdisasm_;
  std::map<std::string, Cubin> cubins_;
  HostSymbolizer host_;
};

} // namespace warpcheck::run
