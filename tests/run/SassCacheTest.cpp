// The cache of nvdisasm's kernel listings (runtime/common/SassCache.h): what
// goes in comes out for the same key only, a damaged entry is a miss, the
// folder stays under its cap, and a listing read back gives the same index
// as nvdisasm does.
#include "runtime/common/CubinSymbols.h"
#include "runtime/common/SassAccessIndex.h"
#include "runtime/common/SassCache.h"
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

using namespace warpcheck::run;

namespace {

struct TempDir {
  std::string path = "/tmp/warpcheck-sass-cache-" + std::to_string(getpid()) + "-" + std::to_string(rand());
  ~TempDir() { std::system(("rm -rf " + path).c_str()); }
};

size_t entriesIn(const std::string &dir) {
  std::string cmd = "ls " + dir + "/*.sass 2>/dev/null | wc -l";
  FILE *p = popen(cmd.c_str(), "r");
  unsigned long n = 0;
  if (p) {
    if (fscanf(p, "%lu", &n) != 1) n = 0;
    pclose(p);
  }
  return n;
}

} // namespace

TEST(SassCache, DisabledMissesAndKeepsNothing) {
  SassCache off("");
  EXPECT_FALSE(off.enabled());
  EXPECT_FALSE(off.put("k", "listing"));
  EXPECT_FALSE(off.get("k"));
}

TEST(SassCache, WhatGoesInComesOutUnderItsKeyOnly) {
  TempDir d;
  SassCache cache(d.path + "/nested/sass"); // made on the first put
  std::string image = "\x7f" "ELF some bytes";
  std::string listing = "digraph f {\n  a -> b;\n}\n\0tail"; // newlines and a NUL kept
  listing.push_back('\0');
  std::string hash = SassCache::imageHash(image.data(), image.size());
  std::string key = SassCache::key(hash, 7, "/opt/nvdisasm", "-bbcfg -poff");
  EXPECT_FALSE(cache.get(key));
  ASSERT_TRUE(cache.put(key, listing));
  auto back = cache.get(key);
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, listing);
  // Everything that decides the listing is in the key.
  std::string other = image;
  other[5] = 'X';
  EXPECT_NE(SassCache::imageHash(other.data(), other.size()), hash);
  EXPECT_NE(SassCache::key(SassCache::imageHash(other.data(), other.size()), 7, "/opt/nvdisasm", "-bbcfg -poff"), key);
  EXPECT_NE(SassCache::key(hash, 8, "/opt/nvdisasm", "-bbcfg -poff"), key);
  EXPECT_NE(SassCache::key(hash, 7, "/opt/other/nvdisasm", "-bbcfg -poff"), key);
  EXPECT_NE(SassCache::key(hash, 7, "/opt/nvdisasm", "-bbcfg"), key);
  EXPECT_EQ(SassCache::key(hash, 7, "/opt/nvdisasm", "-bbcfg -poff"), key);
  EXPECT_FALSE(cache.get(SassCache::key(hash, 8, "/opt/nvdisasm", "-bbcfg -poff")));
}

TEST(SassCache, ADamagedEntryIsAMiss) {
  TempDir d;
  SassCache cache(d.path);
  std::string key = SassCache::key(SassCache::imageHash("abc", 3), 1, "/n", "");
  ASSERT_TRUE(cache.put(key, "0123456789"));
  std::string file = d.path + "/" + key + ".sass";
  // Cut short (a torn write by hand: the cache itself renames whole files).
  ASSERT_EQ(truncate(file.c_str(), 20), 0);
  EXPECT_FALSE(cache.get(key));
  // Another key's content under this name.
  std::string wrong = SassCache::key(SassCache::imageHash("abd", 3), 1, "/n", "");
  ASSERT_TRUE(cache.put(wrong, "0123456789"));
  ASSERT_EQ(std::rename((d.path + "/" + wrong + ".sass").c_str(), file.c_str()), 0);
  EXPECT_FALSE(cache.get(key));
  // Not a cache entry at all.
  std::ofstream(file) << "hello\n";
  EXPECT_FALSE(cache.get(key));
  // A length no entry can have is not allocated.
  std::ofstream(file) << "warpcheck-sass-cache 1\n" << key << "\n18446744073709551615\nx";
  EXPECT_FALSE(cache.get(key));
}

