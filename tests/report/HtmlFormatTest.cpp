// The html format: one self-contained page with findings grouped by rule and
// file, excerpts, notes, fix-its, both accesses of a race, the run summary
// and files not analysed; everything escaped, nothing fetched. Also writes
// the sample pages that check_html.py opens in headless Chromium.
#include "HtmlSamples.h"
#include "reports/formats/Formats.h"
#include "reports/formats/html/HtmlFormat.h"
#include "ContentHash.h"
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>

using namespace warpcheck;
using namespace warpcheck::test;

namespace {

std::string page(const Report &r, const std::string &sourceRoot = kSourceRoot) {
  std::ostringstream os;
  writeHtml(os, r, rootedAt(sourceRoot));
  return os.str();
}

size_t count(const std::string &s, const std::string &what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + what.size())) ++n;
  return n;
}

// From `start` to the first `end` after it (inclusive); "" when absent.
std::string slice(const std::string &s, const std::string &start, const std::string &end) {
  size_t b = s.find(start);
  if (b == std::string::npos) return "";
  size_t e = s.find(end, b + start.size());
  return s.substr(b, e == std::string::npos ? std::string::npos : e + end.size() - b);
}

std::string article(const std::string &page, const std::string &id) {
  return slice(page, "<article class=\"finding\" id=\"" + id + "\"", "</article>");
}

// A rule's section, up to the next rule's or the end of <main>.
std::string ruleSection(const std::string &page, const std::string &rule) {
  size_t b = page.find("<section class=\"rule-group\" id=\"rule-" + rule + "\"");
  if (b == std::string::npos) return "";
  size_t e = std::min(page.find("<section class=\"rule-group\"", b + 1), page.find("</main>", b));
  return page.substr(b, e - b);
}

// The id of the article whose message contains `text`.
std::string findingWith(const std::string &page, const std::string &text) {
  size_t at = page.find(text);
  size_t open = page.rfind("<article class=\"finding\" id=\"", at);
  if (at == std::string::npos || open == std::string::npos) return "";
  size_t b = open + std::string("<article class=\"finding\" id=\"").size();
  return page.substr(b, page.find('"', b) - b);
}

bool validUtf8(const std::string &s) {
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!n || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

// The page without the contents of its <style> and <script> elements.
std::string markupOnly(std::string s) {
  for (const char *tag : {"style", "script"}) {
    std::string open = std::string("<") + tag + ">", close = std::string("</") + tag + ">";
    for (size_t b = s.find(open); b != std::string::npos; b = s.find(open, b + 1)) {
      size_t e = s.find(close, b);
      s.erase(b + open.size(), e - b - open.size());
    }
  }
  return s;
}

} // namespace

TEST(HtmlFormat, IsRegisteredAsAFormat) {
  EXPECT_TRUE(isFormat("html"));
  EXPECT_NE(formatNames().find("html"), std::string::npos);
  Report r = lintSample(hostileSource());
  std::ostringstream os;
  FormatOptions opts;
  opts.sourceRoot = kSourceRoot;
  writeReport(os, r, "html", opts);
  EXPECT_EQ(os.str(), page(r));
}

