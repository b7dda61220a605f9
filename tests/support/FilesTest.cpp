#include "support/Files.h"
#include <gtest/gtest.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace warpcheck;
namespace fs = std::filesystem;

namespace {

struct ScratchDir {
  fs::path dir = fs::temp_directory_path() / ("warpcheck-files-test-" + std::to_string(::getpid()));
  ScratchDir() { fs::create_directories(dir); }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  std::string write(const std::string &name, const std::string &text) {
    std::ofstream(dir / name, std::ios::binary) << text;
    return (dir / name).string();
  }
};

} // namespace

TEST(Files, ReadsWholeFileBytesExactly) {
  ScratchDir d;
  std::string bytes("a\0b\r\nc\xff", 7);
  std::string text;
  ReadFailure f;
  ASSERT_TRUE(readBoundedFile(d.write("x.bin", bytes), 100, text, f));
  EXPECT_EQ(text, bytes);
}

TEST(Files, EmptyFileAndExactBound) {
  ScratchDir d;
  std::string text = "stale";
  ReadFailure f;
  ASSERT_TRUE(readBoundedFile(d.write("empty", ""), 0, text, f));
  EXPECT_EQ(text, "");
  ASSERT_TRUE(readBoundedFile(d.write("four", "abcd"), 4, text, f));
  EXPECT_EQ(text, "abcd");
}

TEST(Files, RegularFileOverTheBoundIsRefusedUnread) {
  ScratchDir d;
  std::string text;
  ReadFailure f;
  EXPECT_FALSE(readBoundedFile(d.write("five", "abcde"), 4, text, f));
  EXPECT_EQ(f.kind, ReadFailure::TooLarge);
  EXPECT_EQ(describe(f, size_t(3) << 20), "larger than 3 MiB");
}

TEST(Files, DeviceIsReadUpToTheBoundOnly) {
  // /dev/zero has no size: the chunked read stops past the bound.
  std::string text;
  ReadFailure f;
  EXPECT_FALSE(readBoundedFile("/dev/zero", 1000, text, f));
  EXPECT_EQ(f.kind, ReadFailure::TooLarge);
}

TEST(Files, DirectoryAndMissingFile) {
  ScratchDir d;
  std::string text;
  ReadFailure f;
  EXPECT_FALSE(readBoundedFile(d.dir.string(), 100, text, f));
  EXPECT_EQ(f.kind, ReadFailure::Directory);
  EXPECT_EQ(describe(f, 100), "is a directory");
  EXPECT_FALSE(readBoundedFile((d.dir / "missing").string(), 100, text, f));
  EXPECT_EQ(f.kind, ReadFailure::CannotOpen);
  EXPECT_EQ(describe(f, 100), "cannot read it: No such file or directory");
}

TEST(Files, WholeFileOfOurOwn) {
  ScratchDir d;
  std::string bytes(std::string("x\0y", 3) + std::string(200000, 'z')), text;
  ASSERT_TRUE(readWholeFile(d.write("trace.jsonl", bytes), text));
  EXPECT_EQ(text, bytes);
  ASSERT_TRUE(readWholeFile(d.write("empty", ""), text));
  EXPECT_EQ(text, "");
  EXPECT_FALSE(readWholeFile((d.dir / "missing").string(), text));
}