TEST(SassCache, StaysUnderItsCapDroppingTheLeastRecentlyUsed) {
  TempDir d;
  SassCache cache(d.path, 4000); // entries of about 1060 bytes: four pass the cap
  std::string listing(1000, 'x');
  std::vector<std::string> keys;
  for (int i = 0; i < 3; ++i) {
    keys.push_back(SassCache::key(SassCache::imageHash("img", 3), i, "/n", ""));
    ASSERT_TRUE(cache.put(keys.back(), listing));
  }
  // The first entry is the oldest; reading it makes it the most recent.
  for (int i = 0; i < 3; ++i) {
    struct utimbuf t {1000 + i, 1000 + i};
    utime((d.path + "/" + keys[i] + ".sass").c_str(), &t);
  }
  EXPECT_TRUE(cache.get(keys[0]));
  keys.push_back(SassCache::key(SassCache::imageHash("img", 3), 3, "/n", ""));
  ASSERT_TRUE(cache.put(keys.back(), listing)); // over the cap: down to three quarters of it
  EXPECT_LE(entriesIn(d.path), 3u);
  EXPECT_FALSE(cache.get(keys[1])) << "the least recently used goes first";
  EXPECT_TRUE(cache.get(keys[0]));
  EXPECT_TRUE(cache.get(keys[3]));
  // A listing over a quarter of the cap is not kept.
  EXPECT_FALSE(cache.put(SassCache::key(SassCache::imageHash("big", 3), 0, "/n", ""), std::string(1001, 'y')));
}

TEST(SassCache, DefaultFolderFollowsXdgThenHome) {
  const char *xdg = std::getenv("XDG_CACHE_HOME"), *home = std::getenv("HOME");
  std::string savedXdg = xdg ? xdg : "", savedHome = home ? home : "";
  setenv("XDG_CACHE_HOME", "/x/cache", 1);
  setenv("HOME", "/h", 1);
  EXPECT_EQ(SassCache::defaultDir(), "/x/cache/warpcheck/sass");
  unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(SassCache::defaultDir(), "/h/.cache/warpcheck/sass");
  unsetenv("HOME");
  EXPECT_EQ(SassCache::defaultDir(), "");
  if (xdg) setenv("XDG_CACHE_HOME", savedXdg.c_str(), 1);
  if (home) setenv("HOME", savedHome.c_str(), 1);
}

// The listing nvdisasm gives, kept and read back, indexes the same.
TEST(SassCache, AListingReadBackIndexesAsNvdisasmDoes) {
  std::string nvcc = WARPCHECK_TEST_NVCC, nvdisasm = WARPCHECK_TEST_NVDISASM;
  if (nvcc.empty() || nvdisasm.empty()) GTEST_SKIP() << "needs nvcc and nvdisasm (scripts/install-deps.sh)";
  TempDir d;
  ASSERT_EQ(std::system(("mkdir -p " + d.path).c_str()), 0);
  std::ofstream(d.path + "/k.cu") << "__global__ void k(int *flag, int *data) {\n"
                                     "  data[threadIdx.x] = 1;\n"
                                     "  __threadfence();\n"
                                     "  if (threadIdx.x == 0) atomicExch(flag, 1);\n"
                                     "}\n";
  std::string cubin = d.path + "/k.cubin";
  ASSERT_EQ(std::system((nvcc + " -O2 -arch=sm_90 -cubin -o " + cubin + " " + d.path + "/k.cu").c_str()), 0);
  std::ifstream in(cubin, std::ios::binary);
  std::string image((std::istreambuf_iterator<char>(in)), {});
  long fn = functionSymbolIndex(image.data(), image.size(), "_Z1kPiS_");
  ASSERT_GE(fn, 0);
  SassAccessIndex fresh;
  std::string error, listing;
  ASSERT_TRUE(indexCubin(nvdisasm, cubin, fresh, error, fn, &listing)) << error;
  ASSERT_FALSE(listing.empty());
  SassCache cache(d.path + "/cache");
  std::string key = SassCache::key(SassCache::imageHash(image.data(), image.size()), fn, nvdisasm, kIndexCubinArgs);
  ASSERT_TRUE(cache.put(key, listing));
  auto back = cache.get(key);
  ASSERT_TRUE(back);
  SassAccessIndex cached = indexBasicBlockGraph(*back);
  ASSERT_EQ(cached.size(), fresh.size());
  ASSERT_TRUE(cached.count("_Z1kPiS_"));
  EXPECT_EQ(cached["_Z1kPiS_"].entries, fresh["_Z1kPiS_"].entries);
  EXPECT_EQ(cached["_Z1kPiS_"].edges, fresh["_Z1kPiS_"].edges);
  EXPECT_EQ(cached["_Z1kPiS_"].arrivals, fresh["_Z1kPiS_"].arrivals);
}
