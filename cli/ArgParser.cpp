#include "cli/ArgParser.h"
#include "cli/Commands.h"
#include <iomanip>
#include <iostream>

namespace warpcheck::cli {

bool parseArgs(const CommandSpec &spec, const std::vector<std::string> &args, ParsedArgs &out,
               std::string &error) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    if (a == "--") {
      if (!spec.takesTrailingArgs) {
        error = "'" + spec.name + "' takes no arguments after '--'";
        return false;
      }
      out.trailing.assign(args.begin() + i + 1, args.end());
      return true;
    }
    if (spec.positionalStartsTrailing && (a.empty() || a[0] != '-')) {
      out.trailing.assign(args.begin() + i, args.end());
      return true;
    }
    if (a == "-h" || a == "--help") {
      out.help = true;
      continue;
    }
    if (a.size() > 1 && a[0] == '-') {
      std::string name = a, value;
      bool inlineValue = false;
      if (size_t eq = a.find('='); eq != std::string::npos && a.rfind("--", 0) == 0) {
        name = a.substr(0, eq);
        value = a.substr(eq + 1);
        inlineValue = true;
      }
      const OptionSpec *opt = nullptr;
      for (const OptionSpec &o : spec.options)
        if (o.name == name || (!o.shortName.empty() && o.shortName == name)) opt = &o;
      // Short options with attached values: -j8, -pbuild
      if (!opt && name.size() > 2 && name[1] != '-') {
        for (const OptionSpec &o : spec.options)
          if (!o.shortName.empty() && !o.valueName.empty() && a.rfind(o.shortName, 0) == 0) {
            opt = &o;
            value = a.substr(o.shortName.size());
            inlineValue = true;
          }
      }
      if (!opt) {
        error = "unknown option '" + a + "' for '" + spec.name + "' (see 'warpcheck " +
                spec.name + " --help')";
        return false;
      }
      if (opt->valueName.empty()) {
        if (inlineValue) {
          error = "option '" + opt->name + "' takes no value";
          return false;
        }
      } else if (!inlineValue) {
        if (i + 1 >= args.size()) {
          error = "option '" + opt->name + "' needs a value (" + opt->valueName + ")";
          return false;
        }
        value = args[++i];
      }
      std::string why;
      if (!opt->apply(value, why)) {
        error = "invalid value '" + value + "' for " + opt->name + (why.empty() ? "" : ": " + why);
        return false;
      }
      continue;
    }
    if (!spec.takesPositionals) {
      error = "unexpected argument '" + a + "' for '" + spec.name + "'";
      return false;
    }
    out.positionals.push_back(a);
  }
  return true;
}

void printHelp(std::ostream &os, const CommandSpec &spec) {
  os << "usage: " << spec.usage << "\n\n" << spec.description << "\n\noptions:\n";
  for (const OptionSpec &o : spec.options) {
    std::string left = "  " + (o.shortName.empty() ? "" : o.shortName + ", ") + o.name;
    if (!o.valueName.empty()) left += " " + o.valueName;
    os << std::left << std::setw(30) << left;
    if (left.size() >= 30) os << "\n" << std::string(30, ' ');
    os << o.help << '\n';
  }
  os << std::left << std::setw(30) << "  -h, --help" << "show this help\n";
}

std::optional<int> parseCommandLine(const CommandSpec &spec, const std::vector<std::string> &args, ParsedArgs &out,
                                    const std::string &who, const std::function<void(std::string &error)> &reword) {
  std::string error;
  if (!parseArgs(spec, args, out, error)) {
    if (reword) reword(error);
    std::cerr << who << ": error: " << error << '\n';
    return kExitUsage;
  }
  if (out.help) {
    printHelp(std::cout, spec);
    return kExitClean;
  }
  return std::nullopt;
}

} // namespace warpcheck::cli
