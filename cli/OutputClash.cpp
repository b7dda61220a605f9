#include "cli/OutputClash.h"
#include <sys/stat.h>

namespace warpcheck::cli {

std::string findOutputClash(const std::vector<NamedPath> &outputs, const std::vector<NamedPath> &inputs) {
  for (const NamedPath &out : outputs) {
    struct stat o;
    if (out.path.empty() || ::stat(out.path.c_str(), &o) != 0) continue;
    // Character devices (/dev/null, a terminal) are shared by everything.
    if (S_ISCHR(o.st_mode)) continue;
    for (const NamedPath &in : inputs) {
      struct stat i;
      if (in.path.empty() || ::stat(in.path.c_str(), &i) != 0) continue;
      if (i.st_dev == o.st_dev && i.st_ino == o.st_ino)
        return out.role + " '" + out.path + "' is " + in.role + " '" + in.path + "'" +
               (in.path == out.path ? "" : " (the same file)") + "; refusing to overwrite it";
    }
  }
  return "";
}

} // namespace warpcheck::cli
