#pragma once
// The page's inline style and scripts, kept as C++ raw strings so that the
// report is one self-contained file. The page's Content-Security-Policy
// allows exactly these (by hash, ContentHash.h), so edit them freely.

namespace warpcheck::html {

extern const char kPageStyle[];      // PageStyle.cpp: light and dark schemes
extern const char kErrorRecorder[];  // PageScript.cpp: first script in <head>
extern const char kFilterScript[];   // PageScript.cpp: last script in <body>

} // namespace warpcheck::html
