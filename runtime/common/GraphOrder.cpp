#include "runtime/common/GraphOrder.h"

namespace warpcheck::run {

void GraphOrder::setGraph(uint64_t exec, const std::vector<uint64_t> &nodes,
                          const std::vector<std::pair<uint64_t, uint64_t>> &edges) {
  Graph g;
  g.nodes.insert(nodes.begin(), nodes.end());
  for (const auto &[from, to] : edges) g.parents[to].insert(from);
  graphs_[exec] = std::move(g);
  running_.erase(exec);
}

void GraphOrder::forget(uint64_t exec) {
  graphs_.erase(exec);
  running_.erase(exec);
}

bool GraphOrder::isAncestor(const Graph &g, uint64_t ancestor, uint64_t node) const {
  std::set<uint64_t> seen;
  std::vector<uint64_t> todo = {node};
  while (!todo.empty()) {
    uint64_t n = todo.back();
    todo.pop_back();
    auto it = g.parents.find(n);
    if (it == g.parents.end()) continue;
    for (uint64_t p : it->second) {
      if (p == ancestor) return true;
      if (seen.insert(p).second) todo.push_back(p);
    }
  }
  return false;
}

std::vector<uint32_t> GraphOrder::unorderedEarlier(uint64_t exec, uint32_t launchId, uint64_t node, uint32_t tag) {
  std::vector<uint32_t> out;
  auto g = graphs_.find(exec);
  if (g == graphs_.end() || !g->second.nodes.count(node)) return out;
  Running &r = running_[exec];
  if (r.launchId != launchId) r = Running{launchId, {}}; // a new launch of the graph
  for (const auto &[earlier, earlierTag] : r.started)
    if (earlier != node && !isAncestor(g->second, earlier, node)) out.push_back(earlierTag);
  r.started.emplace_back(node, tag);
  return out;
}

} // namespace warpcheck::run