TEST(HtmlFormat, GroupsByRuleThenFile) {
  std::string p = page(lintSample(hostileSource()));
  // Rules with errors first, then by id; the hostile rule id only has a warning.
  std::vector<std::string> order = {"barrier-divergent", "warp-legacy-intrinsic", "warp-shfl-width",
                                    "warp-activemask-misuse"};
  size_t last = 0;
  for (const std::string &rule : order) {
    size_t at = p.find("<section class=\"rule-group\" id=\"rule-" + rule + "\"");
    ASSERT_NE(at, std::string::npos) << rule;
    EXPECT_GT(at, last) << rule << " out of order";
    last = at;
  }
  EXPECT_EQ(count(p, "<section class=\"rule-group\""), 5u);

  // barrier-divergent: two files, sorted by the path shown, one finding each.
  std::string barrier = ruleSection(p, "barrier-divergent");
  EXPECT_EQ(count(barrier, "<div class=\"file-group\">"), 2u);
  size_t plain = barrier.find("<h3>tests/report/Inputs/findings.cu <span class=\"count\">1</span></h3>");
  size_t scan = barrier.find("<h3>tests/report/Inputs/html/scan.cu <span class=\"count\">1</span></h3>");
  ASSERT_NE(plain, std::string::npos) << barrier;
  ASSERT_NE(scan, std::string::npos);
  EXPECT_LT(plain, scan);
  EXPECT_EQ(count(barrier, "<article class=\"finding\""), 2u);
  EXPECT_EQ(count(barrier, "data-rule=\"barrier-divergent\""), 3u); // the section and its two findings
  EXPECT_NE(barrier.find("publish() executes __syncthreads()"), std::string::npos);
  // Every finding appears once.
  EXPECT_EQ(count(p, "<article class=\"finding\""), 6u);
}

TEST(HtmlFormat, HeaderHasTotalsByRuleAndSeverity) {
  std::string p = page(lintSample(hostileSource()));
  std::string head = slice(p, "<header class=\"page-head\">", "</header>");
  EXPECT_NE(head.find("<h1>warpcheck lint report</h1>"), std::string::npos) << head;
  EXPECT_NE(head.find("warpcheck 0.1.0"), std::string::npos);
  EXPECT_NE(head.find("<span class=\"n\">6</span>findings"), std::string::npos);
  EXPECT_NE(head.find("<span class=\"n\">4</span>errors"), std::string::npos);
  EXPECT_NE(head.find("<span class=\"n\">2</span>warnings"), std::string::npos);
  EXPECT_NE(head.find("<span class=\"n\">3</span>files analysed"), std::string::npos);
  EXPECT_NE(head.find("<span class=\"n\">1</span>failed to parse"), std::string::npos);
  EXPECT_NE(head.find("<span class=\"n\">1</span>skipped"), std::string::npos);
  // The table by rule: count, severities and the catalogue's summary.
  EXPECT_NE(head.find("<a href=\"#rule-barrier-divergent\"><code>barrier-divergent</code></a></td>"
                      "<td class=\"num\">2</td><td>2 errors</td><td>A block barrier"),
            std::string::npos);
  EXPECT_NE(head.find("<td class=\"num\">1</td><td>1 warning</td><td><span class=\"muted\">unknown rule"),
            std::string::npos);
  EXPECT_NE(p.find("<title>warpcheck lint report: 4 errors, 2 warnings</title>"), std::string::npos);
}

TEST(HtmlFormat, RuleHeaderHasSummaryAndDoc) {
  std::string s = ruleSection(page(lintSample(hostileSource())), "barrier-divergent");
  EXPECT_NE(s.find("<span class=\"badge sev-error\">error</span><code>barrier-divergent</code>"
                   "<span class=\"count\">2 errors</span>"),
            std::string::npos) << s;
  EXPECT_NE(s.find("<p class=\"summary\">A block barrier (__syncthreads, block.sync()) reached by only some"),
            std::string::npos);
  std::string doc = slice(s, "<details class=\"explain\">", "</details>");
  EXPECT_NE(doc.find("<h4>What it finds</h4>"), std::string::npos) << doc;
  EXPECT_NE(doc.find("<pre class=\"doc-code\"><code>__global__ void shift_left(const int* in, int* out) {"),
            std::string::npos);
  EXPECT_NE(doc.find("<code>__syncthreads()</code>"), std::string::npos);
}

