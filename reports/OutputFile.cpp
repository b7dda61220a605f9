#include "reports/OutputFile.h"
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

namespace warpcheck {
namespace {

std::string dirOf(const std::string &path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseOf(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool fail(std::string &error, const std::string &path, int err) {
  error = "cannot write '" + path + "': " + std::strerror(err);
  return false;
}

// Every byte, across short writes and EINTR.
int writeAll(int fd, const std::string &text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    done += size_t(n);
  }
  return 0;
}

// The temporary file being written: removed if SIGINT, SIGTERM or SIGHUP
// arrives while it exists, so an interrupted write leaves nothing behind.
char gTempPath[PATH_MAX];
volatile sig_atomic_t gTempLive = 0;

extern "C" void removeTempAndDie(int sig) {
  if (gTempLive) ::unlink(gTempPath);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

class TempGuard {
public:
  explicit TempGuard(const std::string &path) {
    std::strncpy(gTempPath, path.c_str(), sizeof gTempPath - 1);
    gTempLive = 1;
    struct sigaction sa {};
    sa.sa_handler = removeTempAndDie;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &sa, &old_[i]);
  }
  ~TempGuard() {
    for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &old_[i], nullptr);
    if (gTempLive) ::unlink(gTempPath);
    gTempLive = 0;
  }
  void renamed() { gTempLive = 0; }

private:
  static constexpr int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};
  struct sigaction old_[3];
};

// A FIFO, a terminal, /dev/stdout, /dev/full: written as it is. Appending,
// so that /dev/stdout redirected to a file with `>>`, or already written to,
// keeps what it holds.
bool writeInPlace(const std::string &path, const std::string &text, std::string &error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) return fail(error, path, errno);
  int err = writeAll(fd, text);
  if (::close(fd) != 0 && !err) err = errno;
  return err ? fail(error, path, err) : true;
}

} // namespace

bool checkOutputPath(const std::string &path, std::string &error) {
  if (path.empty()) return error = "empty output path", false;
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return error = "cannot write '" + path + "': it is a directory", false;
    return true;
  }
  std::string dir = dirOf(path);
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    return error = "cannot write '" + path + "': no such directory '" + dir + "'", false;
  if (::access(dir.c_str(), W_OK) != 0) return fail(error, path, errno);
  return true;
}

bool writeOutputFile(const std::string &path, const std::string &text, std::string &error) {
  struct stat st;
  bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) return error = "cannot write '" + path + "': it is a directory", false;
  // /dev/stdout and /proc/self/fd/N name a descriptor the caller opened,
  // whatever file it leads to: never replaced.
  bool descriptor = path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0;
  if (exists && (!S_ISREG(st.st_mode) || descriptor)) return writeInPlace(path, text, error);

  // A symlink stays a symlink: the file it leads to is replaced.
  std::string target = path;
  char resolved[PATH_MAX];
  if (exists && ::realpath(path.c_str(), resolved)) target = resolved;
  std::string temp = dirOf(target) + "/." + baseOf(target) + ".warpcheck-XXXXXX";
  if (temp.size() >= PATH_MAX) return fail(error, path, ENAMETOOLONG);
  int fd = ::mkstemp(temp.data());
  if (fd < 0) return fail(error, path, errno);
  TempGuard guard(temp);
  // The permissions a new file gets (or the old file's), not mkstemp's 0600.
  mode_t mask = ::umask(0);
  ::umask(mask);
  mode_t mode = exists ? (st.st_mode & 07777) : (0666 & ~mask);
  int err = writeAll(fd, text);
  if (!err && ::fchmod(fd, mode) != 0) err = errno;
  if (!err && ::fsync(fd) != 0 && errno != EINVAL) err = errno;
  if (::close(fd) != 0 && !err) err = errno;
  if (!err && ::rename(temp.c_str(), target.c_str()) != 0) err = errno;
  if (err) return fail(error, path, err);
  guard.renamed();
  return true;
}

bool flushStream(std::ostream &os, const std::string &name, std::string &error) {
  errno = 0;
  os.flush();
  if (os) return true;
  int err = errno;
  error = "cannot write to " + name + (err ? std::string(": ") + std::strerror(err) : "");
  return false;
}

} // namespace warpcheck
