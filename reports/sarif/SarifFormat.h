#pragma once
// SARIF 2.1.0, as GitHub code scanning takes it (docs/report-format.md,
// "SARIF"): one run with every rule of the catalogue, one result per
// finding, and the files and run summary as invocation notifications,
// artifacts and run properties.
#include "reports/Report.h"
#include <cstddef>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace warpcheck {

// GitHub code scanning rejects a run with more results than this.
inline constexpr size_t kSarifMaxResults = 25000;

struct SarifOptions {
  // Absolute directory that artifact URIs are relative to (%SRCROOT%); ""
  // writes absolute file URIs.
  std::string sourceRoot;
  // Beyond this many findings, the most severe are kept (in report order)
  // and a notification says how many were left out.
  size_t maxResults = kSarifMaxResults;
};

nlohmann::json toSarif(const Report &report, const SarifOptions &opts);
// Deterministic: the same report gives the same bytes. Bytes that are not
// UTF-8 become U+FFFD instead of throwing.
void writeSarif(std::ostream &os, const Report &report, const SarifOptions &opts);

} // namespace warpcheck
