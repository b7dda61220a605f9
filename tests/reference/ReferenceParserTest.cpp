// The reference trace reader's errors: everything the format does not
// define is rejected with the file and line.
#include "runtime/reference/TraceParser.h"
#include <gtest/gtest.h>

using namespace warpcheck::reference;

namespace {

const std::string kHeader = R"({"launch":0,"kernel":"k","grid":[2,1,1],"block":[32,1,1],"after":[]})"
                            "\n";

// The error message for `text`, or "" when it parses.
std::string errorOf(const std::string &text) {
  try {
    parseTraceText(text, "t.jsonl");
  } catch (const TraceError &e) {
    return e.what();
  }
  return "";
}

} // namespace

TEST(ReferenceParser, ReadsAWellFormedTrace) {
  Trace t = parseTraceText(
      kHeader + R"({"launch":1,"kernel":"k2","grid":[1,1,1],"block":[1,1,1],"after":[0]})" "\n"
                "\n"
                R"({"l":0,"b":1,"t":31,"k":"w","a":4096,"n":8,"sp":"g","sem":"release","sc":"sys","pc":7,"file":"a.cu","line":12})" "\n"
                R"({"l":0,"b":0,"t":0,"k":"r","a":4,"n":4,"sp":"s","sem":"volatile","pc":8})" "\n"
                R"({"l":0,"b":0,"t":0,"k":"bar","x":65568,"pc":9})" "\n"
                R"({"l":0,"b":0,"t":1,"k":"mbar_wait","a":64,"sp":"s","pc":10})" "\n");
  ASSERT_EQ(t.launches.size(), 2u);
  EXPECT_EQ(t.launches[1].after, std::vector<uint64_t>{0});
  ASSERT_EQ(t.events.size(), 4u);
  EXPECT_EQ(t.events[0].line, 4) << "blank lines count";
  EXPECT_EQ(t.events[0].kind, Kind::Write);
  EXPECT_EQ(t.events[0].sem, Sem::Release);
  EXPECT_EQ(t.events[0].scope, Scope::Sys);
  EXPECT_EQ(t.events[0].file, "a.cu");
  EXPECT_EQ(t.events[0].srcLine, 12);
  EXPECT_EQ(t.events[1].scope, Scope::Sys) << "volatile counts as system scope";
  EXPECT_EQ(t.events[1].space, Space::Shared);
  EXPECT_EQ(t.events[2].aux, 65568u);
  EXPECT_EQ(t.events[3].scope, Scope::Cta) << "an mbarrier defaults to block scope";
}

TEST(ReferenceParser, RejectsMalformedLines) {
  EXPECT_EQ(errorOf("{not json\n").rfind("t.jsonl:1: not valid JSON: ", 0), 0u);
  EXPECT_EQ(errorOf("[1,2]\n"), "t.jsonl:1: each line must be one JSON object");
  // A number no JSON value can hold (nlohmann's out_of_range, found by the
  // fuzzer): an error of the line, not an escaping exception.
  EXPECT_EQ(errorOf("[1e999999]\n").rfind("t.jsonl:1: not valid JSON: ", 0), 0u);
  // support/JsonRead.h: where the line breaks, and a bound on nesting.
  EXPECT_EQ(errorOf("\n{\"l\":0,}\n"),
            "t.jsonl:2: not valid JSON: parse error at line 1, column 8: syntax error while parsing object key - "
            "unexpected '}'; expected string literal");
  EXPECT_EQ(errorOf(std::string(50, '[') + "\n"), "t.jsonl:1: not valid JSON: nested deeper than 4 levels at line 1, column 5");
}

