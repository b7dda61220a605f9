#pragma once
// The time an analysis may take (--max-time-per-file) and where it went
// (--time-report). One budget is shared by every pass of a translation
// unit; the checks and the long-running analyses poll expired() so that a
// spent budget stops them at the next step instead of at the end.
#include <atomic>
#include <chrono>
#include <map>
#include <set>
#include <string>

namespace warpcheck {

class AnalysisBudget {
public:
  using Clock = std::chrono::steady_clock;

  // `seconds` <= 0: no limit.
  explicit AnalysisBudget(double seconds = 0) : seconds_(seconds) {}

  // Starts the clock (the first caller wins: passes of one TU run in
  // parallel and share the budget).
  void start() {
    long long none = 0, now = Clock::now().time_since_epoch().count();
    start_.compare_exchange_strong(none, now);
  }
  double limitSeconds() const { return seconds_; }

  bool expired() const {
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
  double seconds_;
  std::atomic<long long> start_{0};
  mutable std::atomic<bool> expired_{false};
};

// Wall time of one pass, by phase and by rule, and the rules the budget cut
// short in it.
struct PassTiming {
  double parseSeconds = 0;    // preprocessing, parsing and semantic analysis (clang)
  double analysisSeconds = 0; // everything after: matchers, checks, facts
  std::map<std::string, double> ruleSeconds; // inclusive, per rule id
  // The shared uniformity analysis, also counted in the rule that first
  // needed each function.
  double uniformitySeconds = 0;
  std::set<std::string> incompleteRules;
};

// Seconds since `t`.
inline double secondsSince(AnalysisBudget::Clock::time_point t) {
  return std::chrono::duration<double>(AnalysisBudget::Clock::now() - t).count();
}

} // namespace warpcheck
