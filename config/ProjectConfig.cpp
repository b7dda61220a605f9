#include "config/ProjectConfig.h"
#include "config/YamlSubset.h"
#include "support/Glob.h"
#include "support/Printable.h"
#include "support/Files.h"
#include "reports/model/RuleCatalog.h"
#include "support/GpuArch.h"
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>

namespace fs = std::filesystem;

namespace warpcheck {
namespace {

constexpr size_t kMaxConfigBytes = 1 << 20;

const char *const kKeys[] = {"Rules",  "Severities",       "Archs",              "Include", "Exclude",
                             "ExtraArgs", "FailOn", "WarningsAsErrors", "InheritParentConfig"};

// Case-insensitive edit distance, for "did you mean" on keys.
size_t keyDistance(const std::string &a, const std::string &b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      bool same = std::tolower((unsigned char)a[i - 1]) == std::tolower((unsigned char)b[j - 1]);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + !same});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string unknownKeyMessage(const std::string &key) {
  std::string best;
  size_t bestDistance = std::max<size_t>(2, key.size() / 3) + 1;
  if (key.size() <= 64) // hostile keys: no quadratic work
    for (const char *k : kKeys)
      if (size_t d = keyDistance(key, k); d < bestDistance) bestDistance = d, best = k;
  std::string message = "unknown key '" + key + "'";
  if (!best.empty()) return message + "; did you mean '" + best + "'?";
  message += " (known keys:";
  for (const char *k : kKeys) message += std::string(" ") + k;
  return message + ")";
}

// Turns the YAML tree into a ProjectConfig; the first problem wins.
class SchemaReader {
public:
  SchemaReader(const std::string &file, ConfigError &error) : file_(file), error_(error) {}

  bool read(const YamlNode &root, ProjectConfig &out) {
    if (root.kind == YamlNode::Kind::Null) return true; // an empty file: the defaults
    if (root.kind != YamlNode::Kind::Mapping)
      return fail(root, std::string("the configuration must be a mapping of keys (Rules, Severities, ...), "
                                    "found ") + yamlKindName(root.kind) +
                            (root.value.find(':') != std::string::npos ? " (a space must follow the ':' of a key)" : ""));
    for (const YamlEntry &e : root.entries) {
      bool ok = e.key == "Rules"              ? ruleList(e, out.rules)
                : e.key == "Severities"       ? severities(e, out.severities)
                : e.key == "Archs"            ? list(e, out.archs, "archs", "[sm_80, sm_90]", checkArch)
                : e.key == "Include"          ? list(e, out.include, "path globs", "[src, 'include/**/*.cuh']", globError)
                : e.key == "Exclude"          ? list(e, out.exclude, "path globs", "[third_party, build]", globError)
                : e.key == "ExtraArgs"        ? list(e, out.extraArgs, "compiler arguments", "[-Iinclude, -DNDEBUG]", nothing)
                : e.key == "FailOn"           ? severity(e.key, e.value, out.failOn)
                : e.key == "WarningsAsErrors" ? ruleList(e, out.warningsAsErrors)
                : e.key == "InheritParentConfig" ? boolean(e, out.inheritParentConfig)
                                              : failAt(e.line, e.column, unknownKeyMessage(e.key));
      if (!ok) return false;
      out.statedKeys.push_back(e.key);
    }
    return true;
  }

private:
  using Check = std::function<std::string(const std::string &)>;

  static std::string nothing(const std::string &) { return ""; }
  static std::string checkArch(const std::string &a) {
    return isGpuArchName(a) ? "" : gpuArchError(a);
  }

  bool failAt(unsigned line, unsigned column, std::string message) {
    error_ = ConfigError{file_, line, column, std::move(message)};
    return false;
  }
  bool fail(const YamlNode &at, std::string message) { return failAt(at.line, at.column, std::move(message)); }

  bool list(const YamlEntry &e, std::vector<std::string> &out, const char *what, const char *example,
            const Check &check) {
    if (e.value.kind != YamlNode::Kind::Sequence)
      return fail(e.value, "'" + e.key + "' must be a list of " + what + ", like " + example + "; found " +
                               yamlKindName(e.value.kind));
    for (const YamlNode &item : e.value.items) {
      if (item.kind != YamlNode::Kind::Scalar)
        return fail(item, "each entry of '" + e.key + "' must be a value, found " + yamlKindName(item.kind));
      if (item.value.empty()) return fail(item, "empty entry in '" + e.key + "'");
      if (std::string why = check(item.value); !why.empty()) return fail(item, why);
      out.push_back(item.value);
    }
    return true;
  }

  bool ruleList(const YamlEntry &e, std::vector<std::string> &out) {
    return list(e, out, "rule globs ('-' before one turns rules off)", "['*', '-warp-legacy-intrinsic']",
                checkRuleEntry);
  }

  bool severity(const std::string &what, const YamlNode &v, Severity &out) {
    if (v.kind != YamlNode::Kind::Scalar)
      return fail(v, "'" + what + "' must be error, warning or note; found " + yamlKindName(v.kind));
    auto s = parseSeverity(v.value);
    if (!s) return fail(v, "'" + v.value + "' is not a severity (expected error, warning or note)");
    out = *s;
    return true;
  }

  bool boolean(const YamlEntry &e, bool &out) {
    if (e.value.kind != YamlNode::Kind::Scalar || (e.value.value != "true" && e.value.value != "false"))
      return fail(e.value, "'" + e.key + "' must be true or false; found " +
                               (e.value.kind == YamlNode::Kind::Scalar ? "'" + e.value.value + "'"
                                                                       : std::string(yamlKindName(e.value.kind))));
    out = e.value.value == "true";
    return true;
  }

