#pragma once
// Reading an input file the user named (baseline, suppression file): only
// up to a size bound, so that /dev/zero, a FIFO fed forever or a huge file by
// mistake gives an error instead of a hang or an exhausted memory.
#include <cstddef>
#include <string>

namespace warpcheck {

// False with `problem` set ("is a directory", "cannot read it: ...",
// "larger than N MiB") when `path` cannot be read within `maxBytes`.
bool readBoundedFile(const std::string &path, size_t maxBytes, std::string &text, std::string &problem);

} // namespace warpcheck
