#pragma once
// A scratch directory for frontend tests, removed at the end of the test.
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>
#include <string>

namespace warpcheck::test {

class TempDir {
public:
  TempDir() {
    llvm::SmallString<256> dir;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("warpcheck-frontend", dir));
    llvm::SmallString<256> real;
    llvm::sys::fs::real_path(dir, real); // /tmp may be a symlink
    path_ = std::string(real);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path_); }

  const std::string &path() const { return path_; }
  std::string operator/(const std::string &rel) const { return path_ + "/" + rel; }

  // Writes `text` to `rel`, creating parent directories; returns the path.
  std::string write(const std::string &rel, const std::string &text) const {
    std::string p = *this / rel;
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(p));
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    EXPECT_FALSE(ec) << p;
    os << text;
    return p;
  }

private:
  std::string path_;
};

} // namespace warpcheck::test
