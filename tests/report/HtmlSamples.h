#pragma once
// Reports for the HTML format tests (HtmlFormatTest.cpp), also written out as
// the sample pages that check_html.py opens in a browser. Their findings
// point at tests/report/Inputs/: scan.cu and findings.cu (lint), tile.cu
// (run), parse_error.cu (a file that failed to parse).
#include "ReportTestUtil.h"
#include "reports/model/Finding.h"
#include "reports/model/Report.h"
#include <string>

namespace warpcheck::test {

inline const std::string kSourceRoot = WARPCHECK_SOURCE_DIR;
inline const std::string kInputs = kSourceRoot + "/tests/report/Inputs/";
// Closes the page's script and opens an element with a handler: it must
// only ever appear escaped.
inline const std::string kHostile = "</script><img src=x onerror=alert(1)>";

// A source file with the hostile string, bytes that are not UTF-8 and an
// escape character on line 2, and a barrier on line 3.
inline std::string hostileSource() {
  return writeSource("hostile.cu", "__global__ void k() {\n  // " + kHostile +
                                       " \xff\xfe not UTF-8 \x1b[31m\n  __syncthreads();\n}\n");
}

// `warpcheck lint` on two files with findings (a divergence chain through a
// call with notes, a legacy shuffle with a fix-it, a plain barrier), a file
// that failed to parse in two passes, a skipped file, and hostile strings in
// a source line, a message, a rule id and a path.
inline Report lintSample(const std::string &hostileFile) {
  Report r;
  r.toolVersion = "0.1.0";
  r.command = "lint";
  std::string scan = kInputs + "html/scan.cu", plain = kInputs + "findings.cu", broken = kInputs + "parse_error.cu";
  for (const std::string &path : {scan, plain, hostileFile}) {
    FileStatus f;
    f.path = path;
    f.passes = {"host", "sm_90"};
    r.files.push_back(f);
  }
  FileStatus bad;
  bad.path = broken;
  bad.status = FileStatusKind::ParseError;
  bad.passes = {"host", "sm_90"};
  for (const char *pass : {"host", "sm_90"})
    bad.diagnostics.push_back({at(broken, 3, 21), "error", "expected ';' after expression", pass});
  r.files.push_back(bad);
  FileStatus skipped;
  skipped.path = kSourceRoot + "/src/host_only.cpp";
  skipped.status = FileStatusKind::Skipped;
  skipped.reason = "not a CUDA source (.cpp)";
  r.files.push_back(skipped);

  Finding chain = finding("barrier-divergent", Severity::Error, at(scan, 13, 5, 13, 17),
                          "publish() executes __syncthreads() but is called by only some threads of the block",
                          {"host", "sm_90"});
  chain.notes.push_back({at(scan, 12, 7, 12, 21), "this branch depends on threadIdx.x"});
  chain.notes.push_back({at(scan, 6, 3, 6, 17), "publish() reaches __syncthreads() here"});
  r.findings.push_back(chain);

  Finding shfl = finding("warp-legacy-intrinsic", Severity::Error, at(scan, 15, 16, 15, 32),
                         "__shfl_down without _sync is removed on sm_70 and newer", {"sm_90"});
  shfl.fixits.push_back({at(scan, 15, 16, 15, 27), "__shfl_down_sync(0xffffffff, "});
  r.findings.push_back(shfl);

  Finding plainBarrier = finding("barrier-divergent", Severity::Error, at(plain, 7, 5, 7, 19),
                                 "__syncthreads() is reached by only some threads of the block", {"host", "sm_90"});
  plainBarrier.notes.push_back({at(plain, 5, 7, 5, 13), "this branch depends on threadIdx.x"});
  // A fix-it over several lines is described in words.
  plainBarrier.fixits.push_back({at(plain, 7, 5, 8, 3), "}\n  __syncthreads();\n"});
  r.findings.push_back(plainBarrier);

  r.findings.push_back(finding("warp-activemask-misuse", Severity::Warning, at(scan, 15, 16, 15, 32),
                               "__activemask() as the mask of a shuffle", {"sm_90"}));

  // The rule id also tries to close the attribute it is written into.
  Finding hostile = finding("x\" onclick=\"alert(2)" + kHostile, Severity::Warning, at(hostileFile, 3, 3, 3, 17),
                            "message with " + kHostile + " and bytes \xc3\x28 that are not UTF-8");
  hostile.notes.push_back({at(hostileFile, 2, 6, 2, 14), "a note on the hostile line"});
  r.findings.push_back(hostile);
  r.findings.push_back(finding("warp-shfl-width", Severity::Error, at("/nonexistent/dir\"'<&>/x.cu", 4, 9),
                               "width 24 is not a power of two"));
  mergeFindings(r.findings); // in report order, as lint writes them
  // What the controls removed: counted and listed, collapsed, hostile text included.
  Finding quiet = finding("barrier-divergent", Severity::Error, at(scan, 20, 5, 20, 19),
                          "silenced by a NOLINT comment " + kHostile, {"host", "sm_90"});
  r.suppressedFindings.push_back({quiet, SuppressionKind::Nolint});
  r.suppressedFindings.push_back({finding("warp-shfl-width", Severity::Error, at(plain, 3, 9), "in the baseline"),
                                  SuppressionKind::Baseline});
  r.suppressed = {1, 0, 1};
  return r;
}

// The evidence of a race: accesses as runtime/host/RunFindings.cpp builds them.
inline AccessEvidence access(const char *kind, std::array<unsigned, 3> thread, unsigned long long pc,
                             unsigned long long offset, bool known = true) {
  AccessEvidence a;
  a.kind = kind;
  a.thread = thread;
  a.threadKnown = known;
  a.pc = pc;
  a.function = "_Z9transposePKfPfi";
  a.offset = offset;
  return a;
}

// `warpcheck run` on tile.cu: an inter-warp race (error), an intra-warp one
// with its extra note (warning), a race in a program built without
// -lineinfo (no source lines), a __syncwarp mask error with one access, and
// a summary with things not checked and a hostile argument.
inline Report runSample() {
  Report r;
  r.toolVersion = "0.1.0";
  r.command = "run";
  RunSummary s;
  s.command = {"./transpose", "--size", "1024", "it's " + kHostile};
  s.exitCode = 0;
  s.kernels = {"transpose(const float*, float*, int)"};
  s.launches = 4;
  s.launchesChecked = 3;
  s.uncheckedBlockThreads = 64;
  s.droppedHazards = 2;
  s.errors = {"module 1: cannot patch a kernel compiled for sm_50"};
  s.warnings = {"64 threads ran in blocks that found no shadow slot and were not checked (raise --shadow-budget)",
                "2 hazards were not recorded because the finding table was full (raise --table-capacity)"};
  r.run = s;
  std::string tile = kInputs + "html/tile.cu";
  std::string kernel = "transpose(const float*, float*, int)";

  Finding war = finding("race-shared", Severity::Error, at(tile, 7, 0),
                        "write-after-read race on shared memory at offset 0x84: write by thread (0,1,0) and read by "
                        "thread (1,0,0) in block (2,0,0) of " + kernel + " with no barrier between them (3 times)",
                        {"run"});
  war.notes.push_back({at(tile, 9, 0), "the read by thread (1,0,0) is here (transpose+0x1f0)"});
  RunEvidence e;
  e.kernel = kernel;
  e.count = 3;
  e.block = {2, 0, 0};
  e.accesses = {access("read", {1, 0, 0}, 0x7f3a001f0, 0x1f0), access("write", {0, 1, 0}, 0x7f3a00090, 0x90)};
  e.relation = "inter-warp";
  e.sharedOffset = 0x84;
  war.evidence = e;
  r.findings.push_back(war);

  Finding waw = finding("race-shared", Severity::Warning, at(tile, 9, 0),
                        "read-after-write race on shared memory at offset 0x4: read by thread (0,0,0) and write by "
                        "thread (1,0,0) in block (0,0,0) of " + kernel + " with no barrier between them",
                        {"run"});
  waw.notes.push_back({at(tile, 7, 0), "the write by thread (1,0,0) is here (transpose+0x90)"});
  waw.notes.push_back({at(tile, 9, 0), "both threads are in warp 0: lanes of a warp are not in lockstep on sm_70 "
                                       "and newer, and a __syncwarp() between the accesses is enough to order them"});
  RunEvidence e2 = e;
  e2.count = 1;
  e2.block = {0, 0, 0};
  e2.accesses = {access("write", {1, 0, 0}, 0x7f3a00090, 0x90), access("read", {0, 0, 0}, 0x7f3a001f0, 0x1f0)};
  e2.relation = "intra-warp";
  e2.sharedOffset = 4;
  waw.evidence = e2;
  r.findings.push_back(waw);

  Finding mask = finding("warp-mask-inactive-lane", Severity::Error, at(tile, 10, 0),
                         "lanes 16-31 named in the mask of __syncwarp(0xffffffff) call this other __syncwarp() "
                         "instead of it (thread (3,0,0)) in block (1,0,0) of " + kernel,
                         {"run"});
  mask.notes.push_back({at(tile, 10, 0), "the __syncwarp() whose mask names them (transpose+0x2c0)"});
  RunEvidence e3;
  e3.kernel = kernel;
  e3.count = 12;
  e3.block = {1, 0, 0};
  e3.accesses = {access("syncwarp", {3, 0, 0}, 0x7f3a002c0, 0x2c0)};
  e3.mask = 0xffffffff;
  e3.lanes = 0xffff0000;
  mask.evidence = e3;
  r.findings.push_back(mask);

  // Built without -lineinfo: no place, function+offset only; the other
  // thread was not recorded.
  Finding blind = finding("race-shared", Severity::Error, SourceRange{},
                          "write-after-write race on shared memory at offset 0x100: write by thread (5,0,0) and "
                          "write by another thread in block (0,0,0) of " + kernel +
                              " with no barrier between them at (transpose+0x2a0)",
                          {"run"});
  blind.notes.push_back({SourceRange{}, "the write by another thread is here (transpose+0x280)"});
  RunEvidence e4 = e;
  e4.count = 1;
  e4.block = {0, 0, 0};
  e4.accesses = {access("write", {0, 0, 0}, 0x7f3a00280, 0x280, false), access("write", {5, 0, 0}, 0x7f3a002a0, 0x2a0)};
  e4.sharedOffset = 0x100;
  blind.evidence = e4;
  r.findings.push_back(blind);
  return r;
}

} // namespace warpcheck::test
