#pragma once
#include <string>

namespace warpcheck::html {

// The subset of markdown that rules/*.md use, as HTML for a rule's "explain"
// panel: `#` headings (as <h4>, below the page's own headings), paragraphs,
// `-` and `1.` lists with indented continuation lines, ``` fenced code,
// `code` and **bold**. Anything else stays as (escaped) text.
std::string markdownToHtml(const std::string &markdown);

} // namespace warpcheck::html
