#include "config/YamlSubset.h"
#include "support/Printable.h"
#include "support/Utf8.h"
#include <cstdint>
#include <cstring>
#include <map>

namespace warpcheck {
namespace {

constexpr unsigned kMaxDepth = 64;

struct Failure {
  YamlError error;
};

bool isBlank(char c) { return c == ' ' || c == '\t'; }

std::string_view trimRight(std::string_view s) {
  while (!s.empty() && isBlank(s.back())) s.remove_suffix(1);
  return s;
}

// Recursive descent over the text. Every block-level step leaves the cursor
// on the next content character (past blanks, comments and empty lines) or
// at the end, and its caller decides by that character's column whether the
// content belongs to it. Errors are thrown as Failure and caught in
// parseYaml, so that no step has to pass them up by hand.
class Parser {
public:
  explicit Parser(std::string_view text) : s_(text) {
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = lineStart_ = 3;
  }

  YamlNode document() {
    checkCharacters();
    if (!skipToContent()) return node(YamlNode::Kind::Null, 1, 1);
    unsigned rootColumn = column();
    YamlNode root = blockNode();
    if (!atEnd())
      failHere(column() < rootColumn ? "this line is less indented than the first line of the document"
                                     : "expected the end of the document (a value cannot continue on "
                                       "the next line; quote it on one line)");
    return root;
  }

private:
  struct Depth {
    explicit Depth(Parser &parser) : p(parser) {
      if (++p.depth_ > kMaxDepth) p.failHere("nesting deeper than 64 levels");
    }
    ~Depth() { --p.depth_; }
    Parser &p;
  };

  // --- the cursor ---------------------------------------------------------

  char peek(size_t k = 0) const { return pos_ + k < s_.size() ? s_[pos_ + k] : '\0'; }
  bool atEnd() const { return pos_ >= s_.size(); }
  // checkCharacters() leaves no NUL in the text and no '\r' but before '\n'.
  bool lineEndAt(size_t k) const {
    char c = peek(k);
    return c == '\0' || c == '\n' || c == '\r';
  }
  unsigned column() const { return unsigned(pos_ - lineStart_ + 1); }
  bool commentStart() const { return peek() == '#' && (pos_ == lineStart_ || isBlank(s_[pos_ - 1])); }
  bool isSeqDash() const { return peek() == '-' && (isBlank(peek(1)) || lineEndAt(1)); }
  bool lineHas(char c) const {
    for (size_t i = pos_; !lineEndAt(i - pos_); ++i)
      if (s_[i] == c) return true;
    return false;
  }

  [[noreturn]] void fail(unsigned line, unsigned col, std::string message) {
    throw Failure{YamlError{line, col, std::move(message)}};
  }
  [[noreturn]] void failHere(std::string message) { fail(line_, column(), std::move(message)); }

  static YamlNode node(YamlNode::Kind kind, unsigned line, unsigned col) {
    YamlNode n;
    n.kind = kind;
    n.line = line;
    n.column = col;
    return n;
  }

  // Control characters other than tab and line ends are refused up front,
  // so that no step below meets a NUL or a lone carriage return.
  void checkCharacters() {
    unsigned line = 1;
    size_t lineStart = lineStart_;
    for (size_t i = pos_; i < s_.size(); ++i) {
      unsigned char c = (unsigned char)s_[i];
      if (c == '\n') {
        ++line;
        lineStart = i + 1;
      } else if ((c < 0x20 && c != '\t' && !(c == '\r' && i + 1 < s_.size() && s_[i + 1] == '\n')) || c == 0x7F) {
        static const char hex[] = "0123456789abcdef";
        fail(line, unsigned(i - lineStart + 1),
             std::string("control character 0x") + hex[c >> 4] + hex[c & 15] + " is not allowed");
      }
    }
  }

  void skipBlanks() {
    while (isBlank(peek())) ++pos_;
  }

  // Moves past blanks, comments, line ends and empty lines to the next
  // content character; false at the end of the text. On each new line it
  // refuses tabs in the indentation, document markers and directives.
  bool skipToContent() {
    while (true) {
      bool lineStart = pos_ == lineStart_;
      skipBlanks();
      if (commentStart())
        while (!lineEndAt(0)) ++pos_;
      if (atEnd()) return false;
      if (!lineEndAt(0)) {
        if (lineStart && !checkLineStart()) continue;
        contentSeen_ = true;
        return true;
      }
      if (peek() == '\r') ++pos_;
      ++pos_;
      ++line_;
      lineStart_ = pos_;
    }
  }

