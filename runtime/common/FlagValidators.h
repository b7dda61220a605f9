#pragma once
// The validators runtime/common/Flags.inc names for `warpcheck run`'s
// options: each checks an option's value and gives the value of its flag
// (the text passed as WARPCHECK_<NAME>), or false with a one-line reason
// (a usage error: run exits 2).
#include <cstdint>
#include <string>

namespace warpcheck::run {

// A non-negative decimal number, nothing after it: what the count
// validators and run's own numeric options accept.
bool parseCount(const std::string &text, uint64_t &out);

} // namespace warpcheck::run

namespace warpcheck::run::validators {

using Validator = bool (*)(const std::string &option, std::string &flag, std::string &error);

// A non-negative decimal number; the flag gets it in canonical form.
bool count(const std::string &option, std::string &flag, std::string &error);
// A positive decimal number.
bool positiveCount(const std::string &option, std::string &flag, std::string &error);
// A power of two up to 2^24: the size of a launch's finding table.
bool tableCapacity(const std::string &option, std::string &flag, std::string &error);
// A kernel name filter (runtime/common/KernelFilter.h), compiled here: a
// typo must not silently check nothing.
bool kernelNameFilter(const std::string &option, std::string &flag, std::string &error);
// all or application-only (runtime/common/TargetProcesses.h).
bool targetProcesses(const std::string &option, std::string &flag, std::string &error);
// cuda or ptx: whether volatile races are reported (flag 1 or 0).
bool volatileModel(const std::string &option, std::string &flag, std::string &error);
// Switches (no value): the flag turned off, or on.
bool setFalse(const std::string &option, std::string &flag, std::string &error);
bool setTrue(const std::string &option, std::string &flag, std::string &error);

} // namespace warpcheck::run::validators
