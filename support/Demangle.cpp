#include "support/Demangle.h"
#include <cstdlib>
#include <cxxabi.h>
#include <memory>

namespace warpcheck {

std::string demangle(const std::string &name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> d(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
  return status == 0 && d ? std::string(d.get()) : name;
}

} // namespace warpcheck
