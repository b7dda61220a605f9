#include "config/ConfigInherit.h"
#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace warpcheck {
namespace {

// `dir` as a glob that matches exactly that path.
std::string escapedForGlob(const std::string &dir) {
  std::string out;
  for (char c : dir) {
    if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// The parent's path globs as the child must hold them: relative ones start
// at the parent's directory, whatever directory the child is in.
std::vector<std::string> rebased(const std::vector<std::string> &globs, const ProjectConfig &parent) {
  std::error_code ec;
  std::string dir = parent.directory.empty() ? fs::current_path(ec).string() : parent.directory;
  std::string base = escapedForGlob(dir);
  if (!base.empty() && base.back() == '/') base.pop_back(); // "/" itself
  std::vector<std::string> out;
  for (std::string g : globs) {
    if (g[0] == '/') {
      out.push_back(g);
      continue;
    }
    while (g.size() > 2 && g.compare(0, 2, "./") == 0) g.erase(0, 2);
    out.push_back(g == "." ? (base.empty() ? "/" : base) : base + "/" + g);
  }
  return out;
}

template <class T> std::vector<T> joined(const std::vector<T> &first, const std::vector<T> &then) {
  std::vector<T> out = first;
  out.insert(out.end(), then.begin(), then.end());
  return out;
}

} // namespace

void inheritFrom(ProjectConfig &child, const ProjectConfig &parent) {
  child.rules = joined(parent.rules, child.rules);
  child.warningsAsErrors = joined(parent.warningsAsErrors, child.warningsAsErrors);
  child.include = joined(rebased(parent.include, parent), child.include);
  child.exclude = joined(rebased(parent.exclude, parent), child.exclude);
  child.extraArgs = joined(parent.extraArgs, child.extraArgs);
  std::vector<SeverityOverride> severities;
  for (const SeverityOverride &p : parent.severities)
    if (std::none_of(child.severities.begin(), child.severities.end(),
                     [&](const SeverityOverride &c) { return c.rule == p.rule; }))
      severities.push_back(p);
  child.severities = joined(severities, child.severities);
  if (!child.states("Archs")) child.archs = parent.archs;
  if (!child.states("FailOn")) child.failOn = parent.failOn;
  for (const std::string &k : parent.statedKeys)
    if (!child.states(k)) child.statedKeys.push_back(k);
  child.inherited = joined({parent.file}, parent.inherited);
  child.inheritParentConfig = false; // merged: reading it back must not merge the parents twice
}

bool loadConfigWithParents(const std::string &path, ProjectConfig &out, ConfigError &error) {
  ProjectConfig config;
  if (!loadProjectConfig(path, config, error)) return false;
  if (config.inheritParentConfig) {
    config.inheritParentConfig = false;
    fs::path dir(config.directory);
    std::string parentPath = dir.has_relative_path() ? findProjectConfig(dir.parent_path().string()) : "";
    if (!parentPath.empty()) {
      ProjectConfig parent;
      if (!loadConfigWithParents(parentPath, parent, error)) {
        // Named once, by the nearest file that inherits the broken one.
        if (error.message.find(" (inherited by ") == std::string::npos)
          error.message += " (inherited by " + config.file + ", which sets InheritParentConfig)";
        return false;
      }
      inheritFrom(config, parent);
    }
  }
  out = std::move(config);
  return true;
}

} // namespace warpcheck
