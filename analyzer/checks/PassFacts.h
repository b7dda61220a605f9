#pragma once
// What cross-pass rules record in each pass of a TU. Facts are plain data
// (no AST pointers): each pass's AST is gone when the passes are compared.
#include "analyzer/frontend/Pass.h"
#include <map>
#include <memory>
#include <string>

namespace warpcheck {

struct FactsBase {
  virtual ~FactsBase() = default;
};

class PassFacts {
public:
  explicit PassFacts(Pass pass) : pass_(std::move(pass)) {}
  const Pass &pass() const { return pass_; }

  // The facts a rule keeps in this pass, created on first use.
  template <class T> T &get(const std::string &rule) {
    auto &slot = facts_[rule];
    if (!slot) slot = std::make_unique<T>();
    return static_cast<T &>(*slot);
  }
  template <class T> const T *find(const std::string &rule) const {
    auto it = facts_.find(rule);
    return it == facts_.end() ? nullptr : static_cast<const T *>(it->second.get());
  }

private:
  Pass pass_;
  std::map<std::string, std::unique_ptr<FactsBase>> facts_;
};

} // namespace warpcheck
