// The page's CSS. Colours are variables, swapped for dark schemes; nothing
// is fetched (system fonts only).
#include "reports/formats/html/PageAssets.h"

namespace warpcheck::html {

const char kPageStyle[] = R"css(
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --panel: #f6f8fa;
  --hl: #fff5c2; --mark: #ffd95a; --link: #0969da;
  --error: #cf222e; --warning: #9a6700; --note: #0969da; --badge-fg: #ffffff;
  --ins: #d1f5da; --del: #ffd8d3;
  --mono: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23;
    --hl: #2e2a12; --mark: #6b5409; --link: #4493f8;
    --error: #f85149; --warning: #d29922; --note: #4493f8; --badge-fg: #0d1117;
    --ins: #1b4721; --del: #5d1a1d;
  }
}
[hidden] { display: none !important; }
* { box-sizing: border-box; }
body {
  margin: 0 auto; padding: 0 1.5rem 3rem; max-width: 1280px;
  background: var(--bg); color: var(--fg);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Liberation Sans", sans-serif;
}
a { color: var(--link); }
code, .loc, .excerpt { font-family: var(--mono); font-size: 13px; }
h1 { font-size: 1.6rem; margin: 1.2rem 0 .2rem; }
h2 { font-size: 1.25rem; margin: 0 0 .3rem; display: flex; align-items: center; gap: .6rem; flex-wrap: wrap; }
h3 { font-size: 1rem; margin: 1.2rem 0 .5rem; font-family: var(--mono); overflow-wrap: anywhere; }
h4 { font-size: .95rem; margin: .8rem 0 .3rem; }
.tool { color: var(--muted); margin: 0 0 1rem; }
.muted, .count { color: var(--muted); font-weight: normal; font-size: .9rem; }

.totals { display: flex; flex-wrap: wrap; gap: .75rem; margin: 1rem 0; }
.stat { border: 1px solid var(--border); border-left-width: 5px; border-radius: 6px; padding: .4rem .9rem; min-width: 7.5rem; background: var(--panel); }
.stat .n { font-size: 1.5rem; font-weight: 700; display: block; }
.stat.sev-error { border-left-color: var(--error); }
.stat.sev-warning { border-left-color: var(--warning); }
.stat.sev-note { border-left-color: var(--note); }
table.by-rule { border-collapse: collapse; margin: .5rem 0 1.5rem; }
table.by-rule th, table.by-rule td { text-align: left; padding: .25rem .9rem .25rem 0; border-bottom: 1px solid var(--border); }
table.by-rule td.num { text-align: right; }
table.by-rule td:first-child { white-space: nowrap; }

.badge {
  display: inline-block; padding: 1px 9px; border-radius: 10px; font-size: 12px; font-weight: 700;
  text-transform: uppercase; letter-spacing: .03em; color: var(--badge-fg); background: var(--muted);
  font-family: system-ui, "DejaVu Sans", sans-serif; white-space: nowrap;
}
.badge.sev-error, .badge.sev-fatal-error { background: var(--error); }
.badge.sev-warning { background: var(--warning); }
.badge.sev-note { background: var(--note); }

