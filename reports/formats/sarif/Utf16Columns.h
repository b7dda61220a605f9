#pragma once
// Byte columns (ours, as clang counts) to UTF-16 code-unit columns (SARIF's
// default columnKind, what GitHub and VS Code count). They differ on lines
// with non-ASCII text before the column: "é" is 2 bytes and 1 unit, "𝔘" is
// 4 bytes and 2 units.
#include <string>

namespace warpcheck {

// The 1-based UTF-16 column of the character starting at 1-based byte
// column `byteColumn` of `line`. Without the line (nullptr), the byte column.
unsigned utf16StartColumn(const std::string *line, unsigned byteColumn);

// The exclusive 1-based UTF-16 end column of a range whose last character is
// at the inclusive byte column `lastByteColumn` (any byte of that character;
// 0, or one less than the start, for an empty range). Without the line, the
// byte column plus one.
unsigned utf16EndColumn(const std::string *line, unsigned lastByteColumn);

} // namespace warpcheck