  // The first content of a line: false when it was a leading `---` that was
  // consumed (then the caller goes on skipping).
  bool checkLineStart() {
    for (size_t i = lineStart_; i < pos_; ++i)
      if (s_[i] == '\t') fail(line_, unsigned(i - lineStart_ + 1), "tabs cannot indent YAML; use spaces");
    if (column() != 1) return true;
    auto marker = [&](const char *m) { return s_.substr(pos_, 3) == m && (isBlank(peek(3)) || lineEndAt(3)); };
    if (marker("---")) {
      if (contentSeen_) failHere("several documents in one file are not supported");
      pos_ += 3;
      skipBlanks();
      if (!commentStart() && !lineEndAt(0)) failHere("content on the '---' line is not supported; start it on the next line");
      return false;
    }
    if (marker("...")) failHere("document end markers ('...') are not supported");
    if (peek() == '%' && !contentSeen_) failHere("directives (%YAML, %TAG) are not supported");
    return true;
  }

  // After a value: nothing but blanks and a comment on the rest of its line.
  void endOfLine(const char *after) {
    skipBlanks();
    if (peek() == '#' && !commentStart()) failHere("a comment needs a space before '#'");
    if (!commentStart() && !lineEndAt(0))
      failHere(std::string("unexpected '") + peek() + "' after " + after);
  }

  // --- block structure ----------------------------------------------------

  YamlNode blockNode() {
    Depth depth(*this);
    if (isSeqDash()) return blockSequence(column());
    if (keyAhead()) return blockMapping(column());
    YamlNode n = inlineValue(false);
    endOfLine("the value");
    skipToContent();
    return n;
  }

  // Whether the cursor starts `key:` (a colon followed by a blank or the end
  // of the line, before any comment).
  bool keyAhead() const {
    size_t i = pos_;
    char first = peek();
    auto lineEnd = [&](size_t k) { return k >= s_.size() || s_[k] == '\n' || s_[k] == '\r'; };
    auto colonAt = [&](size_t k) { return !lineEnd(k) && s_[k] == ':' && (lineEnd(k + 1) || isBlank(s_[k + 1])); };
    if (first == '"' || first == '\'') {
      for (++i;; ++i) {
        if (lineEnd(i)) return false; // unterminated: the value's reader says so
        if (first == '"' && s_[i] == '\\') {
          if (lineEnd(i + 1)) return false;
          ++i;
        } else if (s_[i] == first) {
          if (first == '"' || lineEnd(i + 1) || s_[i + 1] != '\'') break;
          ++i; // '' inside single quotes
        }
      }
      for (++i; !lineEnd(i) && isBlank(s_[i]); ++i) {
      }
      return colonAt(i);
    }
    if (std::strchr("[{]},&*!|>%@`#", first)) return false;
    for (; !lineEnd(i); ++i) {
      if (colonAt(i)) return true;
      if (s_[i] == '#' && i > pos_ && isBlank(s_[i - 1])) return false;
    }
    return false;
  }

  YamlNode blockMapping(unsigned indent) {
    YamlNode map = node(YamlNode::Kind::Mapping, line_, indent);
    std::map<std::string, unsigned> firstLine;
    while (true) {
      YamlEntry entry;
      entry.line = line_;
      entry.column = column();
      entry.key = key();
      if (auto [it, fresh] = firstLine.emplace(entry.key, entry.line); !fresh)
        fail(entry.line, entry.column,
             "duplicate key '" + entry.key + "' (first at line " + std::to_string(it->second) + ")");
      YamlNode none = node(YamlNode::Kind::Null, line_, column());
      skipBlanks();
      if (commentStart() || lineEndAt(0)) {
        // The value is on the next lines: deeper, or a list at this indentation.
        entry.value = none;
        if (skipToContent()) {
          if (column() > indent) entry.value = blockNode();
          else if (column() == indent && isSeqDash()) entry.value = blockSequence(indent);
        }
      } else {
        if (isSeqDash()) failHere("a list cannot start on the line of its key; put each '- item' on its own line");
        entry.value = inlineValue(false);
        endOfLine("the value");
        skipToContent();
      }
      map.entries.push_back(std::move(entry));
      if (atEnd() || column() < indent) return map;
      if (column() > indent) failHere("unexpected indentation");
      if (isSeqDash()) failHere("expected 'key: value', found a list item");
      if (!keyAhead())
        failHere(lineHas(':') ? "expected 'key: value' (a space must follow the ':' of a key)" : "expected 'key: value'");
    }
  }

