#include "reports/suppress/SuppressionFile.h"
#include "support/Demangle.h"
#include "support/Glob.h"
#include "support/Printable.h"
#include "support/Files.h"
#include "reports/model/RuleCatalog.h"
#include "reports/model/SourcePaths.h"
#include "reports/suppress/Nolint.h"
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <sstream>

namespace warpcheck {
namespace {

// Splits a line into words; double quotes group, backslash escapes inside
// them. False on an unterminated quote.
bool splitWords(const std::string &line, std::vector<std::string> &words) {
  std::string cur;
  bool inWord = false, quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '\\' && i + 1 < line.size()) cur += line[++i];
      else if (c == '"') quoted = false;
      else cur += c;
    } else if (c == '"') {
      quoted = inWord = true;
    } else if (c == ' ' || c == '\t') {
      if (inWord) words.push_back(cur), cur.clear(), inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (quoted) return false;
  if (inWord) words.push_back(cur);
  return true;
}

// The name without a leading return type ("void f<int>(int)" for template
// functions demangles with one): after the last space outside <> and ()
// before the parameter list.
std::string withoutReturnType(const std::string &name) {
  int depth = 0;
  size_t cut = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (c == '<') ++depth;
    else if (c == '>') --depth;
    else if (c == '(' && depth == 0) break;
    else if (c == ' ' && depth == 0) cut = i + 1;
  }
  return name.substr(cut);
}

// A kernel or function matches by its full name or without the return type,
// each also without the parameter list ("reduce<float>" for
// "reduce<float>(float*, int)").
bool nameMatches(const std::string &glob, const std::string &name) {
  for (const std::string &n : {name, withoutReturnType(name)}) {
    if (globMatch(glob, n)) return true;
    size_t paren = n.find('(');
    if (paren != std::string::npos && paren > 0 && globMatch(glob, n.substr(0, paren))) return true;
  }
  return false;
}

// Quotes and escapes a name so that it reads back as a glob matching it.
std::string literalWord(const std::string &s) {
  std::string glob;
  for (char c : s) {
    if (c == '*' || c == '?' || c == '[' || c == '\\') glob += '\\';
    glob += c;
  }
  if (glob.find_first_of(" \t\"#") == std::string::npos) return glob;
  std::string q = "\"";
  for (char c : glob) q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return q + "\"";
}

} // namespace

namespace {

bool parseLines(const std::string &text, const std::string &name, std::vector<Suppression> &out,
                std::string &error) {
  std::istringstream in(text);
  unsigned lineNo = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::string where = name + ":" + std::to_string(lineNo) + ": ";
    std::vector<std::string> words;
    if (!splitWords(line, words)) return error = where + "unterminated quote", false;
    if (words.empty() || words[0][0] == '#') continue;
    Suppression s;
    s.origin = name + ":" + std::to_string(lineNo);
    s.rule = words[0];
    if (std::string why = globError(s.rule); !why.empty()) return error = where + why, false;
    if (!isGlob(s.rule) && !findRule(s.rule)) {
      std::string near = nearestRuleId(s.rule);
      return error = where + "unknown rule '" + s.rule + "'" + (near.empty() ? "" : "; did you mean '" + near + "'?"),
             false;
    }
    for (size_t i = 1; i < words.size(); ++i) {
      const std::string &w = words[i];
      if (w[0] == '#') break; // a trailing comment
      size_t colon = w.find(':');
      std::string key = w.substr(0, colon), value = colon == std::string::npos ? "" : w.substr(colon + 1);
      if (colon == std::string::npos || value.empty())
        return error = where + "expected kernel:GLOB, function:GLOB or file:GLOB[:LINE], got '" + w + "'", false;
      std::string *slot = key == "kernel" ? &s.kernel : key == "function" ? &s.function : key == "file" ? &s.file
                                                                                                       : nullptr;
      if (!slot) return error = where + "unknown matcher '" + key + "' (expected kernel, function or file)", false;
      if (!slot->empty()) return error = where + "'" + key + ":' given twice", false;
      if (key == "file") {
        size_t last = value.rfind(':');
        if (last != std::string::npos && last + 1 < value.size() &&
            value.find_first_not_of("0123456789", last + 1) == std::string::npos) {
          unsigned long n = std::strtoul(value.c_str() + last + 1, nullptr, 10);
          if (n == 0 || n > 100000000) return error = where + "bad line number in '" + w + "'", false;
          s.line = unsigned(n);
          value = value.substr(0, last);
          if (value.empty()) return error = where + "no path before the line number in '" + w + "'", false;
        }
      }
      if (std::string why = globError(value); !why.empty()) return error = where + why, false;
      *slot = value;
    }
    out.push_back(s);
  }
  return true;
}

} // namespace

// Errors quote the file's words: shown printable and bounded, since the
// file may be anything (a binary named by mistake).
bool parseSuppressions(const std::string &text, const std::string &name, std::vector<Suppression> &out,
                       std::string &error) {
  if (parseLines(text, name, out, error)) return true;
  error = printable(error, 300);
  return false;
}

bool readSuppressionFile(const std::string &path, std::vector<Suppression> &out, std::string &error) {
  constexpr size_t kMaxBytes = 64u << 20;
  std::string text;
  ReadFailure failure;
  if (!readBoundedFile(path, kMaxBytes, text, failure))
    return error = path + ": cannot read the suppression file: " + describe(failure, kMaxBytes), false;
  return parseSuppressions(text, path, out, error);
}

bool suppressionMatches(const Suppression &s, const Finding &f, const std::string &sourceRoot) {
  if (!globMatch(s.rule, f.rule)) return false;
  if (!s.kernel.empty() && !(f.evidence && nameMatches(s.kernel, f.evidence->kernel))) return false;
  if (!s.function.empty()) {
    bool any = false;
    if (f.evidence)
      for (const AccessEvidence &a : f.evidence->accesses)
        any = any || (!a.function.empty() && (nameMatches(s.function, demangle(a.function)) ||
                                              globMatch(s.function, a.function)));
    if (!any) return false;
  }
  if (!s.file.empty()) {
    bool any = false;
    for (const SourceRange &r : suppressionPlaces(f)) {
      if (!r.valid() || (s.line && r.line != s.line)) continue;
      std::string path = s.file[0] == '/' ? relativeToRoot(r.file, "") : relativeToRoot(r.file, sourceRoot);
      any = any || globMatch(s.file, path, /*paths=*/true);
    }
    if (!any) return false;
  }
  return true;
}

std::string formatSuppressions(const std::vector<Finding> &findings, const std::string &sourceRoot) {
  std::string out = "# warpcheck suppressions: one per line, RULE [kernel:GLOB] [function:GLOB] "
                    "[file:PATH-GLOB[:LINE]]\n"
                    "# (docs/suppressions.md). Drop the :LINE to survive edits.\n";
  std::vector<std::string> seen;
  for (const Finding &f : findings) {
    std::string line = f.rule;
    if (f.evidence && !f.evidence->kernel.empty()) line += " kernel:" + literalWord(f.evidence->kernel);
    if (f.where.valid())
      line += " file:" + literalWord(relativeToRoot(f.where.file, sourceRoot)) + ":" + std::to_string(f.where.line);
    if (std::find(seen.begin(), seen.end(), line) != seen.end()) continue;
    seen.push_back(line);
    out += line + "\n";
  }
  return out;
}

} // namespace warpcheck
