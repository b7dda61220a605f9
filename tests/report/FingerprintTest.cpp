// Fingerprints survive line shifts and edits elsewhere, differ between
// distinct findings, and number repeated ones.
#include "reports/suppress/Fingerprint.h"
#include "reports/model/SourcePaths.h"
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace warpcheck;
namespace fs = std::filesystem;

namespace {

struct TempTree {
  fs::path root;
  explicit TempTree(const std::string &name = "a")
      : root(fs::temp_directory_path() / ("wc-fp-" + std::to_string(::getpid()) + "-" + name)) { fs::create_directories(root / ".git"); fs::create_directories(root / "src"); }
  ~TempTree() { fs::remove_all(root); }
  std::string write(const std::string &rel, const std::string &text) {
    std::ofstream(root / rel) << text;
    return (root / rel).string();
  }
};

Finding at(const std::string &file, unsigned line, const std::string &rule = "barrier-divergent",
           const std::string &msg = "barrier reached by some threads at line 12") {
  Finding f;
  f.rule = rule;
  f.message = msg;
  f.where = {file, line, 3, line, 10};
  return f;
}

std::string fp(Finding f, const std::string &root) {
  std::vector<Finding> v{f};
  assignFingerprints(v, root);
  return v[0].fingerprint;
}

} // namespace

TEST(Fingerprint, StableWhenLinesMoveAndDigitsInMessageChange) {
  TempTree t;
  std::string a = t.write("src/k.cu", "int x;\n  __syncthreads();\n");
  std::string before = fp(at(a, 2), t.root.string());
  t.write("src/k.cu", "// new comment\nint x;\n\n__syncthreads();  \n");
  std::string after = fp(at(a, 4, "barrier-divergent", "barrier reached by some threads at line 14"),
                         t.root.string());
  EXPECT_EQ(before, after);
  EXPECT_NE(before.find(":1"), std::string::npos);
}

TEST(Fingerprint, DiffersByRuleFileAndLineText) {
  TempTree t;
  std::string a = t.write("src/a.cu", "__syncthreads();\n__syncwarp();\n");
  std::string b = t.write("src/b.cu", "__syncthreads();\n");
  std::string base = fp(at(a, 1), t.root.string());
  EXPECT_NE(base, fp(at(a, 1, "warp-mask-nonuniform"), t.root.string()));
  EXPECT_NE(base, fp(at(b, 1), t.root.string()));
  EXPECT_NE(base, fp(at(a, 2), t.root.string()));
}

TEST(Fingerprint, SameAcrossCheckoutsAndNumbersRepeats) {
  TempTree t1("one"), t2("two");
  std::string a1 = t1.write("src/k.cu", "x();\nx();\n");
  std::string a2 = t2.write("src/k.cu", "x();\nx();\n");
  EXPECT_EQ(fp(at(a1, 1), t1.root.string()), fp(at(a2, 1), t2.root.string()));
  std::vector<Finding> v{at(a1, 1), at(a1, 2)};
  assignFingerprints(v, t1.root.string());
  EXPECT_EQ(v[0].fingerprint.substr(0, 16), v[1].fingerprint.substr(0, 16));
  EXPECT_NE(v[0].fingerprint, v[1].fingerprint);
  EXPECT_EQ(v[1].fingerprint.substr(16), ":2");
}

TEST(Fingerprint, KeepsOneAlreadyAssigned) {
  std::vector<Finding> v{at("/nonexistent/k.cu", 3)};
  v[0].fingerprint = "0123456789abcdef:1";
  assignFingerprints(v, "/nonexistent");
  EXPECT_EQ(v[0].fingerprint, "0123456789abcdef:1");
}

TEST(SourcePaths, RelativeUnderRootAbsoluteOutside) {
  TempTree t;
  EXPECT_EQ(findSourceRoot((t.root / "src").string()), t.root.string());
  EXPECT_EQ(relativeToRoot((t.root / "src/../src/k.cu").string(), t.root.string()), "src/k.cu");
  EXPECT_EQ(relativeToRoot("/elsewhere/k.cu", t.root.string()), "/elsewhere/k.cu");
}

TEST(Fingerprint, RunFindingsIgnoreAccessOrderThreadsAndOffsets) {
  TempTree t("run");
  std::string k = t.write("src/k.cu", "s[i] = x;\ny = s[i + 1];\n");
  auto race = [&](unsigned first, unsigned second, const std::string &msg) {
    Finding f = at(k, first, "race-shared", msg);
    f.evidence = RunEvidence{};
    f.evidence->kernel = "k(int*)";
    f.notes.push_back({{k, second, 1, second, 1}, "the other access"});
    return f;
  };
  std::string a = fp(race(1, 2, "write-after-read race at offset 0x4b0 by thread (44,0,0)"), t.root.string());
  std::string b = fp(race(2, 1, "read-after-write race at offset 0x7c0 by thread (192,0,0)"), t.root.string());
  EXPECT_EQ(a, b);
  Finding other = race(1, 2, "m");
  other.evidence->kernel = "j(int*)";
  EXPECT_NE(a, fp(other, t.root.string()));
}
