#pragma once
// What the global-memory detector needs to know about a kernel's machine
// code and the Compute Sanitizer API does not tell: which fences a thread
// ran between two global accesses, and which accesses are strong
// (volatile/relaxed/acquire/release) and of what scope. Read from the
// control-flow graph nvdisasm prints for the cubin (`nvdisasm -bbcfg`): a
// forward must-analysis over its basic blocks gives, for each global-memory
// instruction and each global access (or the entry) before it, the fences
// on every path between the two. The device knows which access a thread
// made last, so a fence before a loop counts on the loop's first iteration.
// Block-wide barriers (BAR) get the same entry, without kPcKnown: a thread
// that acquired before a barrier makes the rest of its block acquire too.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpcheck::run {

// Per function: for each 16-byte instruction, patch::PcEntry; for the
// global accesses whose fences depend on the access before them, the list
// of patch::PcEdge it points to.
struct FunctionIndex {
  std::vector<uint32_t> entries;
  std::vector<uint32_t> edges;
  // Per instruction, patch::PcArrival words (empty when the function has
  // no bar.arrive the device can place).
  std::vector<uint32_t> arrivals;
};
using SassAccessIndex = std::map<std::string, FunctionIndex>;

// Parses `nvdisasm -bbcfg -poff` output; exposed for tests.
SassAccessIndex indexBasicBlockGraph(const std::string &dot);

// Runs nvdisasm on a cubin file (without the injection library in its
// environment), on the function with symbol index `function` only when it is
// not negative (libraries' modules hold hundreds of kernels). False with
// `error` when it fails. `listing`, when given, receives nvdisasm's output
// (SassCache keeps it).
bool indexCubin(const std::string &nvdisasm, const std::string &cubin, SassAccessIndex &out, std::string &error,
                long function = -1, std::string *listing = nullptr);
// The arguments indexCubin gives nvdisasm besides -fun and the cubin (part
// of a SassCache key).
extern const char *const kIndexCubinArgs;

} // namespace warpcheck::run
