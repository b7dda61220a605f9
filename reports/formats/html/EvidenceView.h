#pragma once
#include "reports/formats/html/PageContext.h"
#include <string>

namespace warpcheck::html {

// What `warpcheck run` saw on the GPU (finding.evidence): kernel, relation,
// shared offset, count, mask and lanes; then the accesses side by side, the
// earlier first, each with its kind, source excerpt, thread, block and
// pc/function+offset. The earlier access's place is the finding's first note
// (runtime/host/RunFindings.cpp): `notesShown` says how many leading notes the
// view already showed. "" when the finding has no evidence.
std::string evidenceHtml(PageContext &ctx, const Finding &f, size_t &notesShown);

} // namespace warpcheck::html