TEST(ReferenceParser, RejectsBadLaunchHeaders) {
  EXPECT_EQ(errorOf(R"({"launch":0,"kernel":"k","grid":[1,1],"block":[1,1,1]})"),
            "t.jsonl:1: field \"grid\" must be an array [x,y,z]");
  EXPECT_EQ(errorOf(R"({"launch":0,"kernel":"k","grid":[1,0,1],"block":[1,1,1]})"),
            "t.jsonl:1: field \"grid\" must hold three integers from 1 to 2^31-1");
  EXPECT_EQ(errorOf(R"({"launch":0,"kernel":"k","grid":[1,1,1],"block":[64,32,1]})"),
            "t.jsonl:1: a block of 2048 threads: CUDA allows at most 1024");
  EXPECT_EQ(errorOf(R"({"launch":0,"grid":[1,1,1],"block":[1,1,1]})"), "t.jsonl:1: missing field \"kernel\"");
  EXPECT_EQ(errorOf(R"({"launch":0,"kernel":"k","grid":[1,1,1],"block":[1,1,1],"stream":3})"),
            "t.jsonl:1: unknown field \"stream\"");
  EXPECT_EQ(errorOf(R"({"launch":1,"kernel":"k","grid":[1,1,1],"block":[1,1,1],"after":[0]})"),
            "t.jsonl:1: launch 1 is after launch 0, which is not declared before it");
  EXPECT_EQ(errorOf(kHeader + R"({"launch":1,"kernel":"k","grid":[1,1,1],"block":[1,1,1],"after":[0,"x"]})"),
            "t.jsonl:2: after[1]: expected a non-negative integer, not \"x\"");
  EXPECT_EQ(errorOf(R"({"launch":0,"kernel":"k","grid":[1,-1,1],"block":[1,1,1]})"),
            "t.jsonl:1: grid[1]: expected a non-negative integer, not -1");
  EXPECT_EQ(errorOf(kHeader + kHeader), "t.jsonl:2: launch 0 declared twice");
}

TEST(ReferenceParser, RejectsUnknownFieldsKindsAndValues) {
  auto ev = [](const std::string &fields) { return kHeader + "{\"l\":0,\"b\":0,\"t\":0,\"pc\":1," + fields + "}\n"; };
  EXPECT_EQ(errorOf(ev(R"("k":"w","a":0,"n":4,"sp":"g","sem":"plain","color":1)")),
            "t.jsonl:2: unknown field \"color\"");
  EXPECT_EQ(errorOf(ev(R"("k":"store")")), "t.jsonl:2: unknown kind \"store\"");
  EXPECT_EQ(errorOf(ev(R"("k":"w","a":0,"n":4,"sp":"l","sem":"plain")")),
            "t.jsonl:2: unknown space \"l\" (expected \"g\" or \"s\")");
  EXPECT_EQ(errorOf(ev(R"("k":"w","a":0,"n":4,"sp":"g","sem":"seq_cst","sc":"gpu")")),
            "t.jsonl:2: unknown sem \"seq_cst\"");
  EXPECT_EQ(errorOf(ev(R"("k":"w","a":0,"n":4,"sp":"g","sem":"relaxed","sc":"device")")),
            "t.jsonl:2: unknown scope \"device\"");
  EXPECT_EQ(errorOf(ev(R"("k":"r","a":0,"n":4,"sp":"g","sem":"release","sc":"gpu")")),
            "t.jsonl:2: sem \"release\" is not valid for kind \"r\"");
  EXPECT_EQ(errorOf(ev(R"("k":"rmw","a":0,"n":4,"sp":"g","sem":"plain")")),
            "t.jsonl:2: sem \"plain\" is not valid for kind \"rmw\"");
  EXPECT_EQ(errorOf(ev(R"("k":"fence","sem":"relaxed","sc":"gpu")")),
            "t.jsonl:2: sem \"relaxed\" is not valid for kind \"fence\"");
  EXPECT_EQ(errorOf(ev(R"("k":"w","a":0,"n":4,"sp":"g","sem":"relaxed")")),
            "t.jsonl:2: missing field \"sc\" (a strong access needs its scope)");
  EXPECT_EQ(errorOf(ev(R"("k":"w","a":0,"n":0,"sp":"g","sem":"plain")")),
            "t.jsonl:2: field \"n\" must be 1 to 256 bytes");
  EXPECT_EQ(errorOf(ev(R"("k":"w","a":-4,"n":4,"sp":"g","sem":"plain")")),
            "t.jsonl:2: a: expected a non-negative integer, not -4");
  EXPECT_EQ(errorOf(ev(R"("k":"w","n":4,"sp":"g","sem":"plain")")), "t.jsonl:2: missing field \"a\"");
  EXPECT_EQ(errorOf(ev(R"("k":"bar","x":1048576)")), "t.jsonl:2: barrier id 16 outside 0..15");
  EXPECT_EQ(errorOf(ev(R"("k":"bar","x":64)")), "t.jsonl:2: barrier thread count 64 exceeds the block's 32 threads");
  EXPECT_EQ(errorOf(ev(R"("k":"arrive","x":65536)")), "t.jsonl:2: bar.arrive needs a thread count");
  EXPECT_EQ(errorOf(ev(R"("k":"syncwarp","x":0)")), "t.jsonl:2: syncwarp mask must be a non-zero 32-bit value");
  EXPECT_EQ(errorOf(ev(R"("k":"syncwarp","x":4294967296)")),
            "t.jsonl:2: syncwarp mask must be a non-zero 32-bit value");
  EXPECT_EQ(errorOf(ev(R"("k":"exit","file":3)")), "t.jsonl:2: file: expected a string, not 3");
}

