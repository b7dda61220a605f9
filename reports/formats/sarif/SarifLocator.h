#pragma once
// SARIF locations for the SARIF writer: artifact URIs relative to the source
// root (%SRCROOT%) and regions in UTF-16 columns with an exclusive end.
#include "reports/model/Finding.h"
#include "reports/model/SourceCache.h"
#include <nlohmann/json.hpp>
#include <string>

namespace warpcheck {

// The uriBaseId that stands for the source root in every relative URI.
inline constexpr const char *kSarifSourceRootId = "%SRCROOT%";

class SarifLocator {
public:
  // `sourceRoot`: absolute directory; "" makes every URI an absolute file URI.
  explicit SarifLocator(std::string sourceRoot);

  // run.originalUriBaseIds: %SRCROOT% as a file URI ending in '/'; null
  // without a source root.
  nlohmann::json originalUriBaseIds() const;

  // {"uri": "src/a.cu", "uriBaseId": "%SRCROOT%"} under the root, else
  // {"uri": "file:///abs/a.cu"}.
  nlohmann::json artifactLocation(const std::string &file) const;
  // `file` as messages name it: relative to the root, else absolute.
  std::string displayPath(const std::string &file) const;

  // startLine, startColumn, endLine, endColumn: columns in UTF-16 code units
  // read from the source line (bytes when it cannot be read), the end
  // exclusive. Only the lines when the column is unknown; null for line 0.
  nlohmann::json region(const SourceRange &r);

  // A location object: physicalLocation with the region, or with the
  // artifact only when there is no line; empty when there is no file.
  nlohmann::json location(const SourceRange &r);

private:
  std::string root_;
  SourceCache sources_;
};

} // namespace warpcheck
