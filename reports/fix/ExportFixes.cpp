#include "reports/fix/ExportFixes.h"
#include "support/Printable.h"
#include <filesystem>
#include <sstream>

namespace warpcheck {
namespace {

std::string absolute(const std::string &path) {
  if (path.empty()) return path;
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(path, ec);
  return ec ? path : p.lexically_normal().string();
}

// clang::tooling::Diagnostic's levels.
const char *level(Severity s) {
  switch (s) {
  case Severity::Error: return "Error";
  case Severity::Warning: return "Warning";
  case Severity::Note: return "Remark";
  }
  return "Warning";
}

} // namespace

std::string formatExportFixes(const FixPlan &plan, const std::string &mainSourceFile, const FileText &read) {
  std::ostringstream y;
  y << "---\nMainSourceFile: " << yamlQuoted(absolute(mainSourceFile)) << "\n";
  if (plan.fixes.empty()) {
    y << "Diagnostics: []\n...\n";
    return y.str();
  }
  y << "Diagnostics:\n";
  for (const PlannedFix &p : plan.fixes) {
    const Finding &f = *p.finding;
    size_t at = 0;
    std::string why;
    const std::string *text = f.where.file.empty() ? nullptr : read(f.where.file, why);
    bool placed = text && byteOffset(*text, f.where.line, f.where.column, at);
    y << "  - DiagnosticName: " << yamlQuoted(f.rule) << "\n"
      << "    DiagnosticMessage:\n"
      << "      Message: " << yamlQuoted(f.message) << "\n"
      << "      FilePath: " << yamlQuoted(placed ? absolute(f.where.file) : "") << "\n"
      << "      FileOffset: " << (placed ? at : 0) << "\n"
      << "      Replacements:\n";
    for (const Replacement &r : p.replacements)
      y << "        - FilePath: " << yamlQuoted(absolute(r.file)) << "\n"
        << "          Offset: " << r.offset << "\n"
        << "          Length: " << r.length << "\n"
        << "          ReplacementText: " << yamlQuoted(r.text) << "\n";
    y << "    Level: " << level(f.severity) << "\n";
  }
  y << "...\n";
  return y.str();
}

} // namespace warpcheck
