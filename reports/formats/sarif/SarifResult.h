#pragma once
// One finding as a SARIF result (for the SARIF writer).
#include "reports/model/Finding.h"
#include "reports/formats/sarif/SarifLocator.h"
#include <nlohmann/json.hpp>

namespace warpcheck {

// ruleId, level, message (notes linked as `[text](id)`), locations,
// relatedLocations (one per note, ids from 1), a codeFlow when notes lead
// to the finding, fixes, partialFingerprints and properties (passes and the
// GPU evidence). ruleIndex is the caller's: it knows the rules array.
nlohmann::json sarifResult(const Finding &f, SarifLocator &locator);

// `text` with '[' and ']' escaped, as SARIF requires in a message with
// embedded links.
std::string sarifEscapeBrackets(const std::string &text);

} // namespace warpcheck
