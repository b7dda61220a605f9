#pragma once
// SARIF 2.1.0, as GitHub code scanning takes it (docs/report-format.md,
// "SARIF"): one run with every rule of the catalogue, one result per
// finding, and the files and run summary as invocation notifications,
// artifacts and run properties.
#include "reports/formats/Formats.h"
#include "reports/model/Report.h"
#include <nlohmann/json.hpp>
#include <ostream>

namespace warpcheck {

// Artifact URIs are relative to opts.sourceRoot (%SRCROOT%), absolute file
// URIs without one; at most opts.maxResults results (kSarifMaxResults for
// GitHub code scanning).
nlohmann::json toSarif(const Report &report, const FormatOptions &opts);
// Deterministic: the same report gives the same bytes. Bytes that are not
// UTF-8 become U+FFFD instead of throwing.
void writeSarif(std::ostream &os, const Report &report, const FormatOptions &opts);

} // namespace warpcheck
