#pragma once
// `InheritParentConfig: true` (docs/config.md "Inheritance"): a
// .warpcheck.yaml that says it is merged over the nearest .warpcheck.yaml
// above its own directory, as clang-tidy merges .clang-tidy files.
#include "config/ProjectConfig.h"
#include <string>

namespace warpcheck {

// Merges `parent` (the next configuration up, its own parents merged in)
// under `child`: Rules, WarningsAsErrors, Include, Exclude and ExtraArgs
// are the parent's entries followed by the child's (so the child's Rules
// entries, read last, win); Severities are merged by glob, the child's
// entry replacing the parent's for the same glob; Archs and FailOn are the
// child's when it states them, else the parent's. The parent's relative
// Include/Exclude globs become absolute, so that they still start at the
// parent's directory.
void inheritFrom(ProjectConfig &child, const ProjectConfig &parent);

// loadProjectConfig, then, while the file read sets InheritParentConfig,
// the nearest .warpcheck.yaml above it, merged under it. A parent that
// cannot be used is an error naming that parent and the file inheriting it.
// None above is no error: there is nothing to inherit.
bool loadConfigWithParents(const std::string &path, ProjectConfig &out, ConfigError &error);

} // namespace warpcheck
