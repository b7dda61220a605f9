#include "support/Glob.h"
#include <vector>

namespace warpcheck {
namespace {

struct Token {
  enum Kind { Literal, One, Star, AnyDirs, Class } kind;
  char c = 0;               // Literal
  bool crossesSlash = true; // Star
  std::string set;          // Class: pairs lo,hi
  bool negate = false;
};

// Reads a class at p[i] == '['; false when there is no closing ']' (then the
// '[' is a literal).
bool readClass(const std::string &p, size_t &i, Token &t) {
  size_t j = i + 1;
  t.negate = j < p.size() && (p[j] == '!' || p[j] == '^');
  if (t.negate) ++j;
  size_t start = j;
  for (; j < p.size() && (p[j] != ']' || j == start); ++j) {
    char lo = p[j], hi = p[j];
    if (j + 2 < p.size() && p[j + 1] == '-' && p[j + 2] != ']') hi = p[j += 2];
    t.set += lo;
    t.set += hi;
  }
  if (j >= p.size()) return false;
  t.kind = Token::Class;
  i = j + 1;
  return true;
}

std::vector<Token> tokenize(const std::string &p, bool paths) {
  std::vector<Token> out;
  for (size_t i = 0; i < p.size();) {
    Token t{Token::Literal};
    if (p[i] == '*') {
      bool dbl = i + 1 < p.size() && p[i + 1] == '*';
      i += dbl ? 2 : 1;
      if (paths && dbl && i < p.size() && p[i] == '/') {
        // `**/`: zero or more whole directories.
        t.kind = Token::AnyDirs;
        ++i;
      } else {
        t.kind = Token::Star;
        t.crossesSlash = !paths || dbl;
      }
    } else if (p[i] == '?') {
      t.kind = Token::One;
      ++i;
    } else if (p[i] == '[' && readClass(p, i, t)) {
    } else {
      if (p[i] == '\\' && i + 1 < p.size()) ++i;
      t.c = p[i++];
    }
    out.push_back(t);
  }
  return out;
}

bool inClass(const Token &t, char c) {
  bool found = false;
  for (size_t k = 0; k + 1 < t.set.size(); k += 2) found |= t.set[k] <= c && c <= t.set[k + 1];
  return found != t.negate;
}

} // namespace

// Dynamic programming over (token, text position): linear in the product of
// their sizes, so hostile patterns cannot make it exponential.
bool globMatch(const std::string &pattern, const std::string &text, bool paths) {
  std::vector<Token> toks = tokenize(pattern, paths);
  size_t n = text.size();
  // next[j]: the tokens after the current one match text[j..].
  std::vector<char> next(n + 1, 0), cur(n + 1, 0);
  next[n] = 1;
  for (size_t k = toks.size(); k-- > 0;) {
    const Token &t = toks[k];
    cur.assign(n + 1, 0);
    bool dirsThenRest = false; // some e >= j has text[e] == '/' and next[e + 1]
    for (size_t j = n + 1; j-- > 0;) {
      bool slash = j < n && text[j] == '/';
      switch (t.kind) {
      case Token::Literal: cur[j] = j < n && text[j] == t.c && next[j + 1]; break;
      case Token::One: cur[j] = j < n && !(paths && slash) && next[j + 1]; break;
      case Token::Class: cur[j] = j < n && !(paths && slash) && inClass(t, text[j]) && next[j + 1]; break;
      case Token::Star: cur[j] = next[j] || (j < n && (t.crossesSlash || !slash) && cur[j + 1]); break;
      case Token::AnyDirs: // empty, or anything up to and including a '/'
        dirsThenRest |= slash && next[j + 1];
        cur[j] = next[j] || dirsThenRest;
        break;
      }
    }
    next.swap(cur);
  }
  return next[0];
}

std::string globError(const std::string &p) {
  for (size_t i = 0; i < p.size();) {
    std::string at = " at character " + std::to_string(i + 1) + " of '" + p + "'";
    if (p[i] == '\\') {
      if (i + 1 == p.size()) return "'\\' with nothing after it" + at;
      i += 2;
    } else if (p[i] == '[') {
      Token t{Token::Class};
      size_t j = i;
      if (!readClass(p, j, t)) return "unclosed '['" + at + " (write '\\[' for a literal '[')";
      for (size_t k = 0; k + 1 < t.set.size(); k += 2)
        if (t.set[k] > t.set[k + 1])
          return std::string("reversed range '") + t.set[k] + "-" + t.set[k + 1] + "'" + at;
      i = j;
    } else {
      ++i;
    }
  }
  return "";
}

bool isGlob(const std::string &p) { return p.find_first_of("*?[\\") != std::string::npos; }

} // namespace warpcheck
