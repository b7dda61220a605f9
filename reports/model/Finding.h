#pragma once
// The report model shared by `lint` and `run`: every output format renders
// a Report, and nothing else.
#include "reports/model/Severity.h"
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

// 1-based lines and columns; end is inclusive of the last character and
// equals the start for a point location. line == 0 means "no location".
struct SourceRange {
  std::string file;
  unsigned line = 0, column = 0;
  unsigned endLine = 0, endColumn = 0;
  bool valid() const { return !file.empty() && line > 0; }
};

// Which column a place names (the formats differ only in this).
enum class ColumnShown {
  None,       // "file:line"
  IfKnown,    // "file:line:col", "file:line" when the column is unknown (0)
  OrFirst,    // "file:line:col", column 1 when unknown (as compilers print)
};

// The one way every format writes a place: "file:line:col" for a located
// range, "file" for a whole file (no line), "" for no place. `file` is
// `r.file` as the format shows it (relative to a source root, or as given).
std::string locationText(const std::string &file, const SourceRange &r, ColumnShown column);

// How compilers start a message about `r`: "file:line:col: " (column 1 when
// unknown), "file: " for a whole file, "" for no place.
std::string locationPrefix(const SourceRange &r);

struct Note {
  SourceRange where;
  std::string message;
};

struct FixIt {
  SourceRange where; // the text to replace
  std::string replacement;
};

// What `warpcheck run` saw on the GPU: an example of the problem. Absent for
// lint findings.
struct AccessEvidence {
  std::string kind;                   // "read", "write", "atomic", "barrier", "syncwarp"
  std::array<unsigned, 3> thread{};   // threadIdx of the example thread
  bool threadKnown = true;
  unsigned long long pc = 0;
  std::string function;               // mangled function holding the pc ("" unknown)
  unsigned long long offset = 0;      // pc - start of that function
};

struct RunEvidence {
  std::string kernel;                 // demangled
  unsigned long long count = 0;       // hazards or calls seen, all launches
  std::array<unsigned, 3> block{};    // blockIdx of the example
  std::vector<AccessEvidence> accesses; // the earlier access first
  // Races: "intra-warp" or "inter-warp" (shared memory); "intra-warp",
  // "intra-block", "inter-block" or "inter-launch" (global memory).
  std::string relation;
  long long sharedOffset = -1;        // byte offset in shared memory (races)
  long long address = -1;             // global memory: the address
  std::string allocation;             // ... and the allocation holding it
  std::optional<std::array<unsigned, 3>> otherBlock; // blockIdx of the earlier access, when another block (or launch)
  long long mask = -1;                // the __syncwarp mask
  long long lanes = -1;               // lanes concerned (bit mask)
  // The pcs of the other hazards merged into this finding (other
  // instructions on the same source lines: an unrolled loop), each listed
  // in the order of `accesses`; distinct, none the example's. Kept so that
  // the finding still names every instruction pair the GPU saw (the
  // differential test compares pc pairs, tests/gpu/run_differential.py).
  std::vector<std::vector<unsigned long long>> mergedPcs;
};

// "0-15,17": the lanes of a 32-bit lane mask as ranges ("" for none).
std::string laneRanges(unsigned long long lanes);

struct Finding {
  std::string rule;
  Severity severity = Severity::Warning;
  std::string message;
  SourceRange where;
  std::vector<Note> notes;
  std::vector<FixIt> fixits;
  // Compilation passes that saw it: "host", "sm_90", ...
  std::vector<std::string> passes;
  std::optional<RunEvidence> evidence;
  // Stable identity across line shifts (reports/suppress/Fingerprint.h); "" until
  // assigned.
  std::string fingerprint;
};

// Two findings are the same problem when rule, place and message agree;
// passes, notes and fix-its are merged.
bool sameFinding(const Finding &a, const Finding &b);
// Sorts by file, line, column, rule, message and merges duplicates: their
// passes, notes and fix-its are unioned in first-seen order, and the higher
// severity is kept.
void mergeFindings(std::vector<Finding> &findings);

} // namespace warpcheck
