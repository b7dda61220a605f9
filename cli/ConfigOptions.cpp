#include "cli/ConfigOptions.h"
#include "config/ConfigInherit.h"
#include <ostream>

namespace warpcheck::cli {

void ConfigOptions::addTo(std::vector<OptionSpec> &options, const std::string &searchedFrom) {
  options.push_back({"--config-file", "", "FILE",
                     std::string("read the project configuration from FILE (default: the nearest ") +
                         kConfigFileName + " at or above " + searchedFrom + ")",
                     [this](const std::string &v, std::string &) {
                       file = v;
                       return true;
                     }});
  options.push_back({"--no-config", "", "", std::string("ignore any ") + kConfigFileName,
                     [this](const std::string &, std::string &) {
                       none = true;
                       return true;
                     }});
  options.push_back({"--dump-config", "", "",
                     "print the configuration in effect (file and command line) as YAML and exit",
                     [this](const std::string &, std::string &) {
                       dump = true;
                       return true;
                     }});
}

bool ConfigOptions::load(const std::string &searchFrom, ProjectConfig &config, std::string &error) const {
  if (none && !file.empty()) return error = "--config-file and --no-config exclude each other", false;
  config = ProjectConfig{};
  std::string path = none ? "" : !file.empty() ? file : findProjectConfig(searchFrom);
  if (path.empty()) return true;
  ConfigError e;
  if (!loadConfigWithParents(path, config, e)) return error = e.describe(), false;
  return true;
}

void dumpConfig(std::ostream &os, const ProjectConfig &config) {
  if (config.file.empty()) {
    os << "# warpcheck configuration: no configuration file, with the command line applied\n";
  } else {
    os << "# warpcheck configuration: " << config.file;
    for (const std::string &parent : config.inherited) os << ", inheriting " << parent;
    os << ", with the command line applied\n";
    os << "# (relative Include and Exclude globs start at " << config.directory << ")\n";
  }
  os << formatProjectConfig(config);
}

} // namespace warpcheck::cli
