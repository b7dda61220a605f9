// support/JsonRead.h: parsing with a depth bound (nlohmann's parser
// callback) and typed access whose errors name the JSON path.
#include "support/JsonRead.h"
#include <gtest/gtest.h>
#include <sstream>

using namespace warpcheck::jsonin;
using nlohmann::json;

namespace {

std::string parseError(const std::string &text, int maxDepth = 4) {
  try {
    parse(text, maxDepth);
  } catch (const ReadError &e) {
    return e.message;
  }
  return "";
}

} // namespace

TEST(JsonRead, DepthBoundIsExact) {
  EXPECT_EQ(parse("[[[[1]]]]", 4), json::parse("[[[[1]]]]"));
  EXPECT_EQ(parseError("[[[[[1]]]]]"), "not valid JSON: nested deeper than 4 levels at line 1, column 5");
  EXPECT_EQ(parseError("{\"a\":[{\"b\":[{}]}]}"), "not valid JSON: nested deeper than 4 levels at line 1, column 13");
  // Scalars are no level; whitespace and lines before the bracket count.
  EXPECT_EQ(parse("[[[[1, \"x\", null]]]]", 4).dump(), "[[[[1,\"x\",null]]]]");
  EXPECT_EQ(parseError("[\n [\n  [\n   [\n    [ ]]]]]"), "not valid JSON: nested deeper than 4 levels at line 5, column 5");
}

TEST(JsonRead, BracketsInStringsAreText) {
  std::string text = "[\"" + std::string(1000, '[') + "\\\"{\"]";
  EXPECT_EQ(parse(text, 1)[0].get<std::string>(), std::string(1000, '[') + "\"{");
}

TEST(JsonRead, SiblingsDoNotAddUp) {
  std::string text = "[";
  for (int i = 0; i < 100; ++i) text += std::string(i ? "," : "") + "[[[1]]]";
  EXPECT_EQ(parse(text + "]", 4).size(), 100u);
}

TEST(JsonRead, FirstProblemInDocumentOrder) {
  EXPECT_EQ(parseError("[1,,[[[[[[[[").rfind("not valid JSON: parse error at line 1, column 4: syntax error", 0), 0u);
  EXPECT_EQ(parseError("[[[[[[,").rfind("not valid JSON: nested deeper than 4 levels at line 1, column 5", 0), 0u);
  EXPECT_EQ(parseError(""), "not valid JSON: parse error at line 1, column 1: syntax error while parsing value - "
                            "unexpected end of input; expected '[', '{', or a literal");
  EXPECT_EQ(parseError("[1] x").rfind("not valid JSON: parse error at line 1, column ", 0), 0u);
}

TEST(JsonRead, ReadAllIsBounded) {
  std::istringstream small("abc"), big(std::string(3 << 20, 'x'));
  EXPECT_EQ(readAll(small, 10), "abc");
  try {
    readAll(big, size_t(2) << 20);
    FAIL() << "no error";
  } catch (const ReadError &e) {
    EXPECT_EQ(e.message, "larger than 2 MiB; not read");
  }
}

TEST(JsonRead, ValueErrorsNameThePath) {
  json doc = json::parse(R"({"files": [{"line": -1, "name": 7, "kind": "z"}], "extra": 1})");
  std::vector<std::string> ignored;
  Context ctx{&ignored};
  auto failure = [](auto read) {
    try {
      read();
    } catch (const ReadError &e) {
      return e.message;
    }
    return std::string();
  };
  Value root(doc, "", ctx);
  Value file(doc["files"][0], "files[0]", ctx);
  EXPECT_EQ(failure([&] { Object(file).required("line").unsignedAtMost(10); }),
            "files[0].line: expected a non-negative integer, not -1");
  EXPECT_EQ(failure([&] { Object(file).required("name").string(); }), "files[0].name: expected a string, not 7");
  EXPECT_EQ(failure([&] { Object(file).required("kind").oneOf("kind", {"x", "y"}); }),
            "files[0].kind: unknown kind \"z\" (expected x or y)");
  EXPECT_EQ(failure([&] { Object(file).required("gone"); }), "files[0]: missing required field \"gone\"");
  EXPECT_EQ(failure([&] { root.string(); }), "expected a string, not an object");
  json dims = json::parse(R"([[1, 2, 3], [1, 2], [1, -2, 3]])");
  EXPECT_EQ(Value(dims[0], "block", ctx).xyz(), (std::array<uint32_t, 3>{1, 2, 3}));
  EXPECT_EQ(failure([&] { Value(dims[1], "block", ctx).xyz(); }), "block: expected 3 integers (x, y, z), not 2");
  EXPECT_EQ(failure([&] { Value(dims[2], "block", ctx).xyz(); }),
            "block[1]: expected a non-negative integer, not -2");
  EXPECT_EQ(failure([&] { Object(file).required("kind").boolean(); }),
            "files[0].kind: expected true or false, not \"z\"");
  Object o(root);
  o.required("files");
  o.done();
  EXPECT_EQ(ignored, std::vector<std::string>{"extra"});
}
