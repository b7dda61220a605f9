#include "reports/formats/DiagnosticGroups.h"
#include <map>
#include <tuple>

namespace warpcheck {

std::vector<DiagnosticGroup> groupDiagnostics(const std::vector<Diagnostic> &diags) {
  std::vector<DiagnosticGroup> out;
  std::map<std::tuple<std::string, unsigned, unsigned, std::string, std::string>, size_t> seen;
  for (const Diagnostic &d : diags) {
    auto key = std::make_tuple(d.where.file, d.where.line, d.where.column, d.severity, d.message);
    auto [it, fresh] = seen.emplace(key, out.size());
    if (fresh) out.push_back({&d, {}});
    if (!d.pass.empty()) out[it->second].passes.push_back(d.pass);
  }
  return out;
}

std::string passSuffix(const std::vector<std::string> &passes) {
  if (passes.empty()) return "";
  std::string s = " (";
  for (size_t i = 0; i < passes.size(); ++i) s += (i ? ", " : "") + passes[i];
  return s + (passes.size() == 1 ? " pass)" : " passes)");
}

} // namespace warpcheck
