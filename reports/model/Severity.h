#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace warpcheck {

// Ordered: a failing threshold compares with >=.
enum class Severity { Note = 0, Warning = 1, Error = 2 };

const char *severityName(Severity s);
std::optional<Severity> parseSeverity(std::string_view name);

} // namespace warpcheck
