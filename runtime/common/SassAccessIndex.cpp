#include "runtime/common/SassAccessIndex.h"
#include "instrument/PatchState.h"
#include "runtime/common/QuietSharedLoads.h"
#include "runtime/common/SassListing.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <regex>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace warpcheck::run {

using namespace patch;

namespace {

using sass::Block;
using sass::Function;
using sass::Instruction;
using sass::has;
using sass::root;

// The DOT label's text, unescaped: `0040:\ \ \ S2R\ R5\ ;\l` -> lines.
std::vector<std::string> labelLines(const std::string &label) {
  std::vector<std::string> lines;
  std::string cur;
  for (size_t i = 0; i < label.size(); ++i) {
    char c = label[i];
    if (c == '\\' && i + 1 < label.size()) {
      char n = label[++i];
      if (n == 'l' || n == 'n') {
        lines.push_back(cur);
        cur.clear();
      } else {
        cur += n;
      }
    } else if (c == '|' || c == '{' || c == '}') {
      lines.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  lines.push_back(cur);
  return lines;
}

void parseInstructions(const std::string &label, std::vector<Instruction> &out) {
  static const std::regex line(R"(^\s*(?:<\w+>)?\s*([0-9a-fA-F]+):\s+(@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_.]*)\s*([^;]*))");
  for (const std::string &l : labelLines(label)) {
    std::smatch m;
    if (std::regex_search(l, m, line))
      out.push_back({std::stoull(m[1].str(), nullptr, 16), m[2].matched, m[3].str(), m[4].str()});
  }
}

// Instructions that may access global memory (generic LD/ST/ATOM too: the
// API reports them when the address is global).
bool globalAccess(const std::string &r) {
  return r == "LDG" || r == "STG" || r == "ATOMG" || r == "RED" || r == "REDG" || r == "ATOM" || r == "LD" ||
         r == "ST";
}

uint8_t accessKind(const std::string &op) {
  std::string r = root(op);
  if (has(op, ".STRONG.SM") || has(op, ".STRONG.CTA")) return kPcBlockScope;
  bool loadOrStore = r == "LDG" || r == "STG" || r == "LD" || r == "ST";
  if (has(op, ".STRONG.SYS") && loadOrStore) return kPcStrong | kPcVolatile;
  if (has(op, ".STRONG.GPU") || has(op, ".STRONG.SYS")) return kPcStrong;
  if (r == "ATOMG" || r == "ATOM" || r == "RED" || r == "REDG") return kPcStrong; // default scope: device
  return 0;
}

constexpr uint8_t kAll = kPcFenceDevice | kPcFenceBlock | kPcAcquire;

// What the instruction adds to "fences since the previous global access".
uint8_t fenceOf(const Instruction &i) {
  if (i.predicated) return 0; // may not run: not a fence on every path
  std::string r = root(i.opcode);
  if (r == "MEMBAR") {
    if (has(i.opcode, ".GPU") || has(i.opcode, ".SYS")) return kAll;
    return kPcFenceBlock;
  }
  if (r == "CCTL" && has(i.opcode, ".IVALL")) return kPcAcquire;
  return 0;
}

// Block-wide barriers: the fences a thread ran before one are looked up
// there too (the thread's next global access may come after the barrier,
// too late to tell the block it acquired something). They do not end a
// path: the fences since the previous global access go on past them.
bool barrier(const std::string &r) { return r == "BAR"; }

// bar.arrive (BAR.ARV) gets no callback from the API (seen on sm_90): the
// thread's arrival is made by the callback of the instruction before it --
// the last one in its basic block that surely has one (a shared or global
// access, a waiting barrier, a WARPSYNC), unpredicated, with nothing
// between the two that might have one. Returns that instruction's position,
// or -1 when there is none (the arrival is then unattributed).
bool surelyPatched(const std::string &r) {
  return r == "LDS" || r == "STS" || r == "ATOMS" || r == "LDG" || r == "STG" || r == "ATOMG" || r == "RED" ||
         r == "REDG" || r == "BAR" || r == "WARPSYNC";
}
bool maybePatched(const std::string &r) {
  for (const char *p : {"LD", "ST", "ATOM", "RED", "BAR", "WARPSYNC", "CALL", "RET", "EXIT", "SYNCS", "UTMA", "UBLKCP"})
    if (r.rfind(p, 0) == 0) return true;
  return false;
}
long arrivalCarrier(const std::vector<Instruction> &code, size_t arv) {
  for (size_t k = arv; k-- > 0;) {
    const Instruction &i = code[k];
    std::string r = root(i.opcode);
    bool arrive = r == "BAR" && has(i.opcode, ".ARV");
    if (surelyPatched(r) && !arrive) return i.predicated ? -1 : (long)k;
    if (maybePatched(r)) return -1;
  }
  return -1;
}

// `0x1, 0x80` -> barrier 1 of 128 threads as kArriveAfter | id << 16 | count;
// 0 when an operand is a register (not known before the run).
uint32_t arrivalWord(const std::string &operands) {
  unsigned long id = 0, count = 0;
  char rest = 0;
  if (std::sscanf(operands.c_str(), "%lx , %lx %c", &id, &count, &rest) != 2 || id > 15 || count == 0 ||
      count > 1024)
    return 0;
  return kArriveAfter | (uint32_t)id << 16 | (uint32_t)count;
}

// Where a global access sits: block and position in it.
struct Site {
  size_t block, pos;
};

// From one source (a global access, or the function's entry), the fences
// on every path to each global access reached before another one: a
// forward must-analysis (meet: intersection) over the basic blocks.
void fencesFrom(const Function &f, const std::vector<std::vector<size_t>> &succs, Site from, bool isEntry,
                std::map<size_t, uint8_t> &reached) {
  auto meet = [&](size_t at, uint8_t s) {
    auto it = reached.find(at);
    reached[at] = it == reached.end() ? s : (uint8_t)(it->second & s);
  };
  size_t n = f.blocks.size();
  std::vector<int> in(n, -1); // -1: not reached yet
  std::vector<size_t> work;
  // Scans block b from position `pos` with state s; returns the exit state
  // or -1 when a global access ends the path.
  auto scan = [&](size_t b, size_t pos, uint8_t s) -> int {
    const std::vector<Instruction> &code = f.blocks[b].code;
    for (size_t k = pos; k < code.size(); ++k) {
      std::string r = root(code[k].opcode);
      if (globalAccess(r)) {
        meet(code[k].offset / 16, s);
        return -1;
      }
      if (barrier(r)) meet(code[k].offset / 16, s);
      if (r == "CALL") s = 0; // the callee's accesses and fences are its own
      else s |= fenceOf(code[k]);
    }
    return s;
  };
  auto push = [&](size_t b, uint8_t s) {
    for (size_t t : succs[b]) {
      int meet = in[t] < 0 ? s : (in[t] & s);
      if (meet != in[t]) {
        in[t] = meet;
        work.push_back(t);
      }
    }
  };
  int out = scan(from.block, isEntry ? 0 : from.pos + 1, 0);
  if (out >= 0) push(from.block, (uint8_t)out);
  while (!work.empty()) {
    size_t b = work.back();
    work.pop_back();
    int o = scan(b, 0, (uint8_t)in[b]);
    if (o >= 0) push(b, (uint8_t)o);
  }
}

// Functions with more global accesses than this get the must-analysis over
// all paths only (the pairwise one is quadratic).
constexpr size_t kMaxPairwiseAccesses = 4096;

void analyse(const Function &f, FunctionIndex &index) {
  size_t n = f.blocks.size();
  std::vector<std::vector<size_t>> succs(n);
  for (size_t b = 0; b < n; ++b)
    for (size_t p : f.blocks[b].preds) succs[p].push_back(b);
  std::vector<Site> sites, barriers;
  for (size_t b = 0; b < n; ++b)
    for (size_t k = 0; k < f.blocks[b].code.size(); ++k) {
      std::string r = root(f.blocks[b].code[k].opcode);
      if (globalAccess(r)) sites.push_back({b, k});
      else if (barrier(r)) barriers.push_back({b, k});
    }
  // Per access: the fences from each source that reaches it.
  std::map<size_t, std::vector<std::pair<uint32_t, uint8_t>>> incoming;
  auto collect = [&](Site from, bool isEntry, uint32_t fromIndex) {
    std::map<size_t, uint8_t> reached;
    fencesFrom(f, succs, from, isEntry, reached);
    for (auto &[at, bits] : reached) incoming[at].push_back({fromIndex, bits});
  };
  collect({0, 0}, true, kFromEntry);
  // Blocks no edge reaches (indirect branches) start with nothing known.
  for (size_t b = 1; b < n; ++b)
    if (f.blocks[b].preds.empty()) collect({b, 0}, true, kFromUnknown);
  bool pairwise = sites.size() <= kMaxPairwiseAccesses;
  for (const Site &site : sites) {
    const Instruction &i = f.blocks[site.block].code[site.pos];
    if (pairwise) collect(site, false, (uint32_t)(i.offset / 16));
  }
  // Accesses get kPcKnown and their own kind; barriers their fences only.
  auto points = sites;
  points.insert(points.end(), barriers.begin(), barriers.end());
  for (const Site &site : points) {
    const Instruction &i = f.blocks[site.block].code[site.pos];
    bool access = globalAccess(root(i.opcode));
    size_t at = i.offset / 16;
    if (index.entries.size() <= at) index.entries.resize(at + 1, 0);
    auto &from = incoming[at];
    uint8_t must = from.empty() ? 0 : kAll;
    for (auto &[src, bits] : from) must &= bits;
    if (!pairwise) must = 0; // other accesses' paths were not followed
    uint32_t entry = access ? kPcKnown | must | accessKind(i.opcode) : must;
    // The sources whose paths differ from the must-result are listed: the
    // device looks up the thread's previous access among them.
    std::vector<std::pair<uint32_t, uint8_t>> listed;
    if (pairwise)
      for (auto &[src, bits] : from)
        if (bits != must) listed.push_back({src, bits});
    if (!listed.empty() && listed.size() <= kMaxEdgesPerAccess && index.edges.size() < kMaxEdges) {
      entry |= (uint32_t)listed.size() << 8 | (uint32_t)index.edges.size() << 12;
      for (auto &[src, bits] : listed) index.edges.push_back(src << 8 | bits);
    }
    index.entries[at] = entry;
  }
  markQuietSharedLoads(f, succs, index.entries);
  // Arrivals (bar.arrive) by the instruction that carries them; when one
  // has no carrier, every waiting barrier of the function is marked: what
  // it acquires is then not known exactly (the device over-approximates).
  bool unattributed = false;
  for (const Block &b : f.blocks)
    for (size_t k = 0; k < b.code.size(); ++k) {
      const Instruction &i = b.code[k];
      if (root(i.opcode) != "BAR" || !has(i.opcode, ".ARV")) continue;
      long carrier = arrivalCarrier(b.code, k);
      uint32_t word = arrivalWord(i.operands);
      size_t at = carrier < 0 ? 0 : b.code[carrier].offset / 16;
      if (carrier < 0 || word == 0 || (at < index.arrivals.size() && index.arrivals[at] != 0)) {
        unattributed = true;
        continue;
      }
      if (index.arrivals.size() <= at) index.arrivals.resize(at + 1, 0);
      index.arrivals[at] = word;
    }
  if (!index.arrivals.empty()) index.arrivals.resize(std::max(index.arrivals.size(), index.entries.size()), 0);
  if (unattributed)
    for (const Site &site : barriers) {
      const Instruction &i = f.blocks[site.block].code[site.pos];
      if (has(i.opcode, ".ARV")) continue;
      size_t at = i.offset / 16;
      if (index.entries.size() <= at) index.entries.resize(at + 1, 0);
      index.entries[at] |= kPcUnattributedArrive;
    }
}

} // namespace

SassAccessIndex indexBasicBlockGraph(const std::string &dot) {
  static const std::regex subgraph(R"re(^subgraph "cluster_(.*)" \{)re");
  static const std::regex nodeName(R"re(^"([^"]+)"\s*$)re");
  static const std::regex edge(R"re(^"([^"]+)":\w+:\w+ -> "([^"]+)":)re");
  std::vector<Function> functions;
  std::vector<std::pair<std::string, std::string>> edges;
  std::istringstream in(dot);
  std::string line, pending;
  auto flushEdges = [&] {
    if (functions.empty()) return;
    Function &f = functions.back();
    for (auto &[from, to] : edges) {
      auto a = f.byNode.find(from), b = f.byNode.find(to);
      if (a != f.byNode.end() && b != f.byNode.end()) f.blocks[b->second].preds.push_back(a->second);
    }
    edges.clear();
  };
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, subgraph)) {
      flushEdges();
      functions.push_back({m[1].str(), {}, {}});
      pending.clear();
    } else if (std::regex_match(line, m, nodeName)) {
      pending = m[1].str();
    } else if (line.rfind("[label=", 0) == 0 && !pending.empty() && !functions.empty()) {
      Function &f = functions.back();
      f.byNode[pending] = f.blocks.size();
      f.blocks.push_back({});
      parseInstructions(line, f.blocks.back().code);
      pending.clear();
    } else if (std::regex_search(line, m, edge)) {
      edges.push_back({m[1].str(), m[2].str()});
    }
  }
  flushEdges();
  SassAccessIndex index;
  for (Function &f : functions) {
    if (f.blocks.empty()) continue;
    // The function's own node (its name) is the entry.
    auto entry = f.byNode.find(f.name);
    if (entry != f.byNode.end() && entry->second != 0) {
      size_t e = entry->second;
      std::swap(f.blocks[0], f.blocks[e]);
      for (Block &b : f.blocks)
        for (size_t &p : b.preds) p = p == 0 ? e : p == e ? 0 : p;
    }
    analyse(f, index[f.name]);
  }
  return index;
}

const char *const kIndexCubinArgs = "-bbcfg -poff";

bool indexCubin(const std::string &nvdisasm, const std::string &cubin, SassAccessIndex &out, std::string &error,
                long function, std::string *listing) {
  int fds[2];
  if (pipe(fds) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  // Its messages go to an unlinked temporary file: read back on failure.
  const char *tmp = std::getenv("TMPDIR");
  std::string errPath = std::string(tmp && *tmp ? tmp : "/tmp") + "/warpcheck-nvdisasm-XXXXXX";
  int errFd = mkstemp(errPath.data());
  if (errFd >= 0) unlink(errPath.c_str());
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  if (errFd >= 0) posix_spawn_file_actions_adddup2(&actions, errFd, 2);
  else posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  // nvdisasm must not load the injection library the application runs with.
  std::vector<std::string> env;
  for (char **e = environ; *e; ++e)
    if (std::strncmp(*e, "LD_PRELOAD=", 11) != 0 && std::strncmp(*e, "CUDA_INJECTION64_PATH=", 22) != 0)
      env.push_back(*e);
  std::vector<char *> envp, argv;
  for (std::string &e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<std::string> args = {nvdisasm, "-bbcfg", "-poff"};
  if (function >= 0) args.insert(args.end(), {"-fun", std::to_string(function)});
  args.push_back(cubin);
  for (std::string &a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawn(&pid, nvdisasm.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    if (errFd >= 0) close(errFd);
    error = "cannot run " + nvdisasm + ": " + std::strerror(rc);
    return false;
  }
  std::string dot;
  char buf[65536];
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0) dot.append(buf, (size_t)n);
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  std::string messages;
  if (errFd >= 0) {
    lseek(errFd, 0, SEEK_SET);
    while (messages.size() < 4096 && (n = read(errFd, buf, sizeof buf)) > 0) messages.append(buf, (size_t)n);
    close(errFd);
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    error = nvdisasm + " -bbcfg failed on " + cubin;
    if (!WIFEXITED(status)) error += " (signal " + std::to_string(WTERMSIG(status)) + ")";
    std::string first = messages.substr(0, messages.find('\n'));
    if (first.size() > 200) first = first.substr(0, 200) + "...";
    if (!first.empty()) error += ": " + first;
    return false;
  }
  out = indexBasicBlockGraph(dot);
  if (listing) *listing = std::move(dot);
  return true;
}

} // namespace warpcheck::run
