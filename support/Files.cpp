#include "support/Files.h"
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/stat.h>

namespace warpcheck {

bool readBoundedFile(const std::string &path, size_t maxBytes, std::string &text, ReadFailure &failure) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return failure = {ReadFailure::Directory, ""}, false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return failure = {ReadFailure::CannotOpen, std::strerror(errno)}, false;
  // A regular file says its size: refuse a huge one before reading a byte.
  // (FIFOs and devices do not; the bound below stops those.)
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && size_t(st.st_size) > maxBytes)
    return failure = {ReadFailure::TooLarge, ""}, false;
  text.clear();
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, size_t(in.gcount()));
    if (text.size() > maxBytes) return failure = {ReadFailure::TooLarge, ""}, false;
  }
  if (in.bad()) return failure = {ReadFailure::ReadError, ""}, false;
  return true;
}

bool readWholeFile(const std::string &path, std::string &bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

std::string describe(const ReadFailure &failure, size_t maxBytes) {
  switch (failure.kind) {
  case ReadFailure::Directory: return "is a directory";
  case ReadFailure::CannotOpen: return "cannot read it: " + failure.systemError;
  case ReadFailure::ReadError: return "cannot read it";
  case ReadFailure::TooLarge: return "larger than " + std::to_string(maxBytes >> 20) + " MiB";
  }
  return "cannot read it";
}

} // namespace warpcheck
