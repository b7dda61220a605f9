#pragma once
#include "reports/formats/html/PageContext.h"
#include <string>

namespace warpcheck::html {

// One finding as an <article> the page's filters can hide: severity badge,
// location, message and source excerpt; then the GPU evidence of a `run`
// finding (EvidenceView.h); then the notes in order, each with its own
// excerpt (a divergence chain reads top to bottom: branch, calls, barrier);
// then the fix-its as before/after lines, and the passes that saw it.
std::string findingHtml(PageContext &ctx, const Finding &f, const std::string &id);

// The first line of a finding, note or compiler message: a badge, the
// location (a link when `anchor` is set) and the message.
std::string headLine(const PageContext &ctx, const std::string &severity, const SourceRange &where,
                     const std::string &message, const std::string &anchor = "");

} // namespace warpcheck::html
