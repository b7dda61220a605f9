#include "support/Utf8.h"
#include "reports/formats/html/Escape.h"

namespace warpcheck::html {

std::string escape(std::string_view s) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t n = utf8Length(s, i); // 0: not UTF-8 (RFC 3629)
    if (n == 0) {
      appendUtf8(out, 0xFFFD);
      ++i;
      continue;
    }
    if (n == 2 && c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) {
      appendUtf8(out, 0xFFFD); // a C1 control (U+009B is CSI on some terminals): not for `cat page.html`
      i += 2;
      continue;
    }
    if (n > 1) {
      out.append(s.substr(i, n));
      i += n;
      continue;
    }
    switch (c) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&#39;"; break;
    case '\t':
    case '\n': out += static_cast<char>(c); break;
    case 0x7F: appendUtf8(out, 0x2421); break;
    default:
      if (c < 0x20) appendUtf8(out, 0x2400 + c);
      else out += static_cast<char>(c);
    }
    ++i;
  }
  return out;
}

} // namespace warpcheck::html
