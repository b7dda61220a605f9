#include "cli/RunFlagOptions.h"
#include "runtime/common/FlagValidators.h"

namespace warpcheck::cli {
namespace {

std::string defaultText(const std::string &v) { return v; }
std::string defaultText(uint64_t v) { return std::to_string(v); }
std::string defaultText(bool v) { return v ? "true" : "false"; }

// `help` with {default} replaced by the flag's default.
std::string helpText(std::string help, const std::string &def) {
  const std::string key = "{default}";
  for (size_t at = help.find(key); at != std::string::npos; at = help.find(key, at + def.size()))
    help.replace(at, key.size(), def);
  return help;
}

OptionSpec flagOption(const char *flag, const char *option, const char *valueName, std::string help,
                      run::validators::Validator validate, std::map<std::string, std::string> &flags) {
  std::string env = run::flagEnvName(flag);
  return {option, "", valueName, std::move(help),
          [&flags, env, validate](const std::string &value, std::string &error) {
            std::string flagValue;
            if (!validate(value, flagValue, error)) return false;
            flags[env] = flagValue;
            return true;
          }};
}

} // namespace

void addRunFlagOptions(std::vector<OptionSpec> &options, run::FlagGroup group,
                       std::map<std::string, std::string> &flags) {
#define WARPCHECK_OPTION_FLAG(name, type, def, desc, flagGroup, option, valueName, validator, help)    \
  if (run::FlagGroup::flagGroup == group)                                                               \
    options.push_back(flagOption(#name, option, valueName, helpText(help, defaultText(type(def))),     \
                                 run::validators::validator, flags));
#include "runtime/common/Flags.inc"
}

} // namespace warpcheck::cli
