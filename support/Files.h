#pragma once
// Reading whole files. One the user named (report, baseline, suppression
// file, configuration) only up to a size bound, so that /dev/zero, a FIFO
// fed forever or a huge file by mistake gives an error instead of a hang or
// an exhausted memory; each reader words the failure its own way. Files
// warpcheck wrote itself (the trace of a run) have no bound.
#include <cstddef>
#include <string>

namespace warpcheck {

struct ReadFailure {
  enum Kind { Directory, CannotOpen, ReadError, TooLarge } kind = ReadError;
  std::string systemError; // strerror(errno), for CannotOpen
};

// False with `failure` set when `path` cannot be read within `maxBytes`.
// A regular file larger than the bound is refused from its size, unread;
// others are read in chunks: memory grows with the file, not with the bound.
bool readBoundedFile(const std::string &path, size_t maxBytes, std::string &text, ReadFailure &failure);

// "is a directory", "cannot read it: <system error>", "cannot read it",
// "larger than N MiB".
std::string describe(const ReadFailure &failure, size_t maxBytes);

// All the bytes of a file warpcheck wrote itself; false (`bytes` then
// unspecified) when it cannot be opened or read.
bool readWholeFile(const std::string &path, std::string &bytes);

} // namespace warpcheck
