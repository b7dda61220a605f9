#include "runtime/common/FlagValidators.h"
#include "runtime/common/KernelFilter.h"
#include "runtime/common/TargetProcesses.h"
#include <cstdint>
#include <cstdlib>
#include <exception>

namespace warpcheck::run {

bool parseCount(const std::string &text, uint64_t &out) {
  if (text.empty() || text[0] == '-') return false;
  char *end = nullptr;
  out = std::strtoull(text.c_str(), &end, 10);
  return *end == '\0';
}

} // namespace warpcheck::run

namespace warpcheck::run::validators {

bool count(const std::string &option, std::string &flag, std::string &error) {
  uint64_t n;
  if (!parseCount(option, n)) return error = "expected a non-negative number", false;
  flag = std::to_string(n);
  return true;
}

bool positiveCount(const std::string &option, std::string &flag, std::string &error) {
  uint64_t n;
  if (!parseCount(option, n) || n == 0) return error = "expected a positive number", false;
  flag = std::to_string(n);
  return true;
}

bool tableCapacity(const std::string &option, std::string &flag, std::string &error) {
  uint64_t n;
  if (!parseCount(option, n) || n == 0 || (n & (n - 1)) || n > (1u << 24))
    return error = "expected a power of two up to 16777216", false;
  flag = std::to_string(n);
  return true;
}

bool kernelNameFilter(const std::string &option, std::string &flag, std::string &error) {
  try {
    NamePattern check(option);
  } catch (const std::exception &x) {
    error = std::string("bad kernel name filter: ") + x.what();
    return false;
  }
  flag = option;
  return true;
}

bool targetProcesses(const std::string &option, std::string &flag, std::string &error) {
  TargetProcesses mode;
  if (!parseTargetProcesses(option, mode)) return error = "expected all or application-only, not '" + option + "'", false;
  flag = option;
  return true;
}

bool volatileModel(const std::string &option, std::string &flag, std::string &error) {
  if (option != "cuda" && option != "ptx") return error = "expected cuda or ptx, not '" + option + "'", false;
  flag = option == "cuda" ? "1" : "0";
  return true;
}

bool setFalse(const std::string &, std::string &flag, std::string &) {
  flag = "0";
  return true;
}

bool setTrue(const std::string &, std::string &flag, std::string &) {
  flag = "1";
  return true;
}

} // namespace warpcheck::run::validators
