#include "reports/suppress/Nolint.h"
#include "support/Glob.h"
#include "reports/model/RuleCatalog.h"
#include "rules/RuleIds.h"
#include <cctype>

namespace warpcheck {
namespace {

constexpr const char *kRule = rule::SuppressionInvalid.id;

enum class Kind { Line, NextLine, Begin, End };

struct Directive {
  Kind kind;
  unsigned line, column;
  bool hasList = false;
  std::vector<std::string> rules;
  std::string listText; // as written, to pair BEGIN with END
};

bool isIdentChar(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

Finding problem(const std::string &file, unsigned line, unsigned column, const std::string &message) {
  return ruleFindingAt(kRule, Severity::Warning, file, line, column, message);
}

// The directives on one line of source; problems for malformed ones.
void scanLine(const std::string &text, unsigned lineNo, const std::string &file, std::vector<Directive> &out,
              std::vector<Finding> &problems) {
  for (size_t at = text.find("NOLINT"); at != std::string::npos; at = text.find("NOLINT", at + 6)) {
    if (at > 0 && isIdentChar(text[at - 1])) continue;
    size_t p = at + 6;
    Directive d{Kind::Line, lineNo, unsigned(at + 1)};
    const std::pair<const char *, Kind> suffixes[] = {
        {"NEXTLINE", Kind::NextLine}, {"BEGIN", Kind::Begin}, {"END", Kind::End}};
    for (auto &[word, kind] : suffixes)
      if (text.compare(p, std::string(word).size(), word) == 0) {
        d.kind = kind;
        p += std::string(word).size();
        break;
      }
    if (p < text.size() && isIdentChar(text[p])) continue; // NOLINTFOO: not ours
    if (p < text.size() && text[p] == '(') {
      size_t close = text.find(')', p);
      if (close == std::string::npos) {
        problems.push_back(problem(file, lineNo, d.column,
                                   "unclosed '(' in NOLINT comment: it suppresses nothing"));
        continue;
      }
      d.hasList = true;
      d.listText = text.substr(p + 1, close - p - 1);
      size_t start = 0;
      while (start <= d.listText.size()) {
        size_t comma = d.listText.find(',', start);
        std::string item = trim(d.listText.substr(start, comma == std::string::npos ? std::string::npos
                                                                                      : comma - start));
        if (!item.empty()) {
          d.rules.push_back(item);
          // Ids of other tools (clang-tidy checks) are fine; a near miss of
          // one of ours is a typo that silently suppresses nothing.
          std::string near = isGlob(item) || findRule(item) ? "" : nearestRuleId(item);
          if (!near.empty())
            problems.push_back(problem(file, lineNo, d.column,
                                       "unknown rule '" + item + "' in NOLINT comment; did you mean '" + near + "'?"));
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      d.listText = "";
      for (const std::string &r : d.rules) d.listText += (d.listText.empty() ? "" : ",") + r;
      // NOLINT() names no rule: it suppresses nothing, as in clang-tidy.
    }
    out.push_back(d);
  }
}

bool names(const std::vector<std::string> &rules, const std::string &rule) {
  for (const std::string &g : rules)
    if (globMatch(g, rule)) return true;
  return false;
}

} // namespace

NolintIndex::FileDirectives &NolintIndex::directives(const std::string &file) {
  auto it = files_.find(file);
  if (it != files_.end()) return it->second;
  FileDirectives &fd = files_[file];
  // Through SourceCache: only regular files of source size (a report read
  // back may name /dev/zero or a FIFO).
  std::vector<Directive> ds;
  unsigned lineNo = 0;
  for (const std::string &text : sources_.lines(file)) scanLine(text, ++lineNo, file, ds, fd.problems);

  std::vector<Directive> open; // NOLINTBEGINs not yet closed
  for (const Directive &d : ds) {
    std::vector<std::string> rules = d.hasList ? d.rules : std::vector<std::string>{"*"};
    switch (d.kind) {
    case Kind::Line: fd.spans.push_back({d.line, d.line, rules, d.line, d.column}); break;
    case Kind::NextLine: fd.spans.push_back({d.line + 1, d.line + 1, rules, d.line, d.column}); break;
    case Kind::Begin: open.push_back(d); break;
    case Kind::End: {
      // Closes the latest BEGIN with the same rule list, as clang-tidy does.
      auto match = open.rbegin();
      while (match != open.rend() && (match->listText != d.listText || match->hasList != d.hasList)) ++match;
      if (match == open.rend()) {
        fd.problems.push_back(problem(file, d.line, d.column, "NOLINTEND without a matching NOLINTBEGIN" +
                                                                  (d.hasList ? "(" + d.listText + ")" : std::string())));
        break;
      }
      fd.spans.push_back({match->line, d.line, rules, match->line, match->column, {}, true});
      open.erase(std::next(match).base());
      break;
    }
    }
  }
  for (Span &s : fd.spans) s.used.assign(s.rules.size(), false);
  for (const Directive &b : open)
    fd.problems.push_back(problem(file, b.line, b.column,
                                  "NOLINTBEGIN without a matching NOLINTEND: it suppresses nothing"));
  return fd;
}

bool NolintIndex::suppresses(const std::string &file, unsigned line, const std::string &rule) {
  if (file.empty() || line == 0) return false;
  FileDirectives &fd = directives(file);
  if (rule.empty() || rule == kRule) return false;
  bool silenced = false;
  for (Span &s : fd.spans) {
    if (line < s.first || s.last < line) continue;
    for (size_t i = 0; i < s.rules.size(); ++i)
      if (globMatch(s.rules[i], rule)) silenced = s.used[i] = true;
  }
  return silenced;
}

std::vector<UnusedNolint> NolintIndex::unused(const std::string &file) {
  std::vector<UnusedNolint> out;
  if (file.empty()) return out;
  for (const Span &s : directives(file).spans)
    for (size_t i = 0; i < s.rules.size(); ++i)
      if (!s.used[i] && !isGlob(s.rules[i])) {
        const std::string *text = sources_.line(file, s.line);
        out.push_back({file, s.line, s.column, s.rules[i], s.region, text ? *text : ""});
      }
  return out;
}

std::vector<Finding> NolintIndex::problems() const {
  std::vector<Finding> out;
  for (const auto &[file, fd] : files_) out.insert(out.end(), fd.problems.begin(), fd.problems.end());
  return out;
}

std::vector<SourceRange> suppressionPlaces(const Finding &f) {
  std::vector<SourceRange> places{f.where};
  if (f.evidence && !f.notes.empty() && f.notes[0].where.valid()) places.push_back(f.notes[0].where);
  return places;
}

size_t applyNolint(std::vector<Finding> &findings, SourceCache &sources, const std::vector<std::string> &alsoCheck,
                   NolintResults *results) {
  NolintIndex index(sources);
  for (const std::string &file : alsoCheck) index.suppresses(file, 1, "");
  size_t silenced = 0;
  std::vector<Finding> kept;
  for (Finding &f : findings) {
    bool quiet = false;
    for (const SourceRange &r : suppressionPlaces(f)) quiet = quiet || index.suppresses(r.file, r.line, f.rule);
    if (!quiet) kept.push_back(std::move(f));
    else if (++silenced, results) results->silenced.push_back(std::move(f));
  }
  if (results)
    for (const std::string &file : alsoCheck)
      for (UnusedNolint &u : index.unused(file)) results->unused.push_back(std::move(u));
  for (Finding &p : index.problems()) kept.push_back(std::move(p));
  findings = std::move(kept);
  mergeFindings(findings);
  return silenced;
}

} // namespace warpcheck
