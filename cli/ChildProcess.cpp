#include "cli/ChildProcess.h"
#include <cerrno>
#include <csignal>
#include <cstring>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

namespace warpcheck::cli {

bool runChild(const std::string &program, const std::vector<std::string> &args,
              const std::vector<std::string> &env, ChildStatus &status, std::string &error) {
  std::vector<char *> argv, envp;
  for (const std::string &a : args) argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  for (const std::string &e : env) envp.push_back(const_cast<char *>(e.c_str()));
  envp.push_back(nullptr);
  pid_t pid;
  int rc = posix_spawn(&pid, program.c_str(), nullptr, nullptr, argv.data(), envp.data());
  if (rc != 0) {
    error = "cannot start " + program + ": " + std::strerror(rc);
    return false;
  }
  status.pid = (uint64_t)pid;
  // Ctrl-C reaches the program (same process group); we stay to report.
  struct sigaction ignore {}, oldInt{}, oldQuit{};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ignore, &oldInt);
  sigaction(SIGQUIT, &ignore, &oldQuit);
  int ws = 0;
  while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {
  }
  sigaction(SIGINT, &oldInt, nullptr);
  sigaction(SIGQUIT, &oldQuit, nullptr);
  if (WIFEXITED(ws)) status.exitCode = WEXITSTATUS(ws);
  if (WIFSIGNALED(ws)) {
    status.signal = WTERMSIG(ws);
    status.exitCode = 128 + status.signal;
  }
  return true;
}

std::vector<std::string> currentEnvironment() {
  std::vector<std::string> env;
  for (char **e = environ; *e; ++e) env.push_back(*e);
  return env;
}

} // namespace warpcheck::cli
