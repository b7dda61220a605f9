#include "reports/Emit.h"
#include "reports/OutputFile.h"
#include "reports/formats/RunMessages.h"
#include "reports/formats/TextFormat.h"
#include <sstream>

namespace warpcheck {

bool emit(const Report &report, const EmitOptions &opts, std::ostream &stream, const std::string &streamName,
          std::ostream &messages, std::string &error) {
  // Whole, before a byte is written: -o replaces its file only once
  // everything is there.
  std::ostringstream text;
  writeReport(text, report, opts.format, opts.formatOptions);
  if (!opts.output.empty()) {
    if (!writeOutputFile(opts.output, text.str(), error)) return false;
  } else {
    stream << text.str();
    if (!flushStream(stream, streamName, error)) return false;
  }
  if (opts.beforeSummary) opts.beforeSummary(messages);
  if (opts.quiet) return true;
  const OutputFormat *format = findFormat(opts.format);
  if (!report.run) writeSummary(messages, report);
  else if (format && !format->carriesRunMessages) writeRunMessages(messages, report);
  return true;
}

EmitVerdict verdictOf(const Report &report) {
  EmitVerdict v;
  for (const FileStatus &f : report.files) {
    v.parseErrors |= f.status == FileStatusKind::ParseError;
    v.incomplete |= !f.incompleteRules.empty();
  }
  v.problems = !report.problems.empty();
  return v;
}

} // namespace warpcheck
