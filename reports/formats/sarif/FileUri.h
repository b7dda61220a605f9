#pragma once
// URIs for file paths, as SARIF wants them (RFC 3986): every byte but the
// unreserved characters and '/' percent-encoded, so spaces, '%', '#', ':'
// and non-ASCII names (UTF-8, byte by byte) survive any URI parser.
#include <string>

namespace warpcheck {

// `path` as a URI path or relative reference: "src/my kernels/a.cu" ->
// "src/my%20kernels/a.cu".
std::string percentEncodePath(const std::string &path);

// "file:///abs/path" for an absolute path; a trailing '/' is kept.
std::string fileUri(const std::string &absolutePath);

} // namespace warpcheck
