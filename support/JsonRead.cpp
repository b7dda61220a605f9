#include "support/JsonRead.h"
#include "support/Printable.h"
#include <cmath>
#include <cstddef>
#include <istream>
#include <iterator>

namespace warpcheck::jsonin {

using nlohmann::json;

namespace {

// Where byte `offset` of `text` is, as nlohmann's errors say it.
std::string lineColumn(const std::string &text, size_t offset) {
  size_t line = 1, column = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') line++, column = 1;
    else column++;
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// The text as nlohmann's parser reads it, one byte at a time, counting the
// bytes read: when the parser's callback refuses a level, the bracket that
// opened it is the last byte read (the lexer returns '[' and '{' without
// reading ahead), so its position can be named.
class CountingIterator {
public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char *;
  using reference = const char &;

  CountingIterator(const char *at, size_t *read) : at_(at), read_(read) {}
  reference operator*() const { return *at_; }
  CountingIterator &operator++() {
    ++at_;
    ++*read_;
    return *this;
  }
  bool operator==(const CountingIterator &o) const { return at_ == o.at_; }
  bool operator!=(const CountingIterator &o) const { return at_ != o.at_; }

private:
  const char *at_;
  size_t *read_;
};

std::string joinChoices(std::initializer_list<const char *> choices) {
  std::string s;
  size_t i = 0;
  for (const char *c : choices) {
    s += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + std::string(c);
    ++i;
  }
  return s;
}

} // namespace

json parse(const std::string &text, int maxDepth) {
  size_t read = 0;
  // nlohmann's parser keeps its own stack of levels (no recursion); the
  // callback bounds the DOM it builds, which is recursive to copy, compare
  // and destroy. `depth` is 0 for the outermost value.
  json::parser_callback_t bound = [&](int depth, json::parse_event_t event, json &) {
    if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
        depth >= maxDepth)
      throw ReadError{"not valid JSON: nested deeper than " + std::to_string(maxDepth) + " levels at " +
                      lineColumn(text, read - 1)};
    return true;
  };
  try {
    return json::parse(CountingIterator(text.data(), &read), CountingIterator(text.data() + text.size(), &read), bound);
  } catch (const json::exception &e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 2: ..."
    std::string what = e.what();
    if (size_t close = what.find("] "); what.rfind("[json.exception.", 0) == 0 && close != std::string::npos)
      what = what.substr(close + 2);
    throw ReadError{"not valid JSON: " + printable(what)};
  }
}

std::string readAll(std::istream &in, size_t maxBytes) {
  std::string text;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, size_t(in.gcount()));
    if (text.size() > maxBytes)
      throw ReadError{"larger than " + std::to_string(maxBytes >> 20) + " MiB; not read"};
  }
  if (in.bad()) throw ReadError{"read error"};
  return text;
}

std::string printable(const std::string &s, size_t maxBytes) { return warpcheck::printable(s, maxBytes); }

void Value::fail(const std::string &problem) const {
  throw ReadError{path_.empty() ? problem : path_ + ": " + problem};
}

std::string Value::shown(const json &j) {
  switch (j.type()) {
  case json::value_t::object: return "an object";
  case json::value_t::array: return "an array";
  case json::value_t::string: return "\"" + printable(j.get_ref<const std::string &>(), 40) + "\"";
  default: return printable(j.dump(-1, ' ', false, json::error_handler_t::replace), 40);
  }
}

std::string Value::string() const {
  if (!j_.is_string()) fail("expected a string, not " + shown(j_));
  return j_.get<std::string>();
}

std::string Value::nonEmptyString() const {
  std::string s = string();
  if (s.empty()) fail("expected a non-empty string");
  return s;
}

std::string Value::oneOf(const char *what, std::initializer_list<const char *> choices) const {
  std::string s = string();
  for (const char *c : choices)
    if (s == c) return s;
  fail(std::string("unknown ") + what + " " + shown(j_) + " (expected " + joinChoices(choices) + ")");
}

uint64_t Value::unsignedAtMost(uint64_t max) const {
  if (j_.is_number_unsigned()) {
    uint64_t v = j_.get<uint64_t>();
    if (v > max) fail(std::to_string(v) + " is out of range (at most " + std::to_string(max) + ")");
    return v;
  }
  // nlohmann keeps integers beyond 64 bits as floating point.
  if (j_.is_number_float() && std::isfinite(j_.get<double>()) && j_.get<double>() >= 0 &&
      std::floor(j_.get<double>()) == j_.get<double>() && j_.get<double>() > double(max))
    fail(shown(j_) + " is out of range (at most " + std::to_string(max) + ")");
  fail("expected a non-negative integer, not " + shown(j_));
}

int64_t Value::integerIn(int64_t min, int64_t max) const {
  auto range = [&] { return " is out of range (" + std::to_string(min) + " to " + std::to_string(max) + ")"; };
  if (j_.is_number_unsigned()) {
    uint64_t v = j_.get<uint64_t>();
    if (max < 0 || v > uint64_t(max)) fail(std::to_string(v) + range());
    return int64_t(v);
  }
  if (j_.is_number_integer()) {
    int64_t v = j_.get<int64_t>();
    if (v < min && min >= 0) fail("expected a non-negative integer, not " + shown(j_));
    if (v < min || v > max) fail(std::to_string(v) + range());
    return v;
  }
  if (j_.is_number_float() && std::isfinite(j_.get<double>()) && std::floor(j_.get<double>()) == j_.get<double>())
    fail(shown(j_) + range());
  fail(std::string(min >= 0 ? "expected a non-negative integer" : "expected an integer") + ", not " + shown(j_));
}

void Value::expectArray() const {
  if (!j_.is_array()) fail("expected an array, not " + shown(j_));
}

std::vector<std::string> Value::strings() const {
  return array([](const Value &v) { return v.string(); });
}

Object::Object(const Value &v) : v_(v) {
  if (!v.raw().is_object()) v.fail("expected an object, not " + Value::shown(v.raw()));
}

Value Object::child(const char *key) {
  known_.insert(key);
  return Value(v_.raw().find(key).value(), v_.path().empty() ? key : v_.path() + "." + key, v_.context());
}

Value Object::required(const char *key) {
  if (!v_.raw().contains(key)) v_.fail(std::string("missing required field \"") + key + "\"");
  return child(key);
}

std::optional<Value> Object::optional(const char *key) {
  if (!v_.raw().contains(key)) return std::nullopt;
  return child(key);
}

void Object::done() {
  if (!v_.context().ignoredKeys) return;
  const nlohmann::json &j = v_.raw();
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!known_.count(it.key()))
      v_.context().ignoredKeys->push_back((v_.path().empty() ? "" : v_.path() + ".") + printable(it.key(), 60));
}

} // namespace warpcheck::jsonin