TEST(HtmlFormat, ExcerptHighlightsTheRangeWithLineNumbers) {
  std::string p = page(lintSample(hostileSource()));
  std::string f = article(p, findingWith(p, "publish() executes"));
  // Lines 11-15 around line 13, which is highlighted, its range marked.
  EXPECT_NE(f.find("<tr><td class=\"ln\">11</td><td class=\"code\">  float v = in[blockIdx.x * blockDim.x + "
                   "threadIdx.x];</td></tr>"),
            std::string::npos) << f;
  EXPECT_NE(f.find("<tr class=\"hl\"><td class=\"ln\">13</td><td class=\"code\">    <mark>publish(s, v)</mark>;"
                   "</td></tr>"),
            std::string::npos);
  std::string first = slice(f, "<div class=\"excerpt\">", "</table></div>");
  EXPECT_EQ(count(first, "<tr"), 5u) << first;
  EXPECT_NE(first.find("<td class=\"ln\">15</td>"), std::string::npos);
  EXPECT_NE(f.find("<a class=\"loc\" href=\"#"), std::string::npos);
  EXPECT_NE(f.find("tests/report/Inputs/html/scan.cu:13:5</a>"), std::string::npos);
}

// The divergence chain reads top to bottom: the branch, then the barrier in
// the callee, each with its own excerpt.
TEST(HtmlFormat, NotesFollowInOrderWithExcerpts) {
  std::string p = page(lintSample(hostileSource()));
  std::string f = article(p, findingWith(p, "publish() executes"));
  std::string notes = slice(f, "<ol class=\"notes\">", "</ol>");
  ASSERT_FALSE(notes.empty()) << f;
  size_t branch = notes.find("this branch depends on threadIdx.x");
  size_t barrier = notes.find("publish() reaches __syncthreads() here");
  ASSERT_NE(branch, std::string::npos);
  ASSERT_NE(barrier, std::string::npos);
  EXPECT_LT(branch, barrier);
  EXPECT_EQ(count(notes, "<li class=\"note\">"), 2u);
  EXPECT_NE(notes.find("<tr class=\"hl\"><td class=\"ln\">12</td><td class=\"code\">  if (<mark>threadIdx.x &lt; n"
                       "</mark>) {</td></tr>"),
            std::string::npos) << notes;
  EXPECT_NE(notes.find("<tr class=\"hl\"><td class=\"ln\">6</td><td class=\"code\">  <mark>__syncthreads()</mark>;"),
            std::string::npos);
  EXPECT_LT(notes.find(">12</td>"), notes.find(">6</td>"));
  EXPECT_NE(f.find("<div class=\"passes\">passes: host, sm_90</div>"), std::string::npos);
}

TEST(HtmlFormat, FixItsShowTheReplacement) {
  std::string p = page(lintSample(hostileSource()));
  std::string shfl = article(p, findingWith(p, "__shfl_down without _sync"));
  std::string fix = slice(shfl, "<div class=\"fixes\">", "</table></div></div>");
  EXPECT_NE(fix.find("<tr class=\"before\"><td class=\"ln\">15</td><td class=\"sign\">-</td><td class=\"code\">"
                     "  float left = <del>__shfl_down(</del>v, 1);</td></tr>"),
            std::string::npos) << fix;
  EXPECT_NE(fix.find("<tr class=\"after\"><td class=\"ln\">15</td><td class=\"sign\">+</td><td class=\"code\">"
                     "  float left = <ins>__shfl_down_sync(0xffffffff, </ins>v, 1);</td></tr>"),
            std::string::npos);
  // Over several lines: in words, the replacement shown as is.
  std::string plain = article(p, findingWith(p, "__syncthreads() is reached by only"));
  EXPECT_NE(plain.find("<div class=\"fix-words\">replace tests/report/Inputs/findings.cu:7:5&#8211;8:3 with "
                       "<pre class=\"replacement\">}\n  __syncthreads();\n</pre></div>"),
            std::string::npos) << plain;
}

TEST(HtmlFormat, FixItInWordsForInsertionsAndUnreadableFiles) {
  Report r;
  r.command = "lint";
  Finding f = finding("warp-legacy-intrinsic", Severity::Error, at("/nonexistent/a.cu", 3, 5), "m");
  f.fixits.push_back({at("/nonexistent/a.cu", 3, 5, 3, 4), "_sync"});
  f.fixits.push_back({at("/nonexistent/a.cu", 4, 1, 4, 3), ""});
  r.findings.push_back(f);
  std::string p = page(r, "");
  EXPECT_NE(p.find("<div class=\"fix-words\">insert <code class=\"replacement\">_sync</code> at /nonexistent/a.cu:3:5"
                   "</div>"),
            std::string::npos) << p;
  EXPECT_NE(p.find("<div class=\"fix-words\">remove /nonexistent/a.cu:4:1&#8211;4:3</div>"), std::string::npos);
  EXPECT_EQ(p.find("<div class=\"excerpt"), std::string::npos); // nothing to read
}

