#pragma once
// Content-Security-Policy hashes computed in C++, for the tests only: the
// build computes the page's (reports/formats/html/gen_page_assets.py), and
// HtmlFormatTest checks the page's policy against this second, independent
// implementation.
#include <string>
#include <string_view>

namespace warpcheck::html {

// "'sha256-<base64>'" of `text`, as a CSP source expression.
std::string cspHash(std::string_view text);

// Lowercase hex SHA-256 of `data` (FIPS 180-4).
std::string sha256Hex(std::string_view data);

} // namespace warpcheck::html