  // The key at the cursor, through its colon (keyAhead() said there is one).
  std::string key() {
    unsigned line = line_, col = column();
    std::string k;
    if (peek() == '"') k = doubleQuoted();
    else if (peek() == '\'') k = singleQuoted();
    else {
      if (peek() == '?' && (isBlank(peek(1)) || lineEndAt(1))) failHere("complex keys ('? ') are not supported");
      size_t start = pos_;
      while (!(peek() == ':' && (isBlank(peek(1)) || lineEndAt(1)))) ++pos_;
      k = std::string(trimRight(s_.substr(start, pos_ - start)));
    }
    skipBlanks();
    if (peek() != ':') failHere("expected ':' after the key");
    ++pos_;
    if (k.empty()) fail(line, col, "empty key");
    return k;
  }

  YamlNode blockSequence(unsigned indent) {
    YamlNode seq = node(YamlNode::Kind::Sequence, line_, indent);
    while (true) {
      unsigned line = line_, col = column();
      ++pos_; // the '-'
      skipBlanks();
      if (commentStart() || lineEndAt(0)) {
        YamlNode item = node(YamlNode::Kind::Null, line, col);
        if (skipToContent() && column() > indent) item = blockNode();
        seq.items.push_back(std::move(item));
      } else {
        seq.items.push_back(blockNode()); // `- value`, `- key: value`, `- - item`
      }
      if (atEnd() || column() < indent) return seq;
      if (column() > indent) failHere("unexpected indentation");
      if (!isSeqDash()) return seq; // a key of the mapping holding this list
    }
  }

  // --- values on one line ---------------------------------------------------

  YamlNode inlineValue(bool inFlow) {
    unsigned line = line_, col = column();
    char c = peek();
    switch (c) {
    case '[': return flowSequence();
    case '{':
      ++pos_;
      skipBlanks();
      if (peek() != '}')
        fail(line, col, "flow mappings ({...}) are not supported; write 'key: value' lines (only {} is read, as an empty mapping)");
      ++pos_;
      return node(YamlNode::Kind::Mapping, line, col);
    case '"':
    case '\'': {
      YamlNode n = node(YamlNode::Kind::Scalar, line, col);
      n.value = c == '"' ? doubleQuoted() : singleQuoted();
      return n;
    }
    case '&': failHere("anchors (&name) are not supported");
    case '*': failHere("aliases (*name) are not supported; quote a value that starts with '*', like '*'");
    case '!': failHere("tags (!name) are not supported");
    case '|':
    case '>': failHere("block scalars ('|', '>') are not supported; write the value on one line, quoted if needed");
    case '%':
    case '@':
    case '`':
    case '#': failHere(std::string("'") + c + "' cannot start a plain value; quote the value");
    case ']':
    case '}':
    case ',': failHere(std::string("unexpected '") + c + "'");
    case '?':
      if (isBlank(peek(1)) || lineEndAt(1)) failHere("complex keys ('? ') are not supported");
      break;
    case '-':
      if (isBlank(peek(1)) || lineEndAt(1))
        failHere(inFlow ? "'- ' list items cannot appear inside [...]"
                        : "a list cannot start on the line of its key; put each '- item' on its own line");
      break;
    }
    return plainScalar(inFlow);
  }

  YamlNode plainScalar(bool inFlow) {
    YamlNode n = node(YamlNode::Kind::Scalar, line_, column());
    size_t start = pos_;
    while (!lineEndAt(0)) {
      char c = peek();
      if (c == ':' && (isBlank(peek(1)) || lineEndAt(1) || (inFlow && (peek(1) == ',' || peek(1) == ']'))))
        failHere(inFlow ? "flow mappings (key: value inside [...]) are not supported"
                        : "': ' inside a plain value; quote the value, or put a nested mapping on its own lines");
      if (commentStart()) break;
      if (inFlow && (c == ',' || c == ']')) break;
      if (inFlow && (c == '[' || c == '{' || c == '}'))
        failHere(std::string("'") + c + "' inside a plain value in [...]; quote the value");
      ++pos_;
    }
    n.value = std::string(trimRight(s_.substr(start, pos_ - start)));
    return n;
  }

  std::string singleQuoted() {
    unsigned line = line_, col = column();
    ++pos_;
    std::string out;
    while (true) {
      if (lineEndAt(0)) fail(line, col, "unterminated single-quoted string (a quoted string ends on its own line)");
      if (peek() == '\'') {
        if (peek(1) != '\'') break;
        ++pos_;
      }
      out += peek();
      ++pos_;
    }
    ++pos_;
    return out;
  }

