// The YAML-subset reader (config/YamlSubset.h): what it reads, and every
// kind of error with its line and column.
#include "config/YamlSubset.h"
#include <gtest/gtest.h>

namespace warpcheck {
namespace {

// The tree on one line: scalars as read, [a, b], {k: v}, ~ for nothing.
std::string shape(const YamlNode &n) {
  std::string out;
  switch (n.kind) {
  case YamlNode::Kind::Null: return "~";
  case YamlNode::Kind::Scalar: return n.value;
  case YamlNode::Kind::Sequence:
    for (const YamlNode &i : n.items) out += (out.empty() ? "" : ", ") + shape(i);
    return "[" + out + "]";
  case YamlNode::Kind::Mapping:
    for (const YamlEntry &e : n.entries) out += (out.empty() ? "" : ", ") + e.key + ": " + shape(e.value);
    return "{" + out + "}";
  }
  return "?";
}

YamlNode parse(const std::string &text) {
  YamlNode n;
  YamlError e;
  EXPECT_TRUE(parseYaml(text, n, e)) << e.line << ":" << e.column << ": " << e.message;
  return n;
}

std::string shapeOf(const std::string &text) { return shape(parse(text)); }

// "line:col: message", or "parsed" when the text is accepted.
std::string errorOf(const std::string &text) {
  YamlNode n;
  YamlError e;
  if (parseYaml(text, n, e)) return "parsed";
  return std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message;
}

TEST(YamlSubset, BlockMappingWithCommentsKeepsPositions) {
  YamlNode n = parse("# leading comment\n"
                     "Rules: ['*', \"-x\"]   # trailing\n"
                     "\n"
                     "FailOn: error\n");
  EXPECT_EQ(shape(n), "{Rules: [*, -x], FailOn: error}");
  ASSERT_EQ(n.entries.size(), 2u);
  EXPECT_EQ(n.entries[1].line, 4u);
  EXPECT_EQ(n.entries[1].column, 1u);
  EXPECT_EQ(n.entries[0].value.line, 2u);
  EXPECT_EQ(n.entries[0].value.column, 8u);
  EXPECT_EQ(n.entries[0].value.items[1].column, 14u);
}

TEST(YamlSubset, BlockSequencesIndentedOrAtTheirKey) {
  EXPECT_EQ(shapeOf("A:\n  - one\n  - 'two'\nB:\n- three\n- four   \nC: []\n"),
            "{A: [one, two], B: [three, four], C: []}");
}

TEST(YamlSubset, NestedMappingsAndListsOfMappings) {
  EXPECT_EQ(shapeOf("Severities:\n"
                    "  barrier-divergent: warning\n"
                    "  \"warp-*\": note\n"
                    "List:\n"
                    "  - a: 1\n"
                    "    b: 2\n"
                    "  - - x\n"
                    "    - y\n"
                    "  -\n"
                    "    deep\n"
                    "Empty: {}\n"),
            "{Severities: {barrier-divergent: warning, warp-*: note}, List: [{a: 1, b: 2}, [x, y], deep], Empty: {}}");
}

TEST(YamlSubset, FlowSequenceAcrossLinesWithCommentsAndTrailingComma) {
  EXPECT_EQ(shapeOf("Rules: [\n  '*',     # all\n  -warp-legacy-intrinsic,\n  [nested, list],\n]\nNext: 1\n"),
            "{Rules: [*, -warp-legacy-intrinsic, [nested, list]], Next: 1}");
}

TEST(YamlSubset, QuotedAndPlainScalars) {
  YamlNode n = parse("a: 'it''s # not a comment'\n"
                     "b: \"tab\\there \\\"q\\\" \\u00e9 \\x41\\\\\"\n"
                     "c: plain with spaces   \n"
                     "d: x#y\n"
                     "e: http://host:80/x\n"
                     "'quoted key': \"\"\n");
  ASSERT_EQ(n.entries.size(), 6u);
  EXPECT_EQ(n.entries[0].value.value, "it's # not a comment");
  EXPECT_EQ(n.entries[1].value.value, "tab\there \"q\" \xC3\xA9 A\\");
  EXPECT_EQ(n.entries[2].value.value, "plain with spaces");
  EXPECT_EQ(n.entries[3].value.value, "x#y");
  EXPECT_EQ(n.entries[4].value.value, "http://host:80/x");
  EXPECT_EQ(n.entries[5].key, "quoted key");
  EXPECT_EQ(n.entries[5].value.kind, YamlNode::Kind::Scalar);
  EXPECT_EQ(n.entries[5].value.value, "");
}

TEST(YamlSubset, EveryScalarIsAString) {
  EXPECT_EQ(shapeOf("A: true\nB: 80\nC: null\nD: ~\n"), "{A: true, B: 80, C: null, D: ~}");
  EXPECT_EQ(parse("D: ~\n").entries[0].value.kind, YamlNode::Kind::Scalar);
}

TEST(YamlSubset, NothingIsNull) {
  YamlNode n = parse("A:\nB: 1\nC:   # comment\n");
  EXPECT_EQ(shape(n), "{A: ~, B: 1, C: ~}");
  EXPECT_EQ(n.entries[0].value.line, 1u);
  EXPECT_EQ(n.entries[0].value.column, 3u);
  EXPECT_EQ(parse("").kind, YamlNode::Kind::Null);
  EXPECT_EQ(parse("# only a comment\n\n   \n").kind, YamlNode::Kind::Null);
}

TEST(YamlSubset, DocumentStartCrlfAndByteOrderMark) {
  EXPECT_EQ(shapeOf("---\nA: 1\n"), "{A: 1}");
  EXPECT_EQ(shapeOf("--- # comment\nA: 1\n"), "{A: 1}");
  EXPECT_EQ(shapeOf("A: 1\r\nB: [x,\r\n y]\r\n"), "{A: 1, B: [x, y]}");
  YamlNode n = parse("\xEF\xBB\xBF" "A: 1\n");
  EXPECT_EQ(shape(n), "{A: 1}");
  EXPECT_EQ(n.entries[0].column, 1u);
}

TEST(YamlSubset, ErrorsOfIndentation) {
  EXPECT_EQ(errorOf("A:\n\t- x\n"), "2:1: tabs cannot indent YAML; use spaces");
  EXPECT_EQ(errorOf("A:\n  \t- x\n"), "2:3: tabs cannot indent YAML; use spaces");
  EXPECT_EQ(errorOf("A: 1\n  B: 2\n"), "2:3: unexpected indentation");
  EXPECT_EQ(errorOf("A: b\n  c\n"), "2:3: unexpected indentation");
  EXPECT_EQ(errorOf("A:\n  - x\n    - y\n"), "3:5: unexpected indentation");
  EXPECT_EQ(errorOf("  A: 1\nB: 2\n"), "2:1: this line is less indented than the first line of the document");
  EXPECT_EQ(errorOf("a\nb\n"),
            "2:1: expected the end of the document (a value cannot continue on the next line; quote it on one line)");
  EXPECT_EQ(errorOf("A: 1\nB\n"), "2:1: expected 'key: value'");
  EXPECT_EQ(errorOf("A: 1\nB:2\n"), "2:1: expected 'key: value' (a space must follow the ':' of a key)");
  EXPECT_EQ(errorOf("A: 1\n- x\n"), "2:1: expected 'key: value', found a list item");
  EXPECT_EQ(errorOf("A: - x\n"), "1:4: a list cannot start on the line of its key; put each '- item' on its own line");
}

TEST(YamlSubset, ErrorsOfQuoting) {
  EXPECT_EQ(errorOf("A: 'abc\n"), "1:4: unterminated single-quoted string (a quoted string ends on its own line)");
  EXPECT_EQ(errorOf("A:\n  - \"abc\n  - d\n"),
            "2:5: unterminated double-quoted string (a quoted string ends on its own line)");
  EXPECT_EQ(errorOf("A: \"abc\\\n  def\"\n"),
            "1:4: unterminated double-quoted string (a quoted string ends on its own line)");
  EXPECT_EQ(errorOf("A: \"a\\qb\"\n"), "1:6: unknown escape '\\q'");
  EXPECT_EQ(errorOf("A: \"\\u12\"\n"), "1:5: expected 4 hex digits in the escape");
  EXPECT_EQ(errorOf("A: \"\\ud800\"\n"), "1:5: the escape is not a Unicode code point");
  EXPECT_EQ(errorOf("A: 'x'#c\n"), "1:7: a comment needs a space before '#'");
  EXPECT_EQ(errorOf("A: 'x' y\n"), "1:8: unexpected 'y' after the value");
  EXPECT_EQ(errorOf("A: [x] y\n"), "1:8: unexpected 'y' after the value");
  EXPECT_EQ(errorOf("A: b: c\n"),
            "1:5: ': ' inside a plain value; quote the value, or put a nested mapping on its own lines");
}

TEST(YamlSubset, ErrorsOfUnsupportedYaml) {
  EXPECT_EQ(errorOf("A: &x 1\n"), "1:4: anchors (&name) are not supported");
  EXPECT_EQ(errorOf("A: *x\n"), "1:4: aliases (*name) are not supported; quote a value that starts with '*', like '*'");
  EXPECT_EQ(errorOf("Rules: [*, -x]\n"),
            "1:9: aliases (*name) are not supported; quote a value that starts with '*', like '*'");
  EXPECT_EQ(errorOf("A: !!str 1\n"), "1:4: tags (!name) are not supported");
  EXPECT_EQ(errorOf("A: |\n  text\n"),
            "1:4: block scalars ('|', '>') are not supported; write the value on one line, quoted if needed");
  EXPECT_EQ(errorOf("A: >-\n  text\n"),
            "1:4: block scalars ('|', '>') are not supported; write the value on one line, quoted if needed");
  EXPECT_EQ(errorOf("A: {b: 1}\n"),
            "1:4: flow mappings ({...}) are not supported; write 'key: value' lines (only {} is read, as an empty mapping)");
  EXPECT_EQ(errorOf("A: [a: b]\n"), "1:6: flow mappings (key: value inside [...]) are not supported");
  EXPECT_EQ(errorOf("A: 1\n---\nB: 2\n"), "2:1: several documents in one file are not supported");
  EXPECT_EQ(errorOf("A: 1\n...\n"), "2:1: document end markers ('...') are not supported");
  EXPECT_EQ(errorOf("%YAML 1.2\n---\nA: 1\n"), "1:1: directives (%YAML, %TAG) are not supported");
  EXPECT_EQ(errorOf("? a\n: b\n"), "1:1: complex keys ('? ') are not supported");
  EXPECT_EQ(errorOf("A: [- x]\n"), "1:5: '- ' list items cannot appear inside [...]");
  EXPECT_EQ(errorOf("A: @x\n"), "1:4: '@' cannot start a plain value; quote the value");
}

TEST(YamlSubset, ErrorsOfStructure) {
  EXPECT_EQ(errorOf("A: 1\nB: 2\nA: 3\n"), "3:1: duplicate key 'A' (first at line 1)");
  EXPECT_EQ(errorOf("A:\n  x: 1\n  'x': 2\n"), "3:3: duplicate key 'x' (first at line 2)");
  EXPECT_EQ(errorOf("A: [x, y\n"), "1:4: unterminated '[' (no matching ']')");
  EXPECT_EQ(errorOf("A: [x, y\nB: 1\n"), "2:1: expected ',' or ']' in [...]");
  EXPECT_EQ(errorOf("A: [x y z\n  w]\n"), "2:3: expected ',' or ']' in [...]"); // no multi-line plain values
  EXPECT_EQ(errorOf("A: [x,,y]\n"), "1:7: empty entry in [...]");
  EXPECT_EQ(errorOf("A: [x] ]\n"), "1:8: unexpected ']' after the value");
  EXPECT_EQ(errorOf(": b\n"), "1:1: empty key");
  EXPECT_EQ(errorOf("A: ,x\n"), "1:4: unexpected ','");
}

TEST(YamlSubset, ErrorsOfCharacters) {
  EXPECT_EQ(errorOf("A: \x01\n"), "1:4: control character 0x01 is not allowed");
  EXPECT_EQ(errorOf(std::string("A: 1\nB: x\0y\n", 12)), "2:5: control character 0x00 is not allowed");
  EXPECT_EQ(errorOf("A: 1\rB: 2\n"), "1:5: control character 0x0d is not allowed");
  EXPECT_EQ(errorOf("A: 1\x7f\n"), "1:5: control character 0x7f is not allowed");
}

TEST(YamlSubset, NestingIsLimited) {
  std::string deep(100, '[');
  std::string error = errorOf("A: " + deep + "\n");
  EXPECT_NE(error.find("nesting deeper than 64 levels"), std::string::npos) << error;
  std::string dashes;
  for (int i = 0; i < 100; ++i) dashes += "- ";
  error = errorOf(dashes + "x\n");
  EXPECT_NE(error.find("nesting deeper than 64 levels"), std::string::npos) << error;
  std::string nested = std::string(30, '[') + std::string(30, ']');
  EXPECT_EQ(shapeOf("A: " + nested + "\n"), "{A: " + nested + "}");
}

TEST(YamlSubset, ScalarsAreWrittenSoTheyReadBack) {
  const std::string values[] = {"plain", "sm_90", "-x", "*", "it's", "a: b", "a #b", "x,y", "", " lead",
                                "trail ", "tab\tin", "nl\nx", "\xC3\xA9t\xC3\xA9", "[x]", "%x", "quo\"te",
                                "back\\slash", "{}", "?", "-", "a:", std::string("nul\0", 4), "#x", "'"};
  for (const std::string &v : values) {
    std::string written = yamlScalar(v);
    YamlNode block = parse("k: " + written + "\n");
    ASSERT_EQ(block.entries.size(), 1u) << written;
    EXPECT_EQ(block.entries[0].value.value, v) << written;
    YamlNode flow = parse("k: [" + written + ", next]\n");
    ASSERT_EQ(flow.entries[0].value.items.size(), 2u) << written;
    EXPECT_EQ(flow.entries[0].value.items[0].value, v) << written;
    if (!v.empty()) // an empty key is an error
      EXPECT_EQ(parse(written + ": v\n").entries.at(0).key, v) << written;
  }
  EXPECT_EQ(yamlScalar("barrier-divergent"), "barrier-divergent");
  EXPECT_EQ(yamlScalar("*"), "'*'");
  EXPECT_EQ(yamlScalar("it's: x"), "'it''s: x'");
  EXPECT_EQ(yamlScalar("a\nb"), "\"a\\nb\"");
}

} // namespace
} // namespace warpcheck