  bool severities(const YamlEntry &e, std::vector<SeverityOverride> &out) {
    if (e.value.kind != YamlNode::Kind::Mapping)
      return fail(e.value, "'Severities' must be a mapping of rule globs to severities, like "
                           "'warp-activemask-misuse: error' on the next line, indented; found " +
                               std::string(yamlKindName(e.value.kind)));
    for (const YamlEntry &s : e.value.entries) {
      if (std::string why = checkRuleGlob(s.key); !why.empty()) return failAt(s.line, s.column, why);
      SeverityOverride o{s.key};
      if (!severity(s.key, s.value, o.severity)) return false;
      out.push_back(o);
    }
    return true;
  }

  const std::string &file_;
  ConfigError &error_;
};

std::string flowList(const std::vector<std::string> &items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + yamlScalar(items[i]);
  return out + "]";
}

} // namespace

bool ProjectConfig::states(const std::string &key) const {
  return std::find(statedKeys.begin(), statedKeys.end(), key) != statedKeys.end();
}

// Shown printable and bounded: the message may quote the file's bytes.
std::string ConfigError::describe() const {
  std::string text = line == 0 ? file + ": " + message
                               : file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
  return printable(text, 300);
}

bool parseProjectConfig(std::string_view text, const std::string &file, ProjectConfig &out,
                        ConfigError &error) {
  YamlNode root;
  YamlError yamlError;
  if (!parseYaml(text, root, yamlError)) {
    error = ConfigError{file, yamlError.line, yamlError.column, yamlError.message};
    return false;
  }
  ProjectConfig config;
  config.file = file;
  std::error_code ec;
  fs::path dir = fs::absolute(fs::path(file), ec).parent_path();
  config.directory = fs::weakly_canonical(dir, ec).string();
  if (ec) config.directory = dir.lexically_normal().string();
  if (!SchemaReader(file, error).read(root, config)) return false;
  out = std::move(config);
  return true;
}

bool loadProjectConfig(const std::string &path, ProjectConfig &out, ConfigError &error) {
  error = ConfigError{path, 0, 0, ""};
  std::string text;
  ReadFailure failure;
  if (!readBoundedFile(path, kMaxConfigBytes, text, failure)) {
    switch (failure.kind) {
    case ReadFailure::Directory: error.message = "is a directory, not a configuration file"; break;
    case ReadFailure::CannotOpen: error.message = "cannot read the configuration: " + failure.systemError; break;
    case ReadFailure::ReadError: error.message = "cannot read the configuration"; break;
    case ReadFailure::TooLarge: error.message = "larger than 1 MiB: not a warpcheck configuration"; break;
    }
    return false;
  }
  return parseProjectConfig(text, path, out, error);
}

std::string findProjectConfig(const std::string &start) {
  std::error_code ec;
  fs::path dir = fs::absolute(start.empty() ? "." : start, ec).lexically_normal();
  if (!fs::is_directory(dir, ec)) dir = dir.parent_path();
  if (dir.filename().empty() && dir.has_relative_path()) dir = dir.parent_path(); // "a/b/" -> "a/b"
  fs::path cwd = fs::current_path(ec);
  for (;;) {
    fs::path candidate = dir / kConfigFileName;
    if (fs::exists(candidate, ec) && !fs::is_directory(candidate, ec)) {
      fs::path rel = candidate.lexically_relative(cwd);
      bool below = !rel.empty() && *rel.begin() != "..";
      return (below ? rel : candidate).string();
    }
    if (dir == dir.parent_path()) return "";
    dir = dir.parent_path();
  }
}

std::string formatProjectConfig(const ProjectConfig &c) {
  std::string out;
  out += "Rules: " + flowList(c.rules) + (c.rules.empty() ? "  # every rule" : "") + "\n";
  out += "Severities:";
  if (c.severities.empty()) out += " {}  # as the rules define them";
  out += "\n";
  for (const SeverityOverride &s : c.severities)
    out += "  " + yamlScalar(s.rule) + ": " + severityName(s.severity) + "\n";
  out += "Archs: " + flowList(c.archs) + (c.archs.empty() ? "  # from the compile command, else sm_90 (CUDA), gfx90a (HIP)" : "") + "\n";
  out += "Include: " + flowList(c.include) + (c.include.empty() ? "  # everything" : "") + "\n";
  out += "Exclude: " + flowList(c.exclude) + "\n";
  out += "ExtraArgs: " + flowList(c.extraArgs) + "\n";
  out += std::string("FailOn: ") + severityName(c.failOn) + "\n";
  out += "WarningsAsErrors: " + flowList(c.warningsAsErrors) + "\n";
  out += std::string("InheritParentConfig: ") + (c.inheritParentConfig ? "true" : "false") +
         (c.inherited.empty() ? "" : "  # the parents are merged in above") + "\n";
  return out;
}

std::string checkRuleGlob(const std::string &glob) {
  if (glob.empty()) return "empty rule glob";
  if (std::string why = globError(glob); !why.empty()) return "malformed rule glob: " + why;
  for (const RuleInfo &r : ruleCatalog())
    if (globMatch(glob, r.id)) return "";
  if (isGlob(glob)) return "'" + glob + "' matches no rule (see 'warpcheck rules')";
  std::string near = glob.size() <= 64 ? nearestRuleId(glob) : "";
  return "unknown rule '" + glob + "'" + (near.empty() ? "" : "; did you mean '" + near + "'?");
}

} // namespace warpcheck
