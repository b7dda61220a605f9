#pragma once
// Each rule's doc (rules/*.md) as the HTML of its "explain" panel, rendered
// at build time (gen_rule_docs.py, markdown_html.py): the docs are fixed
// inputs, so the report renders no markdown itself.
#include <string_view>

namespace warpcheck::html {

// The rendered doc of `rule`; nullptr for a rule the catalogue lacks.
const char *ruleDocHtml(std::string_view rule);

} // namespace warpcheck::html
