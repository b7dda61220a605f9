#pragma once
// The strict reader of reference traces (JSON Lines). Anything the format
// does not define -- an unknown field, kind or value, a thread outside its
// launch, an event of an undeclared launch -- is an error naming file:line.
#include "runtime/reference/Trace.h"
#include <istream>
#include <stdexcept>
#include <string>

namespace warpcheck::reference {

struct TraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws TraceError("NAME:LINE: what") on bad input.
Trace parseTrace(std::istream &in, const std::string &name);
Trace parseTraceText(const std::string &text, const std::string &name = "<trace>");

} // namespace warpcheck::reference
