#include "runtime/common/QuietSharedLoads.h"
#include "instrument/PatchState.h"
#include <algorithm>
#include <sstream>

namespace warpcheck::run {

using namespace sass;

namespace {

enum class Kind { Other, Load, Store, Barrier, Unsupported };

// `P0`, `!P1`, `PT`, `UP2`: a predicate operand (bar.red's).
bool isPredicate(std::string op) {
  if (!op.empty() && op[0] == '!') op.erase(0, 1);
  if (!op.empty() && op[0] == 'U') op.erase(0, 1);
  return op.size() >= 2 && op[0] == 'P' && (op[1] == 'T' || (op[1] >= '0' && op[1] <= '9'));
}

// The operands of `i`, without their spaces: `0x0, P0` -> {"0x0", "P0"}.
std::vector<std::string> operandList(const Instruction &i) {
  std::vector<std::string> out;
  std::istringstream in(i.operands);
  for (std::string op; std::getline(in, op, ',');) {
    std::string word;
    std::istringstream(op) >> word;
    out.push_back(word);
  }
  return out;
}

// __syncthreads() is BAR.SYNC on barrier 0 for the whole block,
// unpredicated: an interval's end. bar.red (__syncthreads_count/and/or) on
// barrier 0, with predicate operands only, orders like it but is not taken
// for one (a split is not needed to be right, only to find more quiet
// loads). Anything else -- named or partial barriers (a thread count),
// bar.arrive, predicated barriers -- makes the block's epochs other than
// the function's intervals.
Kind classifyBarrier(const Instruction &i) {
  std::vector<std::string> ops = operandList(i);
  if (i.predicated || ops.empty() || ops[0] != "0x0") return Kind::Unsupported;
  std::string mode = root(i.opcode.substr(std::min(i.opcode.size(), root(i.opcode).size() + 1)));
  if (mode == "SYNC" && ops.size() == 1) return Kind::Barrier;
  if (has(i.opcode, ".RED") && std::all_of(ops.begin() + 1, ops.end(), isPredicate)) return Kind::Other;
  return Kind::Unsupported;
}

Kind classify(const Instruction &i) {
  std::string r = root(i.opcode);
  if (r == "BAR") return classifyBarrier(i);
  // Writes the shared-memory detector sees outside the epochs (cp.async,
  // TMA, bulk copies, mbarriers, stores of other blocks of a cluster), and
  // control flow the graph does not show.
  for (const char *p : {"LDGSTS", "LDGDEPBAR", "DEPBAR", "ARRIVES", "SYNCS", "UTMA", "UBLK", "UCGABAR", "MAPA", "STAS",
                        "REDAS", "BRX", "JMX", "RET"})
    if (r.rfind(p, 0) == 0) return Kind::Unsupported;
  if (r == "LDS" || r == "LDSM") return Kind::Load;
  // Whatever may write shared memory: its own stores and atomics (STS,
  // STSM, ATOMS), the generic ones (the address may be shared), calls. By
  // prefix, so that a store this list does not name counts too; only the
  // global and local ones and the warp reduction are left out.
  auto starts = [&](const char *p) { return r.rfind(p, 0) == 0; };
  if ((starts("ST") && r != "STG" && r != "STL") || (starts("ATOM") && r != "ATOMG") ||
      (starts("RED") && r != "REDG" && r != "REDUX") || starts("CALL"))
    return Kind::Store;
  return Kind::Other;
}

struct Point {
  size_t block, pos;
};

} // namespace

void markQuietSharedLoads(const Function &f, const std::vector<std::vector<size_t>> &succs,
                          std::vector<uint32_t> &entries) {
  size_t n = f.blocks.size();
  std::vector<Point> starts{{0, 0}}; // the entry, then after each barrier
  std::vector<std::vector<Kind>> kinds(n);
  bool any = false;
  for (size_t b = 0; b < n; ++b) {
    // A block no edge reaches may be an indirect branch's target.
    if (b != 0 && f.blocks[b].preds.empty()) return;
    for (size_t k = 0; k < f.blocks[b].code.size(); ++k) {
      Kind kind = classify(f.blocks[b].code[k]);
      if (kind == Kind::Unsupported) return;
      if (kind == Kind::Barrier) starts.push_back({b, k + 1});
      any |= kind == Kind::Load;
      kinds[b].push_back(kind);
    }
  }
  // Each start's interval is walked on its own: bounded, the work is
  // starts x instructions.
  constexpr size_t kMaxStarts = 512;
  if (!any || starts.size() > kMaxStarts) return;
  // Per load, whether every interval holding it is free of stores.
  std::vector<std::vector<int>> loadState(n); // -1 not reached, 0 quiet so far, 1 not quiet
  for (size_t b = 0; b < n; ++b) loadState[b].assign(kinds[b].size(), -1);
  std::vector<char> visited(n);
  std::vector<Point> loads;
  for (const Point &start : starts) {
    std::fill(visited.begin(), visited.end(), 0);
    loads.clear();
    bool stores = false;
    std::vector<Point> work{start};
    bool first = true;
    while (!work.empty()) {
      Point p = work.back();
      work.pop_back();
      // The start's own block is entered again from its top by a loop.
      if (!first) {
        if (visited[p.block]) continue;
        visited[p.block] = 1;
      }
      first = false;
      bool ended = false;
      for (size_t k = p.pos; k < kinds[p.block].size() && !ended; ++k) {
        switch (kinds[p.block][k]) {
        case Kind::Barrier: ended = true; break;
        case Kind::Store: stores = true; break;
        case Kind::Load: loads.push_back({p.block, k}); break;
        default: break;
        }
      }
      if (!ended)
        for (size_t s : succs[p.block]) work.push_back({s, 0});
    }
    for (const Point &l : loads) {
      int &st = loadState[l.block][l.pos];
      st = (st == 1 || stores) ? 1 : 0;
    }
  }
  for (size_t b = 0; b < n; ++b)
    for (size_t k = 0; k < kinds[b].size(); ++k) {
      if (loadState[b][k] != 0) continue;
      size_t at = f.blocks[b].code[k].offset / 16;
      if (entries.size() <= at) entries.resize(at + 1, 0);
      entries[at] |= patch::kPcQuietSharedLoad;
    }
}

} // namespace warpcheck::run