TEST(ReferenceParser, AcceptsMallocEventsAndRejectsBadOnes) {
  auto ev = [](const std::string &fields) { return kHeader + "{\"l\":0,\"b\":0,\"t\":0,\"pc\":1," + fields + "}\n"; };
  EXPECT_EQ(errorOf(ev(R"("k":"malloc","a":4096,"n":64)")), "");
  EXPECT_EQ(errorOf(ev(R"("k":"malloc","a":4096,"n":64,"sp":"g")")), "");
  EXPECT_EQ(errorOf(ev(R"("k":"malloc","a":4096,"n":0)")), "t.jsonl:2: field \"n\" of a malloc must be at least 1 byte");
  EXPECT_EQ(errorOf(ev(R"("k":"malloc","a":4096,"n":64,"sp":"s")")),
            "t.jsonl:2: malloc memory is global (\"sp\": \"g\")");
  EXPECT_EQ(errorOf(ev(R"("k":"malloc","n":64)")), "t.jsonl:2: missing field \"a\"");
}

TEST(ReferenceParser, RejectsThreadsOutsideTheirLaunchAndEventsOutOfOrder) {
  EXPECT_EQ(errorOf(R"({"l":0,"b":0,"t":0,"k":"exit","pc":1})"),
            "t.jsonl:1: event of launch 0, which has no header before it");
  EXPECT_EQ(errorOf(kHeader + R"({"l":0,"b":2,"t":0,"k":"exit","pc":1})"),
            "t.jsonl:2: block 2 outside launch 0's grid of 2 blocks");
  EXPECT_EQ(errorOf(kHeader + R"({"l":0,"b":0,"t":32,"k":"exit","pc":1})"),
            "t.jsonl:2: thread 32 outside launch 0's block of 32 threads");
  EXPECT_EQ(errorOf(kHeader + R"({"l":0,"b":0,"t":3,"k":"exit","pc":1})" "\n"
                              R"({"l":0,"b":0,"t":3,"k":"fence","sem":"sc","sc":"gpu","pc":2})"),
            "t.jsonl:3: event of thread 3 of block 0 after its exit");
  EXPECT_EQ(errorOf(kHeader + R"({"launch":1,"kernel":"k","grid":[1,1,1],"block":[1,1,1],"after":[0]})" "\n"
                              R"({"l":1,"b":0,"t":0,"k":"exit","pc":1})" "\n"
                              R"({"l":0,"b":0,"t":0,"k":"exit","pc":1})"),
            "t.jsonl:4: event of launch 0 after a launch that \"after\" orders behind it has started");
}
