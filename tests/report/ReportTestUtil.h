#pragma once
// Helpers shared by the Report*Test.cpp unit tests.
#include "reports/formats/Formats.h"
#include "reports/model/Report.h"
#include <gtest/gtest.h>
#include <fstream>
#include <sstream>
#include <vector>
#include <string>

namespace warpcheck::test {

// The lines of an output, without their newlines.
inline std::vector<std::string> lines(const std::string &s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// Format options with paths relative to `root` ("" keeps them as given).
inline FormatOptions rootedAt(const std::string &root) {
  FormatOptions o;
  o.sourceRoot = root;
  return o;
}

inline SourceRange at(const std::string &file, unsigned line, unsigned col, unsigned endLine = 0,
                      unsigned endCol = 0) {
  SourceRange r;
  r.file = file;
  r.line = line;
  r.column = col;
  r.endLine = endLine ? endLine : line;
  r.endColumn = endCol ? endCol : col;
  return r;
}

inline Finding finding(const std::string &rule, Severity sev, const SourceRange &where,
                       const std::string &message, std::vector<std::string> passes = {"sm_90"}) {
  Finding f;
  f.rule = rule;
  f.severity = sev;
  f.where = where;
  f.message = message;
  f.passes = std::move(passes);
  return f;
}

// A source file for snippets, unique per test so that tests can run in parallel.
inline std::string writeSource(const std::string &name, const std::string &text) {
  const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string path = ::testing::TempDir() + "warpcheck-" + info->test_suite_name() + "-" +
                     info->name() + "-" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

} // namespace warpcheck::test
