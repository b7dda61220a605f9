#include "reports/formats/sarif/FileUri.h"

namespace warpcheck {

std::string percentEncodePath(const std::string &path) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                      c == '.' || c == '_' || c == '~';
    if (unreserved || c == '/') {
      out += char(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// "file://" + an empty authority + the absolute path, which starts with '/'.
std::string fileUri(const std::string &absolutePath) {
  std::string path = absolutePath.empty() || absolutePath[0] != '/' ? "/" + absolutePath : absolutePath;
  return "file://" + percentEncodePath(path);
}

} // namespace warpcheck
