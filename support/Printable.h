#pragma once
// Text from inputs (source lines, compiler and reader messages, file names)
// made safe to show on a terminal: a crafted source, report or file name must
// not be able to drive the terminal (ESC sequences, CSI) nor split one
// finding's line of the gcc and github formats in two.
#include <cstddef>
#include <string>

namespace warpcheck {

// C0 controls (newline included; tab too unless `keepTabs`), DEL, C1
// controls (U+0080..U+009F) and bytes of no valid UTF-8 sequence
// (support/Utf8.h) as \xNN;
// text past `maxBytes` cut with "...".
std::string printable(const std::string &s, size_t maxBytes = std::string::npos, bool keepTabs = false);

// Whether the byte at s[i] starts something printable() escapes, and how
// many bytes it covers (1, or 2 for a C1 control); 0 when it is shown as is.
size_t escapedLength(const std::string &s, size_t i, bool keepTabs = false);

// An argument as a POSIX shell needs it, so that a command can be pasted
// (quoted only when it has to be).
std::string shellQuoted(const std::string &arg);

// A YAML double-quoted scalar holding `s` exactly (escapes for '"', '\\'
// and control characters): the export-fixes file, .warpcheck.yaml dumps.
std::string yamlQuoted(const std::string &s);

} // namespace warpcheck
