#include "config/ConfigResolver.h"
#include "config/ConfigInherit.h"
#include <filesystem>

namespace fs = std::filesystem;

namespace warpcheck {

ConfigResolver::ConfigResolver(std::string fixedFile, bool none, CommandLineSettings cli)
    : fixedFile_(std::move(fixedFile)), none_(none), cli_(std::move(cli)) {}

const ProjectConfig *ConfigResolver::load(const std::string &path, std::string &error) {
  std::error_code ec;
  std::string key = path.empty() ? "" : fs::absolute(path, ec).lexically_normal().string();
  auto found = byFile_.find(key);
  if (found != byFile_.end()) return found->second.get();
  auto config = std::make_unique<ProjectConfig>();
  ConfigError e;
  if (!path.empty() && !loadConfigWithParents(path, *config, e)) return error = e.describe(), nullptr;
  if (!applyCommandLine(*config, cli_, error)) return nullptr;
  return (byFile_[key] = std::move(config)).get();
}

const ProjectConfig *ConfigResolver::forSource(const std::string &source, std::string &error) {
  if (none_ && !fixedFile_.empty()) return error = "--config-file and --no-config exclude each other", nullptr;
  if (none_) return load("", error);
  if (!fixedFile_.empty()) return load(fixedFile_, error);
  // Sources of one directory share its configuration: searched once.
  std::error_code ec;
  fs::path start = fs::absolute(source.empty() ? "." : source, ec).lexically_normal();
  if (!fs::is_directory(start, ec)) start = start.parent_path();
  auto found = byDirectory_.find(start.string());
  if (found != byDirectory_.end()) return found->second;
  const ProjectConfig *config = load(findProjectConfig(start.string()), error);
  if (config) byDirectory_[start.string()] = config;
  return config;
}

std::vector<std::string> ConfigResolver::filesRead() const {
  std::vector<std::string> files;
  for (const auto &[key, config] : byFile_) {
    if (key.empty()) continue;
    files.push_back(config->file);
    files.insert(files.end(), config->inherited.begin(), config->inherited.end());
  }
  return files;
}

} // namespace warpcheck
