#include "reports/ReadFile.h"
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace warpcheck {

bool readBoundedFile(const std::string &path, size_t maxBytes, std::string &text, std::string &problem) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return problem = "is a directory", false;
  std::ifstream in(path, std::ios::binary);
  if (!in) return problem = std::string("cannot read it: ") + std::strerror(errno), false;
  text.assign(maxBytes + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  if (in.bad()) return problem = "cannot read it", false;
  text.resize(size_t(in.gcount()));
  if (text.size() > maxBytes) return problem = "larger than " + std::to_string(maxBytes >> 20) + " MiB", false;
  return true;
}

} // namespace warpcheck
