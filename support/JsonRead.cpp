#include "support/JsonRead.h"
#include "support/Printable.h"
#include <cmath>
#include <cstddef>
#include <functional>
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
// bytes read: when a level is refused, the bracket that opened it is the
// last byte read, so its position can be named.
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

// nlohmann's DOM builder, refusing a level deeper than `maxDepth` when it
// opens. (Not the parser callback, which bounds the same depth but made
// parsing 17 to 40 times slower with nlohmann 3.11: 22 s instead of 0.6 s
// for a 25 MB report.) nlohmann's parser keeps its own stack of levels, no
// recursion; the bound is for the DOM, recursive to copy, compare and print.
class BoundedDom {
public:
  using Dom = nlohmann::detail::json_sax_dom_parser<json>;
  BoundedDom(json &doc, int maxDepth, std::function<void()> tooDeep)
      : dom_(doc, true), maxDepth_(maxDepth), tooDeep_(std::move(tooDeep)) {}

  bool null() { return dom_.null(); }
  bool boolean(bool v) { return dom_.boolean(v); }
  bool number_integer(json::number_integer_t v) { return dom_.number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return dom_.number_unsigned(v); }
  bool number_float(json::number_float_t v, const json::string_t &s) { return dom_.number_float(v, s); }
  bool string(json::string_t &v) { return dom_.string(v); }
  bool binary(json::binary_t &v) { return dom_.binary(v); }
  bool start_object(std::size_t n) { return open() && dom_.start_object(n); }
  bool key(json::string_t &v) { return dom_.key(v); }
  bool end_object() { return --depth_, dom_.end_object(); }
  bool start_array(std::size_t n) { return open() && dom_.start_array(n); }
  bool end_array() { return --depth_, dom_.end_array(); }
  template <class Exception> bool parse_error(std::size_t at, const std::string &token, const Exception &e) {
    return dom_.parse_error(at, token, e);
  }

private:
  // The bracket that opens the level is the last byte read: the lexer
  // returns '[' and '{' without reading ahead.
  bool open() {
    if (++depth_ > maxDepth_) tooDeep_();
    return true;
  }

  Dom dom_;
  int depth_ = 0, maxDepth_;
  std::function<void()> tooDeep_;
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
  json doc;
  BoundedDom dom(doc, maxDepth, [&] {
    throw ReadError{"not valid JSON: nested deeper than " + std::to_string(maxDepth) + " levels at " +
                    lineColumn(text, read - 1)};
  });
  try {
    json::sax_parse(CountingIterator(text.data(), &read), CountingIterator(text.data() + text.size(), &read), &dom);
    return doc;
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

bool Value::boolean() const {
  if (!j_.is_boolean()) fail("expected true or false, not " + shown(j_));
  return j_.get<bool>();
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

std::array<uint32_t, 3> Value::xyz() const {
  std::vector<uint64_t> v = array([](const Value &i) { return i.unsignedAtMost(UINT32_MAX); });
  if (v.size() != 3) fail("expected 3 integers (x, y, z), not " + std::to_string(v.size()));
  return {uint32_t(v[0]), uint32_t(v[1]), uint32_t(v[2])};
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
