// A main for a libFuzzer target built without libFuzzer or sanitizers:
// feeds every file named on the command line (a directory: every file in
// it, sorted) to LLVMFuzzerTestOneInput once, as `FUZZER -runs=0 DIR`
// would. CMake builds LintFrontDoorFuzzer.cpp with it (the ctest
// `fuzz-lint-replay`): the fuzzer's own checks on every seed of
// tests/fuzz/corpus/LintFrontDoor/ and on every reproducer kept there,
// without compiling all of analyzer/ a second time with the sanitizers.
//
// A hang is a failure, as under libFuzzer's -timeout: an input that runs
// longer than --timeout seconds (default 60) ends the run with exit 1 and
// the input's name. Exit 0: every input passed; 1: a hang (a crash or a
// failed check of the target aborts the process); 2: bad arguments or an
// unreadable input.
#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int *argc, char ***argv);

namespace {

const char *current = ""; // the input being run, for the timeout message

void onAlarm(int) {
  // Only async-signal-safe calls here.
  const char head[] = "replay: TIMEOUT (a hang) on ";
  (void)!write(2, head, sizeof head - 1);
  (void)!write(2, current, strlen(current));
  (void)!write(2, "\n", 1);
  _exit(1);
}

bool isDirectory(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The regular files in `dir`, sorted: the order is the same on every machine.
std::vector<std::string> filesIn(const std::string &dir) {
  std::vector<std::string> out;
  if (DIR *d = opendir(dir.c_str())) {
    while (const dirent *e = readdir(d)) {
      std::string path = dir + "/" + e->d_name;
      struct stat st;
      if (e->d_name[0] != '.' && stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) out.push_back(path);
    }
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace

int main(int argc, char **argv) {
  unsigned timeout = 60;
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--timeout" && i + 1 < argc) {
      timeout = unsigned(std::strtoul(argv[++i], nullptr, 10));
    } else if (a.rfind("--", 0) == 0) {
      fprintf(stderr, "replay: error: unknown option %s\nusage: %s [--timeout SECONDS] FILE|DIR...\n", argv[i], argv[0]);
      return 2;
    } else if (isDirectory(a)) {
      std::vector<std::string> files = filesIn(a);
      if (files.empty()) {
        fprintf(stderr, "replay: error: %s has no inputs\n", a.c_str());
        return 2;
      }
      inputs.insert(inputs.end(), files.begin(), files.end());
    } else {
      inputs.push_back(a);
    }
  }
  if (inputs.empty()) {
    fprintf(stderr, "usage: %s [--timeout SECONDS] FILE|DIR...\n", argv[0]);
    return 2;
  }
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  signal(SIGALRM, onAlarm);
  for (const std::string &path : inputs) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      fprintf(stderr, "replay: error: cannot read %s\n", path.c_str());
      return 2;
    }
    std::vector<uint8_t> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    current = path.c_str();
    fprintf(stderr, "replay: %s (%zu bytes)\n", path.c_str(), data.size());
    alarm(timeout);
    LLVMFuzzerTestOneInput(data.data(), data.size());
    alarm(0);
  }
  fprintf(stderr, "replay: %zu inputs, no failure\n", inputs.size());
  return 0;
}