TEST(HtmlFormat, RaceShowsBothAccessesSideBySide) {
  std::string p = page(runSample());
  std::string f = article(p, findingWith(p, "write-after-read race"));
  ASSERT_FALSE(f.empty());
  EXPECT_NE(f.find("data-severity=\"error\" data-rule=\"race-shared\""), std::string::npos);
  std::string facts = slice(f, "<dl class=\"facts\">", "</dl>");
  EXPECT_NE(facts.find("<dt>kernel</dt><dd><code>transpose(const float*, float*, int)</code>"), std::string::npos)
      << facts;
  EXPECT_NE(facts.find("<dt>threads</dt><dd>inter-warp</dd>"), std::string::npos);
  EXPECT_NE(facts.find("<dt>shared offset</dt><dd><code>0x84</code> (byte 132)</dd>"), std::string::npos);
  EXPECT_NE(facts.find("<dt>count</dt><dd>3 times, all launches</dd>"), std::string::npos);

  std::string columns = slice(f, "<div class=\"accesses cols-2\">", "</section></div>");
  ASSERT_EQ(count(columns, "<section class=\"access\">"), 2u) << f;
  std::string first = slice(columns, "<section class=\"access\">", "</section>");
  std::string second = slice(columns.substr(columns.find("</section>")), "<section class=\"access\">", "</section>");
  // The earlier access (the read, line 9, where the first note points) on
  // the left, with the note's text; the later write (line 7) on the right.
  EXPECT_NE(first.find("<span class=\"order\">first</span> <span class=\"kind kind-read\">read</span>"),
            std::string::npos) << first;
  EXPECT_NE(first.find("tests/report/Inputs/html/tile.cu:9</div>"), std::string::npos);
  EXPECT_NE(first.find("the read by thread (1,0,0) is here"), std::string::npos);
  EXPECT_NE(first.find("<tr class=\"hl\"><td class=\"ln\">9</td><td class=\"code\">    <mark>out[(t + "),
            std::string::npos);
  EXPECT_NE(first.find("<dt>thread</dt><dd><code>(1, 0, 0)</code>"), std::string::npos);
  EXPECT_NE(first.find("<dt>block</dt><dd><code>(2, 0, 0)</code>"), std::string::npos);
  EXPECT_NE(first.find("<dt>pc</dt><dd><code>0x7f3a001f0</code>"), std::string::npos);
  EXPECT_NE(first.find("<dt>function</dt><dd><code>transpose(float const*, float*, int)+0x1f0</code>"), std::string::npos);
  EXPECT_NE(second.find("<span class=\"order\">second</span> <span class=\"kind kind-write\">write</span>"),
            std::string::npos) << second;
  EXPECT_NE(second.find("tests/report/Inputs/html/tile.cu:7</div>"), std::string::npos);
  EXPECT_NE(second.find("<tr class=\"hl\"><td class=\"ln\">7</td><td class=\"code\">    <mark>tile[threadIdx.y]"),
            std::string::npos);
  EXPECT_NE(second.find("<dt>thread</dt><dd><code>(0, 1, 0)</code>"), std::string::npos);
  EXPECT_NE(second.find("<dt>function</dt><dd><code>transpose(float const*, float*, int)+0x90</code>"), std::string::npos);
  // The first note is in the left column, not repeated below.
  EXPECT_EQ(f.find("<ol class=\"notes\">"), std::string::npos);
  EXPECT_EQ(count(f, "the read by thread (1,0,0) is here"), 1u);
}

