// --fix and --export-fixes: fix-its as byte edits (reports/fix/).
#include "ReportTestUtil.h"
#include "reports/fix/ExportFixes.h"
#include "reports/fix/FixPlan.h"
#include "support/Printable.h"
#include <map>

namespace warpcheck {
namespace {

using test::at;
using test::finding;

const std::string kSource = "__global__ void k(float *o) {\n"
                            "  o[0] = __shfl(o[0], 1);\n"
                            "  o[1] = __any(o[1] > 0);\n"
                            "}\n";

FileText reader(std::map<std::string, std::string> &files) {
  return [&files](const std::string &file, std::string &why) -> const std::string * {
    auto it = files.find(file);
    if (it == files.end()) return why = "cannot read it", nullptr;
    return &it->second;
  };
}

Finding withFix(unsigned line, unsigned col, unsigned endCol, const std::string &text, const std::string &rule = "r") {
  Finding f = finding(rule, Severity::Error, at("k.cu", line, col), "message");
  f.fixits.push_back({at("k.cu", line, col, line, endCol), text});
  return f;
}

TEST(FixPlan, ByteOffsetsOfLinesAndColumns) {
  size_t off = 0;
  ASSERT_TRUE(byteOffset(kSource, 2, 10, off));
  EXPECT_EQ(kSource.substr(off, 6), "__shfl");
  ASSERT_TRUE(byteOffset(kSource, 4, 2, off)); // the end of the last line
  EXPECT_EQ(off, kSource.size() - 1);
  EXPECT_FALSE(byteOffset(kSource, 2, 40, off)); // past the line's end
  EXPECT_FALSE(byteOffset(kSource, 9, 1, off));  // no such line
}

TEST(FixPlan, ReplacesAndInserts) {
  std::map<std::string, std::string> files{{"k.cu", kSource}};
  std::vector<Finding> fs{withFix(2, 10, 16, "__shfl_sync(0xffffffff, "), withFix(3, 10, 15, "__any_sync(0xffffffff, ")};
  Finding insert = finding("s", Severity::Warning, at("k.cu", 3, 3), "insert");
  insert.fixits.push_back({at("k.cu", 3, 3, 3, 2), "__syncwarp();\n  "});
  fs.push_back(insert);
  FixPlan plan = planFixes(fs, reader(files));
  EXPECT_TRUE(plan.notes.empty());
  EXPECT_EQ(plan.applicable(), 3u);
  ASSERT_EQ(plan.byFile["k.cu"].size(), 3u);
  EXPECT_EQ(plan.byFile["k.cu"][1].length, 0u); // the insertion, before the replacement at its offset
  EXPECT_EQ(applyReplacements(kSource, plan.byFile["k.cu"]),
            "__global__ void k(float *o) {\n"
            "  o[0] = __shfl_sync(0xffffffff, o[0], 1);\n"
            "  __syncwarp();\n"
            "  o[1] = __any_sync(0xffffffff, o[1] > 0);\n"
            "}\n");
}

// The host and device passes (or two findings) proposing one edit: made once.
TEST(FixPlan, TheSameEditTwiceIsMadeOnce) {
  std::map<std::string, std::string> files{{"k.cu", kSource}};
  std::vector<Finding> fs{withFix(2, 10, 20, "__shfl_sync(0xffffffff, "),
                          withFix(2, 10, 20, "__shfl_sync(0xffffffff, ", "other")};
  fs[0].fixits.push_back(fs[0].fixits[0]);
  FixPlan plan = planFixes(fs, reader(files));
  EXPECT_TRUE(plan.notes.empty());
  ASSERT_EQ(plan.fixes.size(), 2u);
  EXPECT_EQ(plan.fixes[0].replacements.size(), 1u);
  EXPECT_TRUE(plan.fixes[1].duplicate);
  EXPECT_EQ(plan.applicable(), 1u);
  EXPECT_EQ(plan.byFile["k.cu"].size(), 1u);
}

TEST(FixPlan, OverlappingFixIsSkippedWithANoteNamingBoth) {
  std::map<std::string, std::string> files{{"k.cu", kSource}};
  std::vector<Finding> fs{withFix(2, 10, 20, "__shfl_sync(0xffffffff, ", "first"),
                          withFix(2, 12, 15, "XX", "second"), withFix(2, 3, 6, "p[0]", "third")};
  // An insertion strictly inside a replaced range conflicts too; one at its
  // start does not.
  Finding inside = finding("fourth", Severity::Warning, at("k.cu", 2, 11), "m");
  inside.fixits.push_back({at("k.cu", 2, 11, 2, 10), "y"});
  fs.push_back(inside);
  Finding atStart = finding("fifth", Severity::Warning, at("k.cu", 2, 10), "m");
  atStart.fixits.push_back({at("k.cu", 2, 10, 2, 9), "z"});
  fs.push_back(atStart);
  FixPlan plan = planFixes(fs, reader(files));
  ASSERT_EQ(plan.notes.size(), 2u);
  EXPECT_EQ(plan.notes[0], "not applying the fix of [second] at k.cu:2:12: it overlaps the fix of [first] at k.cu:2:10");
  EXPECT_NE(plan.notes[1].find("[fourth]"), std::string::npos);
  EXPECT_EQ(plan.applicable(), 3u);
}

TEST(FixPlan, AFindingWhoseOwnEditsConflictIsSkipped) {
  std::map<std::string, std::string> files{{"k.cu", kSource}};
  Finding f = withFix(2, 10, 20, "__shfl_sync(0xffffffff, ");
  f.fixits.push_back({at("k.cu", 2, 10, 2, 20), "__shfl_sync(0xffff, "}); // another pass, another mask
  FixPlan plan = planFixes({f}, reader(files));
  ASSERT_EQ(plan.notes.size(), 1u);
  EXPECT_NE(plan.notes[0].find("its own edits overlap"), std::string::npos);
  EXPECT_TRUE(plan.byFile.empty());
}

TEST(FixPlan, UnreadableOrChangedFilesAreNamed) {
  std::map<std::string, std::string> files{{"k.cu", "short\n"}};
  std::vector<Finding> fs{withFix(2, 10, 20, "x")};
  Finding other = withFix(1, 1, 1, "y");
  other.fixits[0].where.file = "gone.cu";
  fs.push_back(other);
  FixPlan plan = planFixes(fs, reader(files));
  ASSERT_EQ(plan.notes.size(), 2u);
  EXPECT_NE(plan.notes[0].find("is not in the file"), std::string::npos);
  EXPECT_NE(plan.notes[1].find("'gone.cu': cannot read it"), std::string::npos);
  EXPECT_TRUE(plan.fixes.empty());
}

TEST(ExportFixes, ClangApplyReplacementsYaml) {
  std::map<std::string, std::string> files{{"/src/k.cu", kSource}};
  Finding f = finding("warp-legacy-intrinsic", Severity::Error, at("/src/k.cu", 2, 10), "say \"no\"");
  f.fixits.push_back({at("/src/k.cu", 3, 3, 3, 2), "__syncwarp();\n\t"});
  std::vector<Finding> fs{f}; // the plan points into it
  FixPlan plan = planFixes(fs, reader(files));
  EXPECT_EQ(formatExportFixes(plan, "/src/k.cu", reader(files)),
            "---\n"
            "MainSourceFile: \"/src/k.cu\"\n"
            "Diagnostics:\n"
            "  - DiagnosticName: \"warp-legacy-intrinsic\"\n"
            "    DiagnosticMessage:\n"
            "      Message: \"say \\\"no\\\"\"\n"
            "      FilePath: \"/src/k.cu\"\n"
            "      FileOffset: 39\n"
            "      Replacements:\n"
            "        - FilePath: \"/src/k.cu\"\n"
            "          Offset: 58\n"
            "          Length: 0\n"
            "          ReplacementText: \"__syncwarp();\\n\\t\"\n"
            "    Level: Error\n"
            "...\n");
  EXPECT_EQ(formatExportFixes(FixPlan{}, "", reader(files)), "---\nMainSourceFile: \"\"\nDiagnostics: []\n...\n");
  EXPECT_EQ(yamlQuoted(std::string("a\x01") + "\\"), "\"a\\x01\\\\\"");
}

} // namespace
} // namespace warpcheck
