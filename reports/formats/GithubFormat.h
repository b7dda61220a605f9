#pragma once
#include "reports/formats/Formats.h"
#include "reports/model/Report.h"
#include <ostream>

namespace warpcheck {

// GitHub Actions workflow commands: `::error file=…,line=…,endLine=…,
// col=…,endColumn=…,title=…::message` per finding: parse errors of files,
// then errors, warnings and notices (GitHub shows 10 of each per step: when more would
// be dropped, a last `::notice` says how many there are in all). Notes go
// into the message, one per line. With a `opts.sourceRoot`, file paths are
// made relative to it: GitHub places annotations by repository-relative path.
void writeGithub(std::ostream &os, const Report &report, const FormatOptions &opts);

// Workflow-command escaping (actions/toolkit): data escapes %, CR, LF;
// properties also : and ,.
std::string githubEscapeData(const std::string &s);
std::string githubEscapeProperty(const std::string &s);

} // namespace warpcheck