TEST(HtmlFormat, IntraWarpRaceKeepsItsExtraNote) {
  std::string p = page(runSample());
  std::string f = article(p, findingWith(p, "read-after-write race"));
  EXPECT_NE(f.find("data-severity=\"warning\""), std::string::npos);
  EXPECT_NE(f.find("<dt>threads</dt><dd>intra-warp</dd>"), std::string::npos);
  std::string notes = slice(f, "<ol class=\"notes\">", "</ol>");
  EXPECT_EQ(count(notes, "<li class=\"note\">"), 1u) << notes;
  EXPECT_NE(notes.find("both threads are in warp 0"), std::string::npos);
  // It is about the finding's own line, already shown: no second excerpt.
  EXPECT_EQ(notes.find("<div class=\"excerpt\">"), std::string::npos);
}

TEST(HtmlFormat, RunFindingWithoutLineInfo) {
  std::string p = page(runSample());
  std::string f = article(p, findingWith(p, "write-after-write race"));
  EXPECT_NE(f.find("\">(no source location)</a>"), std::string::npos) << f;
  EXPECT_EQ(count(f, "build the program with <code>-lineinfo</code>"), 2u);
  EXPECT_NE(f.find("<dt>thread</dt><dd>another thread (not recorded)</dd>"), std::string::npos);
  EXPECT_NE(f.find("<dt>function</dt><dd><code>transpose(float const*, float*, int)+0x2a0</code>"), std::string::npos);
  // Grouped after the files.
  std::string race = ruleSection(p, "race-shared");
  size_t nowhere = race.find("<h3>(no source location) <span class=\"count\">1</span></h3>");
  ASSERT_NE(nowhere, std::string::npos) << race;
  EXPECT_LT(race.find("<h3>tests/report/Inputs/html/tile.cu <span class=\"count\">2</span></h3>"), nowhere);
}

TEST(HtmlFormat, SyncwarpFindingShowsMaskAndLanes) {
  std::string p = page(runSample());
  std::string f = article(p, findingWith(p, "named in the mask of __syncwarp"));
  EXPECT_NE(f.find("<div class=\"accesses cols-1\">"), std::string::npos) << f;
  EXPECT_NE(f.find("<dt>mask</dt><dd><code>0xffffffff</code>"), std::string::npos);
  EXPECT_NE(f.find("<dt>lanes</dt><dd><code>16-31</code>"), std::string::npos);
  EXPECT_NE(f.find("<span class=\"kind kind-syncwarp\">syncwarp</span>"), std::string::npos);
  EXPECT_NE(f.find("the __syncwarp() whose mask names them"), std::string::npos);
}

TEST(HtmlFormat, RunSummary) {
  std::string p = page(runSample());
  std::string run = slice(p, "<section class=\"panel run\">", "</section>");
  ASSERT_FALSE(run.empty()) << p;
  EXPECT_NE(run.find("<dt>command</dt><dd><code>./transpose --size 1024 &#39;it&#39;\\&#39;&#39;s &lt;/script&gt;"),
            std::string::npos) << run;
  EXPECT_NE(run.find("<dt>ended</dt><dd>exit code 0</dd>"), std::string::npos);
  EXPECT_NE(run.find("<dt>launches checked</dt><dd>3 of 4</dd>"), std::string::npos);
  EXPECT_NE(run.find("<dt>kernels</dt><dd><code>transpose(const float*, float*, int)</code></dd>"), std::string::npos);
  EXPECT_NE(run.find("<dt>unchecked shared accesses</dt><dd>0</dd>"), std::string::npos);
  EXPECT_NE(run.find("<dt>threads in unchecked blocks</dt><dd>64</dd>"), std::string::npos);
  EXPECT_NE(run.find("<dt>dropped hazards</dt><dd>2</dd>"), std::string::npos);
  EXPECT_NE(run.find("<h4>1 error</h4><ul class=\"messages errors\"><li>module 1: cannot patch"), std::string::npos);
  EXPECT_NE(run.find("<h4>2 warnings</h4>"), std::string::npos);
  EXPECT_NE(p.find("<span class=\"n\">3</span>of 4 launches checked"), std::string::npos);
  EXPECT_EQ(p.find("files analysed"), std::string::npos); // run reports have no files

  Report killed = runSample();
  killed.run->signal = 11;
  EXPECT_NE(page(killed).find("<dt>ended</dt><dd>by signal 11</dd>"), std::string::npos);
}

