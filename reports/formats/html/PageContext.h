#pragma once
// What every part of the HTML page needs: the sources (read once) and how
// paths are shown.
#include "reports/model/Finding.h"
#include "reports/model/SourceCache.h"
#include "reports/model/SourcePaths.h"
#include <string>

namespace warpcheck::html {

struct PageContext {
  SourceCache sources;
  std::string sourceRoot; // paths are shown relative to it; "" keeps them as given

  std::string path(const std::string &file) const {
    return shownPath(file, sourceRoot);
  }
  // "path:line:col" ("path:line" without a column, "path" for a whole file).
  std::string location(const SourceRange &r) const { return locationText(path(r.file), r, ColumnShown::IfKnown); }
};

} // namespace warpcheck::html
