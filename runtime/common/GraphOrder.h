#pragma once
// The order CUDA graphs put between their kernel nodes: within one launch
// of an instantiated graph, a node runs after its ancestors only; nodes
// with no path between them may run at once (the CUDA Programming Guide,
// "CUDA Graphs": edges are the dependencies). LaunchOrder treats a graph
// launch as work of the stream it was launched on; this says which kernel
// nodes of the same graph launch nothing orders with a node. Pure logic on
// opaque handles (no CUDA), so it is tested on the CPU.
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace warpcheck::run {

class GraphOrder {
public:
  // The nodes and dependency edges (from, to) of the graph instantiated as
  // `exec` (its top level: the nodes of a child graph are not among them).
  void setGraph(uint64_t exec, const std::vector<uint64_t> &nodes,
                const std::vector<std::pair<uint64_t, uint64_t>> &edges);
  void forget(uint64_t exec);

  // Node `node` of launch `launchId` of `exec` starts, checked under shadow
  // tag `tag`: the tags of the nodes of the same launch that started before
  // it and are not its ancestors. Empty when the graph or the node is
  // unknown (a child graph's node): such nodes count as ordered -- a missed
  // race, never an invented one.
  std::vector<uint32_t> unorderedEarlier(uint64_t exec, uint32_t launchId, uint64_t node, uint32_t tag);

private:
  struct Graph {
    std::set<uint64_t> nodes;
    std::map<uint64_t, std::set<uint64_t>> parents;
  };
  struct Running {
    uint32_t launchId = 0;
    std::vector<std::pair<uint64_t, uint32_t>> started; // (node, tag)
  };
  bool isAncestor(const Graph &g, uint64_t ancestor, uint64_t node) const;

  std::map<uint64_t, Graph> graphs_;
  std::map<uint64_t, Running> running_;
};

} // namespace warpcheck::run
