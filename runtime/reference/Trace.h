#pragma once
// One recorded execution of one or more kernel launches, as the reference
// checker reads it (docs/run-memory-model.md, "Appendix: trace format"):
// launch headers and events in the order they happened.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpcheck::reference {

// CpAsync: a cp.async's write of shared memory, made by the copy on its own
// after the issuing thread's event (the global read is not traced, as the
// GPU detector does not check it); CpCommit, CpWait, CpMbarArrive: the
// thread closes its open group of copies, waits for all but the newest
// `aux` groups, binds its open group to an mbarrier's phase.
enum class Kind { Read, Write, Rmw, Fence, Bar, Arrive, Syncwarp, MbarArrive, MbarWait, Exit, Malloc,
                  CpAsync, CpCommit, CpWait, CpMbarArrive };
enum class Space { Global, Shared };
enum class Sem { Plain, Volatile, Relaxed, Acquire, Release, AcqRel, Sc };
enum class Scope { Cta, Cluster, Gpu, Sys };

struct Launch {
  uint64_t id = 0;
  std::string kernel;
  uint64_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  std::vector<uint64_t> after; // launches ordered before this one
  int line = 0;                // of the header in the trace
  uint64_t blocks() const { return grid[0] * grid[1] * grid[2]; }
  uint64_t threadsPerBlock() const { return block[0] * block[1] * block[2]; }
};

struct Event {
  int line = 0; // in the trace file
  uint64_t launch = 0, block = 0, thread = 0;
  Kind kind = Kind::Read;
  uint64_t addr = 0;
  uint32_t bytes = 0; // an access's; a malloc's size
  Space space = Space::Global;
  Sem sem = Sem::Plain;
  Scope scope = Scope::Gpu;
  uint64_t pc = 0;
  uint64_t aux = 0; // barrier id*65536+count, a syncwarp mask, or the groups a cp_wait leaves
  std::string file; // optional source location, copied into findings
  int64_t srcLine = -1;

  bool isAccess() const {
    return kind == Kind::Read || kind == Kind::Write || kind == Kind::Rmw || kind == Kind::CpAsync;
  }
  bool reads() const { return kind == Kind::Read || kind == Kind::Rmw; }
  bool writes() const { return kind == Kind::Write || kind == Kind::Rmw || kind == Kind::CpAsync; }
  uint32_t warp() const { return static_cast<uint32_t>(thread / 32); }
  uint32_t lane() const { return static_cast<uint32_t>(thread % 32); }
};

struct Trace {
  std::string name; // the file, for messages
  std::vector<Launch> launches;
  std::map<uint64_t, size_t> launchIndex; // launch id -> index in launches
  std::vector<Event> events;
  const Launch &launch(uint64_t id) const { return launches[launchIndex.at(id)]; }
};

const char *kindName(Kind k);
const char *spaceName(Space s);
const char *semName(Sem s);
const char *scopeName(Scope s);

} // namespace warpcheck::reference
