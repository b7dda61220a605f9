#pragma once
// Writing what the user asked for (-o, --log-file, --write-baseline,
// --save-suppressions) and standard output so that nothing is lost without
// an error: a regular file is written to a temporary file beside it and
// renamed into place only once every byte is written, so an interrupted or
// failed run never leaves a partial report under the final name (nor
// destroys the previous one); a FIFO, a terminal or /dev/stdout is written
// in place (no rename there). Every write and close is checked.
#include <ostream>
#include <string>

namespace warpcheck {

// Checks, before any work, that `path` can become an output: not a
// directory, its directory exists. False with a one-line `error`.
bool checkOutputPath(const std::string &path, std::string &error);

// Writes `text` to `path` as above. False with a one-line `error` naming
// the path and the system's reason; the target is then untouched (regular
// files) and no temporary file is left.
bool writeOutputFile(const std::string &path, const std::string &text, std::string &error);

// Flushes `os` (std::cout, std::cerr) and reports whether everything
// written to it arrived: false with `error` ("cannot write to standard
// output: No space left on device") when a write failed.
bool flushStream(std::ostream &os, const std::string &name, std::string &error);

} // namespace warpcheck
