#include "support/Printable.h"
#include "support/Utf8.h"
#include <cstdio>

namespace warpcheck {

size_t escapedLength(const std::string &s, size_t i, bool keepTabs) {
  unsigned char c = s[i];
  if (c == '\t') return keepTabs ? 0 : 1;
  size_t n = utf8Length(s, i);
  if (n == 0 || c < 0x20 || c == 0x7F) return 1; // a control, or a byte of no valid UTF-8 sequence
  if (n == 2 && c == 0xC2 && (unsigned char)s[i + 1] < 0xA0) return 2; // C1 (U+009B is CSI on some terminals)
  return 0;
}

std::string printable(const std::string &s, size_t maxBytes, bool keepTabs) {
  static const char hex[] = "0123456789abcdef";
  std::string out;
  size_t i = 0;
  while (i < s.size() && out.size() < maxBytes) {
    size_t n = escapedLength(s, i, keepTabs);
    if (n) {
      unsigned char c = s[i + n - 1]; // a C1 control shows as its code point
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
      i += n;
      continue;
    }
    size_t len = utf8Length(s, i);
    out.append(s, i, len ? len : 1);
    i += len ? len : 1;
  }
  if (i < s.size()) out += "...";
  return out;
}

std::string shellQuoted(const std::string &arg) {
  if (!arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                            "_./=:,+-@%") == std::string::npos)
    return arg;
  std::string q = "'";
  for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string yamlQuoted(const std::string &s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    default:
      if (c < 0x20 || c == 0x7f) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02x", c);
        out += buf;
      } else {
        out += char(c);
      }
    }
  }
  return out + "\"";
}

} // namespace warpcheck