TEST(HtmlFormat, FilesNotAnalysedWithTheirMessages) {
  std::string p = page(lintSample(hostileSource()));
  std::string files = slice(p, "<section class=\"panel files\">", "</section>");
  std::string broken = slice(files, "<div class=\"file-problem parse-error\">", "</table></div></div>");
  EXPECT_NE(broken.find("<h3>tests/report/Inputs/parse_error.cu <span class=\"count\">failed to parse</span></h3>"),
            std::string::npos) << files;
  // Once for both passes, with the line it points at.
  EXPECT_EQ(count(broken, "expected &#39;;&#39; after expression"), 1u);
  EXPECT_NE(broken.find("expected &#39;;&#39; after expression (host, sm_90 passes)"), std::string::npos);
  EXPECT_NE(broken.find("<tr class=\"hl\"><td class=\"ln\">3</td><td class=\"code\">  x[threadIdx.x] = 1<mark "
                        "class=\"point\"> </mark></td></tr>"),
            std::string::npos) << broken;
  EXPECT_NE(files.find("<h3>src/host_only.cpp <span class=\"count\">skipped</span></h3><p>not a CUDA source (.cpp)"
                       "</p>"),
            std::string::npos);
  EXPECT_NE(p.find("<summary>3 files analysed</summary>"), std::string::npos);
}

TEST(HtmlFormat, EscapesHostileStrings) {
  std::string p = page(lintSample(hostileSource()));
  // Only the page's own two scripts, and no element from the report's text.
  EXPECT_EQ(count(p, "<script"), 2u);
  EXPECT_EQ(count(p, "</script>"), 2u);
  EXPECT_EQ(p.find("<img"), std::string::npos);
  const std::string escaped = "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;";
  std::string f = article(p, findingWith(p, "a note on the hostile line"));
  EXPECT_NE(f.find("<span class=\"msg\">message with " + escaped), std::string::npos) << f;
  const std::string rule = "x&quot; onclick=&quot;alert(2)" + escaped;
  EXPECT_NE(f.find("data-rule=\"" + rule + "\""), std::string::npos);
  EXPECT_NE(f.find("<td class=\"code\">  // " + escaped), std::string::npos); // the source line
  EXPECT_NE(p.find("<option value=\"" + rule + "\">"), std::string::npos);
  EXPECT_NE(p.find("/nonexistent/dir&quot;&#39;&lt;&amp;&gt;/x.cu:4:9"), std::string::npos);

  // Every tag is one the page writes, with attributes it writes (no event
  // handler, no src): the report's text stays text, in content and in values.
  std::string markup = markupOnly(p);
  const std::set<std::string> tags = {
      "!DOCTYPE", "html", "head", "meta", "title", "style", "script", "body", "header", "h1", "h2", "h3", "h4",
      "p", "div", "span", "a", "code", "table", "thead", "tbody", "tr", "th", "td", "mark", "del", "ins", "ol",
      "ul", "li", "section", "details", "summary", "pre", "strong", "dl", "dt", "dd", "form", "fieldset",
      "legend", "label", "input", "select", "option", "output", "main", "footer", "article"};
  const std::set<std::string> attributes = {"lang", "charset", "http-equiv", "content", "name", "class", "id",
                                             "href", "role", "hidden", "type", "value", "checked", "placeholder",
                                             "data-severity", "data-rule", "data-suppressed-by",
                                             "html" /* of <!DOCTYPE html> */};
  // A tag: its name, then attributes, each a name with an optional "value"
  // (the page quotes every value with " and escapes " inside).
  std::regex tag(R"(<(/?)([^\s>/]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*>)");
  std::regex attribute(R"(\s+([^\s=>]+)(?:="[^"]*")?)");
  size_t tagsSeen = 0;
  for (auto it = std::sregex_iterator(markup.begin(), markup.end(), tag); it != std::sregex_iterator(); ++it) {
    ++tagsSeen;
    EXPECT_TRUE(tags.count((*it)[2].str())) << "unexpected tag <" << (*it)[1] << (*it)[2];
    std::string attrs = (*it)[3].str();
    for (auto a = std::sregex_iterator(attrs.begin(), attrs.end(), attribute); a != std::sregex_iterator(); ++a)
      EXPECT_TRUE(attributes.count((*a)[1].str())) << "unexpected attribute " << (*a)[1] << " in " << (*it)[0];
  }
  EXPECT_EQ(tagsSeen, count(markup, "<")) << "a '<' that does not start a well-formed tag";
}

