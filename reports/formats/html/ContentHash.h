#pragma once
// Content-Security-Policy hashes: the page allows exactly its own inline
// style and scripts, so nothing injected into it (and nothing from the
// network) can run or load, even if escaping had a hole.
#include <string>
#include <string_view>

namespace warpcheck::html {

// "'sha256-<base64>'" of `text`, as a CSP source expression.
std::string cspHash(std::string_view text);

// Lowercase hex SHA-256 of `data` (FIPS 180-4); exposed for its test.
std::string sha256Hex(std::string_view data);

} // namespace warpcheck::html