section.panel { border: 1px solid var(--border); border-radius: 8px; padding: .8rem 1rem; margin: 1rem 0; background: var(--panel); }
section.panel h2 { margin-bottom: .6rem; }
dl.facts { display: flex; flex-wrap: wrap; gap: .2rem 1.6rem; margin: .4rem 0; }
dl.facts div { display: flex; gap: .45rem; min-width: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
ul.messages { margin: .3rem 0; padding-left: 1.3rem; }

form.filters {
  position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.2rem;
  padding: .6rem 0; margin-bottom: .5rem; background: var(--bg); border-bottom: 1px solid var(--border);
}
form.filters fieldset { border: 0; margin: 0; padding: 0; display: flex; gap: .8rem; }
form.filters legend { float: left; margin-right: .5rem; color: var(--muted); }
form.filters input[type=search] { min-width: 16rem; }
form.filters output { color: var(--muted); margin-left: auto; }

.rule-group { margin: 1.8rem 0; }
.rule-group > .summary { margin: .2rem 0; }
.rule-group > .guide { margin: .1rem 0 .4rem; color: var(--muted); font-size: .9rem; }
details.explain { margin: .4rem 0 .8rem; border: 1px solid var(--border); border-radius: 6px; padding: .3rem .8rem; }
details.explain > summary { cursor: pointer; color: var(--link); }
details.suppressed-list > summary { cursor: pointer; color: var(--link); }
details.suppressed-list li .by { color: var(--muted); }
details.explain pre.doc-code { background: var(--panel); padding: .5rem .8rem; border-radius: 6px; overflow-x: auto; }

article.finding {
  border: 1px solid var(--border); border-left: 5px solid var(--muted); border-radius: 6px;
  padding: .6rem .9rem; margin: .6rem 0; background: var(--bg);
}
article.finding[data-severity=error] { border-left-color: var(--error); }
article.finding[data-severity=warning] { border-left-color: var(--warning); }
article.finding[data-severity=note] { border-left-color: var(--note); }
.head { display: flex; flex-wrap: wrap; align-items: baseline; gap: .2rem .6rem; }
.head .loc { color: var(--muted); overflow-wrap: anywhere; }
.head .msg { white-space: pre-wrap; overflow-wrap: anywhere; }
article.finding > .head .msg { font-weight: 600; }

.excerpt { overflow-x: auto; margin: .45rem 0; border: 1px solid var(--border); border-radius: 6px; background: var(--panel); }
.excerpt table { border-collapse: collapse; width: 100%; }
.excerpt td { padding: 0 .6rem; vertical-align: top; line-height: 1.5; }
.excerpt td.ln, .excerpt td.sign { color: var(--muted); text-align: right; user-select: none; width: 1%; white-space: nowrap; }
.excerpt td.code { white-space: pre; tab-size: 8; }
.excerpt tr.hl td { background: var(--hl); }
.excerpt tr.hl td.ln { color: var(--fg); font-weight: 700; }
mark { background: var(--mark); color: inherit; border-radius: 2px; }
mark.point { padding: 0 1px; }
.excerpt del { background: var(--del); text-decoration: line-through; }
.excerpt ins { background: var(--ins); text-decoration: none; }

ol.notes { list-style: none; counter-reset: step; margin: .6rem 0 0; padding: 0 0 0 .9rem; border-left: 2px solid var(--border); }
ol.notes > li { counter-increment: step; margin: .5rem 0; }
ol.notes > li > .head::before { content: counter(step) "."; color: var(--muted); font-family: var(--mono); font-size: 13px; }

.fixes { margin-top: .6rem; }
.fixes .label, .passes { color: var(--muted); font-size: .85rem; }
.fix-words .replacement { background: var(--ins); padding: 0 3px; white-space: pre-wrap; }
.fix-words pre.replacement { font-family: var(--mono); font-size: 13px; padding: .3rem .6rem; margin: .3rem 0; border-radius: 4px; }
.passes { margin-top: .4rem; }

.evidence { margin: .5rem 0; }
.accesses { display: grid; gap: .8rem; grid-template-columns: minmax(0, 1fr); }
.accesses.cols-2 { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
@media (max-width: 900px) { .accesses.cols-2 { grid-template-columns: minmax(0, 1fr); } }
section.access { border: 1px solid var(--border); border-radius: 6px; padding: .5rem .8rem; min-width: 0; }
section.access h4 { margin: 0 0 .2rem; text-transform: capitalize; }
section.access .kind { font-family: var(--mono); text-transform: none; }
section.access .loc { color: var(--muted); overflow-wrap: anywhere; }
section.access p.msg { margin: .2rem 0; }
.no-source { color: var(--muted); font-style: italic; }
.empty { font-size: 1.1rem; color: var(--muted); }
footer { margin-top: 3rem; color: var(--muted); font-size: .85rem; }
@media print { form.filters { display: none; } article.finding { break-inside: avoid; } }
)css";

} // namespace warpcheck::html
