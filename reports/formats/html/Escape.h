#pragma once
#include <string>
#include <string_view>

namespace warpcheck::html {

// Text for HTML content and quoted attribute values: & < > " ' escaped, bytes
// that are not valid UTF-8 replaced by U+FFFD (paths, compiler messages and
// source lines are bytes, not always UTF-8), and control characters other
// than tab and newline shown as their Unicode control pictures (ESC as ␛).
std::string escape(std::string_view bytes);

} // namespace warpcheck::html
