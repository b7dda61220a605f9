#include "analyzer/uniformity/Divergence.h"

namespace warpcheck {

const char *divergenceName(Divergence d) {
  switch (d) {
  case Divergence::Uniform: return "block-uniform";
  case Divergence::Warp: return "warp-uniform";
  case Divergence::Thread: return "thread-dependent";
  }
  return "thread-dependent";
}

bool Uniformity::join(const Uniformity &other) {
  bool changed = false;
  if (other.level > level) {
    level = other.level;
    origin = other.origin;
    changed = true;
  } else if (!origin && other.origin && other.level == level && level != Divergence::Uniform) {
    origin = other.origin;
  }
  if (warpIndependent && !other.warpIndependent) {
    warpIndependent = false;
    changed = true;
  }
  if ((voteParams | other.voteParams) != voteParams) {
    voteParams |= other.voteParams;
    changed = true;
  }
  if ((params | other.params) != params) {
    params |= other.params;
    changed = true;
    if (!origin) origin = other.origin;
  }
  return changed;
}

} // namespace warpcheck
