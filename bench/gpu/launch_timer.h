#pragma once
// Per-launch times for bench/run_vs_racecheck.py --steady, printed as one
// `launch_ms:` line: under a checker the first launch also pays for
// patching and set-up, the later ones are the steady state. Each time runs
// from the event before a launch (or the previous launch's end) to the
// event after it, so it includes what a checker does on the host per
// launch. The harness drops the line when it compares outputs.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

struct LaunchTimer {
  std::vector<cudaEvent_t> marks;
  std::vector<float> times;

  // An event on the default stream: call before the first launch and after each.
  void mark() {
    cudaEvent_t e;
    cudaEventCreate(&e);
    cudaEventRecord(e);
    marks.push_back(e);
  }
  // A launch timed by the program itself.
  void add(float ms) { times.push_back(ms); }

  void print() {
    if (marks.size() > 1) {
      cudaEventSynchronize(marks.back());
      for (size_t i = 1; i < marks.size(); ++i) {
        float ms = 0;
        cudaEventElapsedTime(&ms, marks[i - 1], marks[i]);
        times.push_back(ms);
      }
    }
    printf("launch_ms:");
    for (float t : times) printf(" %.4f", t);
    printf("\n");
  }
};
