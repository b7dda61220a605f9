#pragma once
// Checked reading of a JSON document from an untrusted file: parsing with a
// bound on nesting, and typed access where every failure names its JSON path
// ("findings[3].line: expected a non-negative integer, not -1"). The report
// reader uses it; so can the readers of other JSON inputs.
#include <nlohmann/json.hpp>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace warpcheck::jsonin {

// The one error a read raises: `message` is complete ("path: problem").
// Readers catch it at their entry point; it never leaves them.
struct ReadError {
  std::string message;
};

// Parses `text`, refusing nesting deeper than `maxDepth` (nlohmann's DOM is
// recursive to copy, compare and print) as the DOM is built (nlohmann's SAX
// interface), at the bracket that goes too deep. Throws ReadError ("not valid JSON: ...",
// the first problem in document order), never nlohmann's exceptions.
nlohmann::json parse(const std::string &text, int maxDepth);

// Reads a stream to its end, throwing ReadError past `maxBytes`.
std::string readAll(std::istream &in, size_t maxBytes);

// Control characters (C0 and C1) and bytes that are not UTF-8 as \xNN, and
// text past `maxBytes` cut with "...", so that text from a hostile file
// cannot drive the terminal an error is shown on.
std::string printable(const std::string &s, size_t maxBytes = 200);

// What the keys the readers did not know are reported to.
struct Context {
  std::vector<std::string> *ignoredKeys = nullptr;
};

// A value at a path of the document.
class Value {
public:
  Value(const nlohmann::json &j, std::string path, Context &ctx) : j_(j), path_(std::move(path)), ctx_(ctx) {}

  const nlohmann::json &raw() const { return j_; }
  const std::string &path() const { return path_; }
  Context &context() const { return ctx_; }
  // Throws ReadError "path: problem" ("problem" at the top level).
  [[noreturn]] void fail(const std::string &problem) const;

  std::string string() const;
  bool boolean() const;
  std::string nonEmptyString() const;
  // One of `choices`, else "unknown <what> "x" (expected a, b or c)".
  std::string oneOf(const char *what, std::initializer_list<const char *> choices) const;
  uint64_t unsignedAtMost(uint64_t max) const;
  int64_t integerIn(int64_t min, int64_t max) const;
  // Each item read by `item(const Value &)`, its path "path[i]".
  template <typename F> auto array(F item) const {
    std::vector<decltype(item(std::declval<const Value &>()))> out;
    expectArray();
    out.reserve(j_.size());
    for (size_t i = 0; i < j_.size(); ++i) out.push_back(item(Value(j_[i], path_ + "[" + std::to_string(i) + "]", ctx_)));
    return out;
  }
  std::vector<std::string> strings() const;
  // [x, y, z] of 32-bit unsigned integers: a grid, block or thread index.
  std::array<uint32_t, 3> xyz() const;

  // How a value is named in errors: "-1", "\"12\"", "an object".
  static std::string shown(const nlohmann::json &j);

private:
  void expectArray() const;

  const nlohmann::json &j_;
  std::string path_;
  Context &ctx_;
};

// An object whose keys are read one by one; done() reports the keys nobody
// read to the context's ignoredKeys.
class Object {
public:
  explicit Object(const Value &v);
  Value required(const char *key);
  std::optional<Value> optional(const char *key);
  void done();

private:
  Value child(const char *key);

  Value v_;
  std::set<std::string> known_;
};

} // namespace warpcheck::jsonin
