#include "cli/TimeReport.h"
#include <algorithm>
#include <cstdio>
#include <vector>

namespace warpcheck::cli {
namespace {

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%8.3f s", s);
  return buf;
}

} // namespace

void writeTimeReport(std::ostream &os, const Report &report) {
  std::map<std::string, double> allRules;
  double allParse = 0, allAnalysis = 0;
  os << "warpcheck: time report (wall time; a rule's time includes the shared uniformity analysis of the functions it was first to need)\n";
  for (const FileStatus &f : report.files) {
    if (!f.timing) continue;
    os << f.path << '\n';
    for (const FileTiming::PassTime &p : f.timing->passes) {
      os << "  pass " << p.pass << ": parse" << seconds(p.parseSeconds) << ", analysis" << seconds(p.analysisSeconds)
         << " (uniformity" << seconds(p.uniformitySeconds) << ")\n";
      allParse += p.parseSeconds;
      allAnalysis += p.analysisSeconds;
    }
    std::vector<std::pair<std::string, double>> rules(f.timing->ruleSeconds.begin(), f.timing->ruleSeconds.end());
    std::stable_sort(rules.begin(), rules.end(), [](auto &a, auto &b) { return a.second > b.second; });
    for (const auto &[rule, s] : rules) {
      os << "    " << seconds(s) << "  " << rule << '\n';
      allRules[rule] += s;
    }
  }
  os << "total: parse" << seconds(allParse) << ", analysis" << seconds(allAnalysis) << '\n';
  std::vector<std::pair<std::string, double>> rules(allRules.begin(), allRules.end());
  std::stable_sort(rules.begin(), rules.end(), [](auto &a, auto &b) { return a.second > b.second; });
  for (const auto &[rule, s] : rules) os << "    " << seconds(s) << "  " << rule << '\n';
}

} // namespace warpcheck::cli
