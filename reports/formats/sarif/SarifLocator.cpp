#include "reports/formats/sarif/SarifLocator.h"
#include "reports/formats/sarif/FileUri.h"
#include "reports/model/SourcePaths.h"
#include "reports/formats/sarif/Utf16Columns.h"
#include <algorithm>

namespace warpcheck {

using nlohmann::json;

SarifLocator::SarifLocator(std::string sourceRoot) : root_(std::move(sourceRoot)) {
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

json SarifLocator::originalUriBaseIds() const {
  if (root_.empty()) return nullptr;
  std::string uri = fileUri(root_);
  if (uri.back() != '/') uri += '/'; // a base URI must end in '/' to resolve relative ones
  return {{kSarifSourceRootId, {{"uri", uri}}}};
}

json SarifLocator::artifactLocation(const std::string &file) const {
  std::string path = relativeToRoot(file, root_);
  if (!root_.empty() && !path.empty() && path[0] != '/')
    return {{"uri", percentEncodePath(path)}, {"uriBaseId", kSarifSourceRootId}};
  return {{"uri", fileUri(path)}};
}

std::string SarifLocator::displayPath(const std::string &file) const { return relativeToRoot(file, root_); }

json SarifLocator::region(const SourceRange &r) {
  if (r.line == 0) return nullptr;
  // An unset end (endLine 0) is the start; an end before the start is a point.
  unsigned endLine = r.endLine ? std::max(r.endLine, r.line) : r.line;
  unsigned lastColumn = r.endLine && r.endLine >= r.line ? r.endColumn : r.column;
  json j = {{"startLine", r.line}, {"endLine", endLine}};
  if (r.column == 0) return j;
  unsigned start = utf16StartColumn(sources_.line(r.file, r.line), r.column);
  unsigned end = utf16EndColumn(sources_.line(r.file, endLine), lastColumn);
  if (endLine == r.line) end = std::max(end, start); // an insertion: an empty region
  j["startColumn"] = start;
  j["endColumn"] = end;
  return j;
}

json SarifLocator::location(const SourceRange &r) {
  if (r.file.empty()) return json::object();
  json physical = {{"artifactLocation", artifactLocation(r.file)}};
  json reg = region(r);
  if (!reg.is_null()) physical["region"] = reg;
  return {{"physicalLocation", physical}};
}

} // namespace warpcheck
