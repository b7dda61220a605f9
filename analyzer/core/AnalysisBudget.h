#pragma once
// The time an analysis may take (--max-time-per-file, --max-time-per-function)
// and where it went (--time-report). One budget is shared by every pass of a
// translation unit; the checks and the long-running analyses poll expired()
// so that a spent budget stops them at the next step instead of at the end.
// The per-function budget is the pass's: CheckContext::runRuleOn sets the
// deadline of the function whose step runs on the thread, and expired()
// then also says whether that deadline has passed.
#include <atomic>
#include <chrono>
#include <map>
#include <set>
#include <string>

namespace warpcheck {

class AnalysisBudget {
public:
  using Clock = std::chrono::steady_clock;

  // `seconds`, `secondsPerFunction` <= 0: no limit.
  explicit AnalysisBudget(double seconds = 0, double secondsPerFunction = 0)
      : seconds_(seconds), secondsPerFunction_(secondsPerFunction) {}

  // Starts the clock (the first caller wins: passes of one TU run in
  // parallel and share the budget).
  void start() {
    long long none = 0, now = Clock::now().time_since_epoch().count();
    start_.compare_exchange_strong(none, now);
  }
  double limitSeconds() const { return seconds_; }
  double functionLimitSeconds() const { return secondsPerFunction_; }

  // Whether the file's budget or the running function's is spent.
  bool expired() const { return fileExpired() || functionExpired(); }

  // Whether the deadline of the function analysed on this thread has passed.
  static bool functionExpired() {
    return functionDeadline_ != Clock::time_point::max() && Clock::now() >= functionDeadline_;
  }

  // Sets this thread's function deadline for its lifetime (the previous one
  // comes back after).
  class FunctionDeadline {
  public:
    explicit FunctionDeadline(Clock::time_point deadline) : previous_(functionDeadline_) {
      functionDeadline_ = deadline;
    }
    ~FunctionDeadline() { functionDeadline_ = previous_; }
    FunctionDeadline(const FunctionDeadline &) = delete;
    FunctionDeadline &operator=(const FunctionDeadline &) = delete;

  private:
    Clock::time_point previous_;
  };

  bool fileExpired() const {
    if (seconds_ <= 0) return false;
    if (expired_.load(std::memory_order_relaxed)) return true;
    long long s = start_.load(std::memory_order_relaxed);
    if (!s) return false;
    double spent = std::chrono::duration<double>(Clock::now().time_since_epoch() - Clock::duration(s)).count();
    if (spent < seconds_) return false;
    expired_.store(true, std::memory_order_relaxed);
    return true;
  }

private:
  double seconds_, secondsPerFunction_;
  // A pass runs on one thread, one function's step at a time.
  static inline thread_local Clock::time_point functionDeadline_ = Clock::time_point::max();
  std::atomic<long long> start_{0};
  mutable std::atomic<bool> expired_{false};
};

// Wall time of one pass, by phase and by rule, and the rules the budgets cut
// short in it.
struct PassTiming {
  double parseSeconds = 0;    // preprocessing, parsing and semantic analysis (clang)
  double analysisSeconds = 0; // everything after: matchers, checks, facts
  std::map<std::string, double> ruleSeconds; // inclusive, per rule id
  // The shared uniformity analysis, also counted in the rule that first
  // needed each function.
  double uniformitySeconds = 0;
  std::set<std::string> incompleteRules; // the file's budget ran out
  // The functions whose budget ran out (qualified names), with the rules
  // not completed on each.
  std::map<std::string, std::set<std::string>> incompleteFunctions;
};

// Seconds since `t`.
inline double secondsSince(AnalysisBudget::Clock::time_point t) {
  return std::chrono::duration<double>(AnalysisBudget::Clock::now() - t).count();
}

} // namespace warpcheck