TEST(HtmlFormat, BytesThatAreNotUtf8AreReplaced) {
  std::string p = page(lintSample(hostileSource()));
  EXPECT_TRUE(validUtf8(p));
  std::string f = article(p, findingWith(p, "a note on the hostile line"));
  EXPECT_NE(f.find("bytes \xEF\xBF\xBD( that are not UTF-8"), std::string::npos) << f; // C3 28: U+FFFD then '('
  EXPECT_NE(f.find("\xEF\xBF\xBD\xEF\xBF\xBD not UTF-8 \xE2\x90\x9B[31m"), std::string::npos); // FF FE, then ESC as ␛
}

// No network: nothing is loaded (no src, no stylesheet, no url()), links are
// anchors in the page, and the policy forbids loading anything anyway.
TEST(HtmlFormat, SelfContained) {
  for (const Report &r : {lintSample(hostileSource()), runSample()}) {
    std::string p = page(r);
    std::string markup = markupOnly(p);
    EXPECT_FALSE(std::regex_search(markup, std::regex(R"(<[a-z]+(\s+[a-z-]+(="[^"]*")?)*\s+src=)")));
    EXPECT_EQ(p.find("<script src"), std::string::npos);
    EXPECT_EQ(p.find("<link"), std::string::npos);
    EXPECT_EQ(p.find("@import"), std::string::npos);
    EXPECT_EQ(p.find("url("), std::string::npos);
    EXPECT_FALSE(std::regex_search(p, std::regex(R"((src|href|action)\s*=\s*["']?\s*(https?:)?//)")));
    std::regex href(R"(href="([^"]*)\")");
    for (auto it = std::sregex_iterator(markup.begin(), markup.end(), href); it != std::sregex_iterator(); ++it)
      EXPECT_EQ((*it)[1].str().substr(0, 1), "#") << (*it)[0];
    EXPECT_NE(p.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "),
              std::string::npos);
  }
}

// The policy lets exactly the page's own style and scripts run: their
// hashes are those of the inline contents as written.
TEST(HtmlFormat, PolicyHashesMatchTheInlineStyleAndScripts) {
  std::string p = page(runSample());
  std::string policy = slice(p, "content=\"default-src", "\">");
  std::vector<std::string> inline_;
  for (const char *tag : {"style", "script"}) {
    std::string open = std::string("<") + tag + ">", close = std::string("</") + tag + ">";
    for (size_t b = p.find(open); b != std::string::npos; b = p.find(open, b + 1)) {
      size_t from = b + open.size();
      inline_.push_back(p.substr(from, p.find(close, from) - from));
    }
  }
  ASSERT_EQ(inline_.size(), 3u);
  for (const std::string &body : inline_) EXPECT_NE(policy.find(html::cspHash(body)), std::string::npos) << policy;
  EXPECT_NE(policy.find("style-src 'sha256-"), std::string::npos);
  EXPECT_NE(policy.find("script-src 'sha256-"), std::string::npos);
}

// The page inlines the real files of reports/formats/html/ (embedded at
// build time with their hashes, gen_page_assets.py), byte for byte.
TEST(HtmlFormat, InlinesThePageCssAndJsFiles) {
  auto file = [](const char *name) {
    std::ifstream in(std::string(WARPCHECK_SOURCE_DIR) + "/reports/formats/html/" + name, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  };
  std::string p = page(runSample());
  std::string css = file("page.css"), recorder = file("error-recorder.js"), filter = file("filter.js");
  ASSERT_FALSE(css.empty() || recorder.empty() || filter.empty());
  EXPECT_NE(p.find("<style>" + css + "</style>"), std::string::npos);
  EXPECT_NE(p.find("<script>" + recorder + "</script>"), std::string::npos);
  EXPECT_NE(p.find("<script>" + filter + "</script>"), std::string::npos);
}

// Scripts only add the filter bar: without them it stays hidden and every
// finding is shown; each finding carries what the filters read.
TEST(HtmlFormat, FilterBarNeedsScripts) {
  std::string p = page(lintSample(hostileSource()));
  EXPECT_NE(p.find("<form class=\"filters\" id=\"filters\" role=\"search\" hidden>"), std::string::npos);
  EXPECT_FALSE(std::regex_search(markupOnly(p), std::regex(R"(<(article|section|div|ol|table)[^>]*\shidden)")));
  EXPECT_EQ(count(p, "<article class=\"finding\" id=\"f"), count(p, "\" data-severity=\""));
  EXPECT_NE(p.find("<option value=\"barrier-divergent\">barrier-divergent (2)</option>"), std::string::npos);
  EXPECT_NE(p.find("<input type=\"checkbox\" name=\"severity\" value=\"error\" checked>"), std::string::npos);
  EXPECT_EQ(p.find("value=\"note\""), std::string::npos); // no notes in this report: no checkbox for them
}

TEST(HtmlFormat, NoFindings) {
  Report r;
  r.toolVersion = "0.1.0";
  r.command = "lint";
  FileStatus f;
  f.path = "a.cu";
  r.files.push_back(f);
  std::string p = page(r, "");
  EXPECT_NE(p.find("<p class=\"empty\">No findings.</p>"), std::string::npos);
  EXPECT_EQ(p.find("<form"), std::string::npos);
  EXPECT_NE(p.find("<title>warpcheck lint report: no findings</title>"), std::string::npos);
  EXPECT_NE(p.find("<span class=\"n\">0</span>errors"), std::string::npos);
}

TEST(HtmlFormat, PathsRelativeToTheSourceRoot) {
  Report r = lintSample(hostileSource());
  std::string rel = page(r), given = page(r, "");
  EXPECT_NE(rel.find(">tests/report/Inputs/findings.cu:7:5</a>"), std::string::npos);
  EXPECT_EQ(rel.find(kSourceRoot + "/tests/report/Inputs/findings.cu"), std::string::npos);
  EXPECT_NE(given.find(">" + kSourceRoot + "/tests/report/Inputs/findings.cu:7:5</a>"), std::string::npos);
}

TEST(HtmlFormat, Deterministic) {
  Report r = lintSample(hostileSource());
  EXPECT_EQ(page(r), page(r));
  EXPECT_EQ(page(runSample()), page(runSample()));
}

// The pages check_html.py opens in Chromium: to $WARPCHECK_TEST_HTML_DIR
// (set by ctest), else the test temp dir.
TEST(HtmlFormat, WritesSamplePages) {
  const char *dir = std::getenv("WARPCHECK_TEST_HTML_DIR");
  std::string base = dir && *dir ? std::string(dir) + "/" : ::testing::TempDir();
  std::vector<std::pair<std::string, Report>> pages = {{"lint-report.html", lintSample(hostileSource())},
                                                       {"run-report.html", runSample()}};
  for (const auto &[name, report] : pages) {
    std::string path = base + name;
    {
      std::ofstream out(path, std::ios::binary);
      out << page(report);
    }
    std::ifstream in(path, std::ios::binary);
    std::string back((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(back, page(report)) << path;
    std::cout << "wrote " << path << "\n";
  }
}
