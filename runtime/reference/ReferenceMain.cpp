// warpcheck-reference: checks a trace against the documented memory model
// and writes its findings as JSON. Exit 0: no findings; 1: findings;
// 2: usage error, bad trace (the message names file:line) or out of memory.
#include "runtime/reference/FindingsJson.h"
#include "runtime/reference/TraceParser.h"
#include <fstream>
#include <iostream>
#include <new>

using namespace warpcheck::reference;

namespace {
const char *kUsage = "usage: warpcheck-reference [--volatile=cuda|ptx] [-o FILE] TRACE.jsonl\n"
                     "  checks a trace (docs/run-memory-model.md, appendix) against the model;\n"
                     "  exit 0: no findings, 1: findings, 2: bad usage or input, or out of memory\n";

int usage(const std::string &why) {
  std::cerr << "warpcheck-reference: " << why << "\n" << kUsage;
  return 2;
}
} // namespace

int main(int argc, char **argv) {
  ModelOptions options;
  std::string tracePath, outPath;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "--volatile=cuda") {
      options.volatileIsPtx = false;
    } else if (arg == "--volatile=ptx") {
      options.volatileIsPtx = true;
    } else if (arg.rfind("--volatile=", 0) == 0) {
      return usage("unknown --volatile value '" + arg.substr(11) + "' (expected cuda or ptx)");
    } else if (arg == "-o") {
      if (++i == argc)
        return usage("-o needs a file");
      outPath = argv[i];
    } else if (!arg.empty() && arg[0] == '-' && arg != "-") {
      return usage("unknown option '" + arg + "'");
    } else if (tracePath.empty()) {
      tracePath = arg;
    } else {
      return usage("one trace at a time");
    }
  }
  if (tracePath.empty())
    return usage("no trace given");

  Trace trace;
  try {
    if (tracePath == "-") {
      trace = parseTrace(std::cin, "<stdin>");
    } else {
      std::ifstream in(tracePath);
      if (!in)
        return usage("cannot open '" + tracePath + "'");
      trace = parseTrace(in, tracePath);
    }
  } catch (const TraceError &err) {
    std::cerr << "warpcheck-reference: " << err.what() << "\n";
    return 2;
  } catch (const std::bad_alloc &) {
    std::cerr << "warpcheck-reference: " << tracePath
              << ": out of memory reading the trace (the process's memory limit, ulimit -v, or the machine's was reached)\n";
    return 2;
  }
  std::vector<Finding> findings;
  std::string text;
  try {
    findings = checkTrace(trace, options);
    text = findingsToJson(trace, findings, options).dump(2) + "\n";
  } catch (const std::bad_alloc &) {
    // The exact shadow keeps every access of every byte: a trace can be
    // too large for the memory this process may take (ulimit -v).
    std::cerr << "warpcheck-reference: " << tracePath << ": out of memory checking " << trace.events.size()
              << " events of " << trace.launches.size()
              << " launches (the checker's memory limit, ulimit -v, or the machine's was reached)\n";
    return 2;
  }
  if (outPath.empty()) {
    std::cout << text;
  } else {
    std::ofstream out(outPath);
    if (!(out << text))
      return usage("cannot write '" + outPath + "'");
  }
  return findings.empty() ? 0 : 1;
}