  std::string doubleQuoted() {
    unsigned line = line_, col = column();
    ++pos_;
    std::string out;
    while (peek() != '"') {
      if (lineEndAt(0)) fail(line, col, "unterminated double-quoted string (a quoted string ends on its own line)");
      if (peek() != '\\') {
        out += peek();
        ++pos_;
        continue;
      }
      unsigned escCol = column();
      char e = peek(1);
      if (lineEndAt(1)) fail(line, col, "unterminated double-quoted string (a quoted string ends on its own line)");
      pos_ += 2;
      switch (e) {
      case '0': out += '\0'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 't':
      case '\t': out += '\t'; break;
      case 'n': out += '\n'; break;
      case 'v': out += '\v'; break;
      case 'f': out += '\f'; break;
      case 'r': out += '\r'; break;
      case 'e': out += '\x1b'; break;
      case ' ': out += ' '; break;
      case '"': out += '"'; break;
      case '/': out += '/'; break;
      case '\\': out += '\\'; break;
      case 'N': appendUtf8(out, 0x85); break;
      case '_': appendUtf8(out, 0xA0); break;
      case 'L': appendUtf8(out, 0x2028); break;
      case 'P': appendUtf8(out, 0x2029); break;
      case 'x': appendUtf8(out, hexEscape(2, escCol)); break;
      case 'u': appendUtf8(out, hexEscape(4, escCol)); break;
      case 'U': appendUtf8(out, hexEscape(8, escCol)); break;
      default: fail(line_, escCol, std::string("unknown escape '\\") + e + "'");
      }
    }
    ++pos_;
    return out;
  }

  uint32_t hexEscape(int digits, unsigned escCol) {
    uint32_t cp = 0;
    for (int i = 0; i < digits; ++i) {
      char c = peek();
      int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (v < 0) fail(line_, escCol, "expected " + std::to_string(digits) + " hex digits in the escape");
      cp = cp * 16 + uint32_t(v);
      ++pos_;
    }
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) fail(line_, escCol, "the escape is not a Unicode code point");
    return cp;
  }

  YamlNode flowSequence() {
    Depth depth(*this);
    unsigned line = line_, col = column();
    YamlNode seq = node(YamlNode::Kind::Sequence, line, col);
    ++pos_; // the '['
    auto toContent = [&] {
      if (!skipToContent()) fail(line, col, "unterminated '[' (no matching ']')");
    };
    while (true) {
      toContent();
      if (peek() == ']') break;
      if (peek() == ',') failHere("empty entry in [...]");
      seq.items.push_back(inlineValue(true));
      toContent();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() != ']') failHere("expected ',' or ']' in [...]");
      break;
    }
    ++pos_; // the ']'
    return seq;
  }

  std::string_view s_;
  size_t pos_ = 0, lineStart_ = 0;
  unsigned line_ = 1, depth_ = 0;
  bool contentSeen_ = false;
};

// Whether `v` reads back as itself without quotes, in a block and in a flow
// sequence.
bool plainIsSafe(const std::string &v) {
  if (v.empty() || isBlank(v.front()) || isBlank(v.back())) return false;
  if (std::strchr("-?:,[]{}#&*!|>'\"%@`", v.front())) return false;
  for (size_t i = 0; i < v.size(); ++i) {
    char c = v[i];
    if (std::strchr(",[]{}", c)) return false;
    if (c == ':' && (i + 1 == v.size() || v[i + 1] == ' ')) return false;
    if (c == '#' && v[i - 1] == ' ') return false;
  }
  return true;
}

} // namespace

bool parseYaml(std::string_view text, YamlNode &out, YamlError &error) {
  try {
    out = Parser(text).document();
    return true;
  } catch (const Failure &f) {
    error = f.error;
    return false;
  }
}

std::string yamlScalar(const std::string &value) {
  bool control = false;
  for (unsigned char c : value) control |= c < 0x20 || c == 0x7F;
  if (!control && plainIsSafe(value)) return value;
  std::string out;
  if (!control) {
    out = "'";
    for (char c : value) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
  }
  return yamlQuoted(value);
}

const char *yamlKindName(YamlNode::Kind kind) {
  switch (kind) {
  case YamlNode::Kind::Null: return "nothing";
  case YamlNode::Kind::Scalar: return "a value";
  case YamlNode::Kind::Sequence: return "a list";
  case YamlNode::Kind::Mapping: return "a mapping";
  }
  return "nothing";
}

} // namespace warpcheck
