#pragma once
// UTF-8, one validity rule for the whole project (RFC 3629, as nlohmann's
// JSON writer applies it): what the terminal-safe text, the HTML escaping
// and SARIF's UTF-16 columns take as a character. Inputs (source lines,
// paths, compiler messages) are bytes, not always UTF-8.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace warpcheck {

// The length (1 to 4) of the UTF-8 sequence at s[i], 0 when it is not a
// valid one: a stray continuation byte, C0/C1/F5..FF, an overlong form, a
// surrogate (U+D800..U+DFFF), a code point above U+10FFFF, or a sequence
// cut short by the end of `s`. `i` must be less than s.size().
size_t utf8Length(std::string_view s, size_t i);

// Appends `codePoint` as UTF-8 (1 to 4 bytes). Encodes what it is given,
// surrogates included (a YAML "\uD800" escape); at most U+10FFFF.
void appendUtf8(std::string &out, uint32_t codePoint);

} // namespace warpcheck
