// The sarif format: what GitHub code scanning needs (ruleId/ruleIndex,
// message, physical locations with %SRCROOT%-relative URIs and UTF-16
// regions, partialFingerprints), and everything else a report holds (notes as
// related locations and code flows, fix-its, GPU evidence, files, the run
// summary). tests/report/check_sarif.py validates the golden file written
// here against the SARIF 2.1.0 schema.
#include "ReportTestUtil.h"
#include "reports/suppress/Fingerprint.h"
#include "reports/formats/Formats.h"
#include "reports/formats/ProjectUrls.h"
#include "reports/model/RuleCatalog.h"
#include "reports/formats/sarif/SarifFormat.h"
#include "reports/formats/sarif/SarifRules.h"
#include "reports/formats/sarif/Utf16Columns.h"
#include <fstream>
#include <set>
#include <sstream>

using namespace warpcheck;
using namespace warpcheck::test;
using nlohmann::json;

namespace {

const std::string kGoldenRoot = std::string(WARPCHECK_SOURCE_DIR) + "/tests/report/golden";
const std::string kGoldenSource = kGoldenRoot + "/src/reduce.cu"; // non-ASCII before the columns

std::string tempRoot() {
  std::string t = ::testing::TempDir();
  while (t.size() > 1 && t.back() == '/') t.pop_back();
  return t;
}

// A path under the temporary root, which the tests use as source root.
std::string inRoot(const std::string &name) { return tempRoot() + "/" + name; }

json sarif(const Report &r, const std::string &root = tempRoot()) { return toSarif(r, rootedAt(root)); }
const json &run0(const json &s) { return s["runs"][0]; }
const json &result(const json &s, size_t i) { return s["runs"][0]["results"][i]; }
const json &physical(const json &location) { return location["physicalLocation"]; }

RunEvidence raceEvidence() {
  RunEvidence e;
  e.kernel = "reduce(float const*, float*, unsigned int)";
  e.count = 3;
  e.block = {1, 0, 0};
  e.accesses = {{"write", {32, 0, 0}, true, 0x1f0, "_Z6reducePKfPfj", 0x1f0},
                {"read", {0, 0, 0}, true, 0x2a0, "_Z6reducePKfPfj", 0x2a0}};
  e.relation = "inter-warp";
  e.sharedOffset = 128;
  return e;
}

// One of everything, on tests/report/golden/src/reduce.cu (whose lines carry
// non-ASCII text before the findings) and on files that do not exist: not one
// real invocation, but every path through the writer.
Report goldenReport() {
  const std::string &src = kGoldenSource;
  Report r;
  r.toolVersion = "0.1.0";
  r.command = "run";

  FileStatus ok;
  ok.path = src;
  ok.passes = {"host", "sm_90"};
  r.files.push_back(ok);
  FileStatus broken;
  broken.path = kGoldenRoot + "/src/broken.cu";
  broken.status = FileStatusKind::ParseError;
  broken.passes = {"host", "sm_90"};
  broken.diagnostics.push_back({at(broken.path, 4, 10), "error", "expected ';' after expression", "sm_90"});
  Diagnostic whole;
  whole.severity = "fatal error";
  whole.message = "clang could not run this pass";
  whole.pass = "host";
  broken.diagnostics.push_back(whole);
  r.files.push_back(broken);
  FileStatus skipped;
  skipped.path = kGoldenRoot + "/src/host_only.cpp";
  skipped.status = FileStatusKind::Skipped;
  skipped.reason = "not a CUDA source (.cpp)";
  r.files.push_back(skipped);

  // lint: a divergent barrier, with the branch it depends on.
  Finding barrier = finding("barrier-divergent", Severity::Error, at(src, 8, 16, 8, 30),
                            "barrier '__syncthreads()' is reached under thread-dependent control: threads of the "
                            "block that do not reach it leave the others waiting or reading stale data",
                            {"host", "sm_90"});
  barrier.notes.push_back({at(src, 6, 21, 6, 35), "the 'if' condition is thread-dependent because it depends on "
                                                  "threadIdx.x"});
  r.findings.push_back(barrier);

  // lint: a legacy shuffle with a two-part fix-it (a replacement, an insertion)
  // and a note at its own place.
  Finding legacy = finding("warp-legacy-intrinsic", Severity::Error, at(src, 10, 8, 10, 25),
                           "'__shfl_down' is deprecated and unsupported on sm_70 and newer; use '__shfl_down_sync'");
  legacy.notes.push_back({at(src, 10, 8), "the lanes that reach this call are 0xffffffff"});
  legacy.fixits.push_back({at(src, 10, 8, 10, 18), "__shfl_down_sync"});
  legacy.fixits.push_back({at(src, 10, 20, 10, 19), "0xffffffff, "});
  r.findings.push_back(legacy);

  // run: a race with its evidence and the other access as a note.
  Finding race = finding("race-shared", Severity::Error, at(src, 11, 32, 11, 36),
                         "read-after-write race on shared memory at offset 0x80: read by thread (0,0,0) and write by "
                         "thread (32,0,0) in block (1,0,0) of reduce(float const*, float*, unsigned int) with no "
                         "barrier between them",
                         {"run"});
  race.notes.push_back({at(src, 7, 5, 7, 18), "the write by thread (32,0,0) is here"});
  race.evidence = raceEvidence();
  r.findings.push_back(race);

  // run, program without -lineinfo: no place at all.
  Finding nowhere = finding("barrier-divergent", Severity::Error, SourceRange{},
                            "threads of one block wait at different barriers: thread (0,0,0) is at this "
                            "__syncthreads() while others are at another one in block (0,0,0) of reduce(float const*, "
                            "float*, unsigned int) at _Z6reducePKfPfj+0x2a0",
                            {"run"});
  nowhere.notes.push_back({SourceRange{}, "the other barrier at _Z6reducePKfPfj+0x1c0"});
  nowhere.evidence = raceEvidence();
  nowhere.evidence->accesses = {{"barrier", {}, false, 0x1c0, "_Z6reducePKfPfj", 0x1c0},
                                {"barrier", {0, 0, 0}, true, 0x2a0, "_Z6reducePKfPfj", 0x2a0}};
  nowhere.evidence->relation.clear();
  nowhere.evidence->sharedOffset = -1;
  r.findings.push_back(nowhere);

  // A file under the root whose name needs percent-encoding, and one outside
  // the root; neither exists, so columns stay bytes.
  r.findings.push_back(finding("warp-shfl-width", Severity::Error, at(kGoldenRoot + "/src/my kernels/naïve.cu", 3, 10, 3, 30),
                               "width 24 is not a power of two in [1, 32]"));
  r.findings.push_back(finding("warp-activemask-misuse", Severity::Warning, at("/opt/vendor/include/cub block.cuh", 40, 3),
                               "'__activemask()' is the mask of a vote"));

  RunSummary run;
  run.command = {"./app", "--n", "1024"};
  run.kernels = {"reduce(float const*, float*, unsigned int)"};
  run.launches = 2;
  run.launchesChecked = 2;
  run.warnings = {"the program has no line information: build it with -lineinfo to see source lines"};
  r.run = run;
  return r;
}

std::string goldenPath() { return kGoldenRoot + "/report.sarif"; }

// The checkout's path appears in one place only; the golden file holds a
// placeholder there.
json withPortableRoot(json s) {
  s["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] = "file:///CHECKOUT/tests/report/golden/";
  return s;
}

// Rule descriptors come from rules/*.md (checked by RulesCoverTheCatalogue):
// compared by id only, so that editing a rule doc does not break this test.
json withRuleIdsOnly(json s) {
  for (json &rule : s["runs"][0]["tool"]["driver"]["rules"]) rule = {{"id", rule["id"]}};
  return s;
}

} // namespace

TEST(SarifFormat, TopLevelAndDriver) {
  json s = sarif(goldenReport(), kGoldenRoot);
  EXPECT_EQ(s["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  EXPECT_EQ(s["version"], "2.1.0");
  ASSERT_EQ(s["runs"].size(), 1u);
  const json &driver = run0(s)["tool"]["driver"];
  EXPECT_EQ(driver["name"], "warpcheck");
  EXPECT_EQ(driver["version"], "0.1.0");
  EXPECT_EQ(driver["semanticVersion"], "0.1.0");
  // No homepage configured (WARPCHECK_HOMEPAGE): no URI pointing nowhere.
  if (*kHomepage) EXPECT_EQ(driver["informationUri"], kHomepage);
  else EXPECT_FALSE(driver.contains("informationUri"));
  EXPECT_EQ(run0(s)["columnKind"], "utf16CodeUnits");
  EXPECT_EQ(run0(s)["properties"]["command"], "run");
}

TEST(SarifFormat, RulesCoverTheCatalogue) {
  Report r; // no findings: every rule is still described
  json s = sarif(r);
  const json &rules = run0(s)["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), ruleCatalog().size());
  for (size_t i = 0; i < rules.size(); ++i) {
    const RuleInfo &info = ruleCatalog()[i];
    const json &d = rules[i];
    SCOPED_TRACE(info.id);
    EXPECT_EQ(d["id"], info.id);
    EXPECT_EQ(d["shortDescription"]["text"], info.summary);
    EXPECT_EQ(d["fullDescription"]["text"], info.description);
    EXPECT_FALSE(info.description.empty());
    EXPECT_EQ(info.description.find('`'), std::string::npos) << "fullDescription is plain text";
    EXPECT_EQ(d["help"]["text"], ruleHelpText(info)); // what `warpcheck explain` prints
    EXPECT_EQ(d["help"]["markdown"], ruleHelpText(info));
    EXPECT_NE(ruleHelpText(info).find(info.doc), std::string::npos);
    if (*kHomepage) EXPECT_EQ(d["helpUri"], std::string(kHomepage) + "/blob/main/rules/" + info.id + ".md");
    else EXPECT_FALSE(d.contains("helpUri"));
    EXPECT_EQ(d["defaultConfiguration"]["level"], severityName(info.severity));
    EXPECT_EQ(d["properties"]["tags"], json(info.tags));
    EXPECT_FALSE(info.tags.empty());
    EXPECT_TRUE(std::set<std::string>({"very-high", "high", "medium", "low"}).count(info.precision));
    EXPECT_EQ(d["properties"]["precision"], info.precision);
  }
  EXPECT_EQ(pascalCase("barrier-divergent"), "BarrierDivergent");
  EXPECT_EQ(pascalCase("warp-shfl-width"), "WarpShflWidth");
  ASSERT_TRUE(findRule("race-shared") && findRule("barrier-divergent"));
  EXPECT_EQ(findRule("race-shared")->precision, "very-high"); // observed on the GPU
  EXPECT_EQ(findRule("barrier-divergent")->precision, "high"); // static analysis
  // The first paragraph of "What it finds", with the list it introduces.
  EXPECT_EQ(findRule("warp-shfl-width")->description.rfind("The width argument of __shfl_sync, ", 0), 0u);
  EXPECT_NE(findRule("barrier-divergent")->description.find("do not: inside an if, switch"), std::string::npos);
}

TEST(SarifFormat, RuleIndexPointsIntoTheRulesArray) {
  Report r = goldenReport();
  r.findings.push_back(finding("internal", Severity::Error, at("a.cu", 1, 1), "unknown record kind 9"));
  json s = sarif(r);
  const json &rules = run0(s)["tool"]["driver"]["rules"];
  ASSERT_EQ(run0(s)["results"].size(), r.findings.size());
  for (const json &res : run0(s)["results"]) EXPECT_EQ(rules[res["ruleIndex"].get<size_t>()]["id"], res["ruleId"]);
  // A rule the catalogue lacks gets a descriptor after the catalogue's.
  EXPECT_EQ(rules.size(), ruleCatalog().size() + 1);
  EXPECT_EQ(rules.back()["id"], "internal");
  EXPECT_EQ(result(s, r.findings.size() - 1)["ruleIndex"], ruleCatalog().size());
}

TEST(SarifFormat, LevelsFollowSeverity) {
  Report r;
  r.findings = {finding("race-shared", Severity::Warning, at("a.cu", 1, 1), "w"),
                finding("race-shared", Severity::Error, at("a.cu", 2, 1), "e"),
                finding("race-shared", Severity::Note, at("a.cu", 3, 1), "n")};
  json s = sarif(r);
  EXPECT_EQ(result(s, 0)["level"], "warning");
  EXPECT_EQ(result(s, 1)["level"], "error");
  EXPECT_EQ(result(s, 2)["level"], "note");
}

TEST(SarifFormat, UrisAreRelativeToTheSourceRoot) {
  json s = sarif(goldenReport(), kGoldenRoot);
  std::string rootUri = "file://" + kGoldenRoot + "/";
  EXPECT_EQ(run0(s)["originalUriBaseIds"]["%SRCROOT%"]["uri"], rootUri);
  const json &art = physical(result(s, 0)["locations"][0])["artifactLocation"];
  EXPECT_EQ(art, json({{"uri", "src/reduce.cu"}, {"uriBaseId", "%SRCROOT%"}}));
  // Spaces and non-ASCII bytes are percent-encoded.
  EXPECT_EQ(physical(result(s, 4)["locations"][0])["artifactLocation"]["uri"], "src/my%20kernels/na%C3%AFve.cu");
  // Outside the root: an absolute file URI and no base.
  EXPECT_EQ(physical(result(s, 5)["locations"][0])["artifactLocation"],
            json({{"uri", "file:///opt/vendor/include/cub%20block.cuh"}}));
}

TEST(SarifFormat, RootUriIsPercentEncoded) {
  Report r;
  r.findings.push_back(finding("race-shared", Severity::Error, at("/w/my repo#1/a.cu", 1, 1), "m"));
  json s = sarif(r, "/w/my repo#1");
  EXPECT_EQ(run0(s)["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file:///w/my%20repo%231/");
  EXPECT_EQ(physical(result(s, 0)["locations"][0])["artifactLocation"]["uri"], "a.cu");
}

TEST(SarifFormat, NoSourceRootGivesAbsoluteUris) {
  Report r;
  r.findings.push_back(finding("race-shared", Severity::Error, at("/w/a.cu", 1, 1), "m"));
  json s = toSarif(r, {});
  EXPECT_FALSE(run0(s).contains("originalUriBaseIds"));
  EXPECT_EQ(physical(result(s, 0)["locations"][0])["artifactLocation"], json({{"uri", "file:///w/a.cu"}}));
}

TEST(SarifFormat, RegionsAreUtf16WithAnExclusiveEnd) {
  json s = sarif(goldenReport(), kGoldenRoot);
  // Line 8 is `    /* 𝔘 */ __syncthreads();`: 𝔘 is 4 bytes and 2 UTF-16
  // units, so bytes 16..30 (inclusive) are units 14..29 (exclusive).
  EXPECT_EQ(physical(result(s, 0)["locations"][0])["region"],
            json({{"startLine", 8}, {"startColumn", 14}, {"endLine", 8}, {"endColumn", 29}}));
  // Line 6 has "größe" (7 bytes, 5 units) before the condition.
  EXPECT_EQ(physical(result(s, 0)["relatedLocations"][0])["region"],
            json({{"startLine", 6}, {"startColumn", 19}, {"endLine", 6}, {"endColumn", 34}}));
  // An ASCII line: the same numbers, the end one past the last character.
  EXPECT_EQ(physical(result(s, 2)["locations"][0])["region"],
            json({{"startLine", 11}, {"startColumn", 32}, {"endLine", 11}, {"endColumn", 37}}));
  // A file that cannot be read: bytes, the end still exclusive.
  EXPECT_EQ(physical(result(s, 4)["locations"][0])["region"],
            json({{"startLine", 3}, {"startColumn", 10}, {"endLine", 3}, {"endColumn", 31}}));
}

TEST(SarifFormat, Utf16ColumnConversion) {
  const std::string line = "a\xc3\xa9" "b\xe2\x82\xac" "c\xf0\x9d\x94\x98" "d"; // a é b € c 𝔘 d
  // bytes: a=1 é=2,3 b=4 €=5..7 c=8 𝔘=9..12 d=13; units: a=1 é=2 b=3 €=4 c=5 𝔘=6,7 d=8
  EXPECT_EQ(utf16StartColumn(&line, 1), 1u);
  EXPECT_EQ(utf16StartColumn(&line, 4), 3u);
  EXPECT_EQ(utf16StartColumn(&line, 8), 5u);
  EXPECT_EQ(utf16StartColumn(&line, 13), 8u);
  EXPECT_EQ(utf16StartColumn(&line, 3), 2u); // inside é: é starts there
  EXPECT_EQ(utf16EndColumn(&line, 1), 2u);
  EXPECT_EQ(utf16EndColumn(&line, 2), 3u);  // first byte of é: all of é
  EXPECT_EQ(utf16EndColumn(&line, 12), 8u); // last byte of 𝔘: after its 2 units
  EXPECT_EQ(utf16EndColumn(&line, 9), 8u);  // first byte of 𝔘 too
  EXPECT_EQ(utf16EndColumn(&line, 0), 1u);  // an insertion at column 1
  EXPECT_EQ(utf16EndColumn(&line, 15), 11u); // past the end: one unit per byte
  EXPECT_EQ(utf16StartColumn(&line, 16), 11u);
  const std::string bad = "\xff\xc3x"; // invalid bytes count one unit each (U+FFFD)
  EXPECT_EQ(utf16StartColumn(&bad, 3), 3u);
  EXPECT_EQ(utf16EndColumn(&bad, 3), 4u);
  // An encoded surrogate and an overlong form are not UTF-8 either (RFC
  // 3629, support/Utf8.h): nlohmann writes one U+FFFD per byte of them, so
  // each byte is one unit. (The lax lead-byte check took each for one
  // 3-byte character, one unit: x was at 2, not 4.)
  const std::string surrogate = "\xed\xa0\x80x", overlong = "\xe0\x80\x80x";
  EXPECT_EQ(utf16StartColumn(&surrogate, 4), 4u);
  EXPECT_EQ(utf16EndColumn(&surrogate, 4), 5u);
  EXPECT_EQ(utf16StartColumn(&overlong, 4), 4u);
  EXPECT_EQ(utf16StartColumn(nullptr, 7), 7u);
  EXPECT_EQ(utf16EndColumn(nullptr, 7), 8u);
}

TEST(SarifFormat, LineWithoutColumnHasNoColumns) {
  Report r;
  r.findings.push_back(finding("race-shared", Severity::Error, at("a.cu", 5, 0, 7, 0), "m"));
  json region = physical(result(sarif(r), 0)["locations"][0])["region"];
  EXPECT_EQ(region, json({{"startLine", 5}, {"endLine", 7}}));
}

TEST(SarifFormat, NotesAreLinkedRelatedLocations) {
  json s = sarif(goldenReport(), kGoldenRoot);
  const json &race = result(s, 2);
  ASSERT_EQ(race["relatedLocations"].size(), 1u);
  const json &rel = race["relatedLocations"][0];
  EXPECT_EQ(rel["id"], 1);
  EXPECT_EQ(rel["message"]["text"], "the write by thread (32,0,0) is here");
  EXPECT_EQ(physical(rel)["region"]["startLine"], 7);
  EXPECT_EQ(physical(rel)["artifactLocation"]["uri"], "src/reduce.cu");
  // The message links the note; its own brackets are escaped.
  std::string text = race["message"]["text"];
  EXPECT_NE(text.find("\nnote: [the write by thread (32,0,0) is here](1)"), std::string::npos) << text;
  const json &legacy = result(s, 1);
  EXPECT_EQ(legacy["relatedLocations"][0]["id"], 1);
  // Without notes the message is the finding's, brackets and all.
  EXPECT_EQ(result(s, 4)["message"]["text"], "width 24 is not a power of two in [1, 32]");
  EXPECT_FALSE(result(s, 4).contains("relatedLocations"));
}

TEST(SarifFormat, BracketsAreEscapedWhenLinksAreEmbedded) {
  Report r;
  Finding f = finding("race-shared", Severity::Error, at("a.cu", 2, 3), "s[tid] races");
  f.notes.push_back({at("a.cu", 1, 3), "s[tid + 1] is read here"});
  r.findings.push_back(f);
  EXPECT_EQ(result(sarif(r), 0)["message"]["text"], "s\\[tid\\] races\nnote: [s\\[tid + 1\\] is read here](1)");
}

TEST(SarifFormat, CodeFlowRunsThroughTheNotesToTheFinding) {
  Report r;
  std::string src = writeSource("chain.cu", "a\nb\nc\nd\ne\n");
  Finding f = finding("barrier-divergent", Severity::Error, at(src, 5, 1), "call under divergent control");
  f.notes.push_back({at(src, 2, 1), "the 'if' condition is thread-dependent"});
  f.notes.push_back({at(src, 5, 1), "explains the finding in place"}); // same place: not a step
  f.notes.push_back({at(src, 3, 1), "'helper' is called here"});
  f.notes.push_back({SourceRange{}, "nowhere"}); // no place: not a step
  f.notes.push_back({at(src, 4, 1), "'__syncthreads' is called here"});
  r.findings.push_back(f);
  json s = sarif(r);
  ASSERT_EQ(result(s, 0)["codeFlows"].size(), 1u);
  const json &steps = result(s, 0)["codeFlows"][0]["threadFlows"][0]["locations"];
  std::vector<std::pair<int, std::string>> got;
  for (const json &st : steps)
    got.push_back({physical(st["location"])["region"]["startLine"], st["location"]["message"]["text"]});
  std::vector<std::pair<int, std::string>> want = {{2, "the 'if' condition is thread-dependent"},
                                                    {3, "'helper' is called here"},
                                                    {4, "'__syncthreads' is called here"},
                                                    {5, "call under divergent control"}};
  EXPECT_EQ(got, want);
  // Every note is still a related location, in order.
  EXPECT_EQ(result(s, 0)["relatedLocations"].size(), 5u);
  EXPECT_EQ(result(s, 0)["relatedLocations"][3]["id"], 4);
  EXPECT_FALSE(result(s, 0)["relatedLocations"][3].contains("physicalLocation"));
}

TEST(SarifFormat, CodeFlowOnlyWhenNotesLeadElsewhere) {
  json s = sarif(goldenReport(), kGoldenRoot);
  EXPECT_TRUE(result(s, 0).contains("codeFlows"));  // the branch, then the barrier
  EXPECT_TRUE(result(s, 2).contains("codeFlows"));  // the write, then the read
  EXPECT_FALSE(result(s, 1).contains("codeFlows")); // its note is at its own place
  EXPECT_FALSE(result(s, 3).contains("codeFlows")); // no place at all
  EXPECT_FALSE(result(s, 4).contains("codeFlows")); // no notes
  const json &race = result(s, 2)["codeFlows"][0]["threadFlows"][0]["locations"];
  ASSERT_EQ(race.size(), 2u);
  EXPECT_EQ(physical(race[0]["location"])["region"]["startLine"], 7);
  EXPECT_EQ(physical(race[1]["location"])["region"]["startLine"], 11);
}

TEST(SarifFormat, FixItsBecomeOneFix) {
  json s = sarif(goldenReport(), kGoldenRoot);
  const json &fixes = result(s, 1)["fixes"];
  ASSERT_EQ(fixes.size(), 1u);
  ASSERT_EQ(fixes[0]["artifactChanges"].size(), 1u);
  const json &change = fixes[0]["artifactChanges"][0];
  EXPECT_EQ(change["artifactLocation"]["uri"], "src/reduce.cu");
  ASSERT_EQ(change["replacements"].size(), 2u);
  EXPECT_EQ(change["replacements"][0]["deletedRegion"],
            json({{"startLine", 10}, {"startColumn", 8}, {"endLine", 10}, {"endColumn", 19}}));
  EXPECT_EQ(change["replacements"][0]["insertedContent"]["text"], "__shfl_down_sync");
  // An insertion (end one column before the start) deletes an empty region.
  EXPECT_EQ(change["replacements"][1]["deletedRegion"],
            json({{"startLine", 10}, {"startColumn", 20}, {"endLine", 10}, {"endColumn", 20}}));
  EXPECT_EQ(change["replacements"][1]["insertedContent"]["text"], "0xffffffff, ");
  EXPECT_EQ(fixes[0]["description"]["text"], "Apply the 2 edits together");
  EXPECT_FALSE(result(s, 0).contains("fixes"));
}

TEST(SarifFormat, FixItsInTwoFilesAreTwoChangesOfOneFix) {
  Report r;
  Finding f = finding("arch-dependent-signature", Severity::Error, at(inRoot("a.cu"), 1, 1), "m");
  f.fixits.push_back({at(inRoot("a.cu"), 1, 1, 1, 3), "x"});
  f.fixits.push_back({at(inRoot("b.cuh"), 2, 1, 2, 3), "y"});
  f.fixits.push_back({at(inRoot("a.cu"), 3, 1, 3, 3), "z"});
  r.findings.push_back(f);
  json s = sarif(r);
  const json &changes = result(s, 0)["fixes"][0]["artifactChanges"];
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0]["artifactLocation"]["uri"], "a.cu");
  EXPECT_EQ(changes[0]["replacements"].size(), 2u);
  EXPECT_EQ(changes[1]["artifactLocation"]["uri"], "b.cuh");
}

TEST(SarifFormat, PartialFingerprintsAreComputedWhenMissing) {
  Report r = goldenReport();
  json s = sarif(r, kGoldenRoot);
  std::vector<Finding> expected = r.findings;
  assignFingerprints(expected, kGoldenRoot);
  for (size_t i = 0; i < expected.size(); ++i) {
    ASSERT_FALSE(expected[i].fingerprint.empty());
    EXPECT_EQ(result(s, i)["partialFingerprints"], json({{"warpcheckFingerprint/v1", expected[i].fingerprint}}));
  }
  // Those the CLI assigned are kept.
  r.findings[0].fingerprint = "0123456789abcdef:1";
  EXPECT_EQ(result(sarif(r, kGoldenRoot), 0)["partialFingerprints"]["warpcheckFingerprint/v1"], "0123456789abcdef:1");
}

// An edit above a finding moves it down two lines: its fingerprint stays,
// while editing its own line changes it.
TEST(SarifFormat, FingerprintsSurviveLineShifts) {
  std::string file = writeSource("k.cu", "x\n  __syncthreads();\n");
  auto fingerprintAt = [&](unsigned line) {
    Report r;
    r.findings.push_back(finding("barrier-divergent", Severity::Error, at(file, line, 3),
                                 "barrier at line " + std::to_string(line)));
    return result(sarif(r), 0)["partialFingerprints"]["warpcheckFingerprint/v1"].get<std::string>();
  };
  std::string fp = fingerprintAt(2);
  std::ofstream(file, std::ios::binary) << "x\n// a new comment\n\n  __syncthreads();\n";
  EXPECT_EQ(fingerprintAt(4), fp);
  std::ofstream(file, std::ios::binary) << "x\n// a new comment\n\n  __syncwarp();\n";
  EXPECT_NE(fingerprintAt(4), fp);
}

TEST(SarifFormat, RunEvidenceGoesIntoProperties) {
  json s = sarif(goldenReport(), kGoldenRoot);
  const json &props = result(s, 2)["properties"];
  EXPECT_EQ(props["kernel"], "reduce(float const*, float*, unsigned int)");
  EXPECT_EQ(props["block"], json({1, 0, 0}));
  EXPECT_EQ(props["count"], 3);
  EXPECT_EQ(props["relation"], "inter-warp");
  EXPECT_EQ(props["sharedOffset"], 128);
  EXPECT_EQ(props["passes"], json({"run"}));
  ASSERT_EQ(props["accesses"].size(), 2u);
  EXPECT_EQ(props["accesses"][0]["thread"], json({32, 0, 0})); // the example threads, earlier access first
  EXPECT_EQ(props["accesses"][1]["thread"], json({0, 0, 0}));
  EXPECT_EQ(props["accesses"][0]["kind"], "write");
  EXPECT_EQ(props["accesses"][0]["function"], "_Z6reducePKfPfj");
  EXPECT_FALSE(props.contains("mask"));
  // A lint finding has its passes only.
  EXPECT_EQ(result(s, 0)["properties"], json({{"passes", {"host", "sm_90"}}}));
  // An access whose thread is unknown has no thread.
  EXPECT_FALSE(result(s, 3)["properties"]["accesses"][0].contains("thread"));
}

TEST(SarifFormat, RunSummaryGoesIntoRunProperties) {
  json s = sarif(goldenReport(), kGoldenRoot);
  const json &props = run0(s)["properties"];
  EXPECT_EQ(props["program"], json({{"command", {"./app", "--n", "1024"}}, {"exitCode", 0}, {"signal", 0}}));
  EXPECT_EQ(props["launchesChecked"], 2);
  EXPECT_EQ(props["kernels"], json({"reduce(float const*, float*, unsigned int)"}));
  EXPECT_EQ(props["droppedHazards"], 0);

  Report r;
  r.command = "run";
  r.run = RunSummary{};
  r.run->signal = 11;
  r.run->errors = {"the warpcheck runtime did not report from the program"};
  json failed = sarif(r);
  const json &inv = run0(failed)["invocations"][0];
  EXPECT_EQ(inv["executionSuccessful"], false);
  EXPECT_EQ(inv["toolExecutionNotifications"][0]["level"], "error");
  EXPECT_EQ(inv["toolExecutionNotifications"][0]["message"]["text"],
            "the warpcheck runtime did not report from the program");
  EXPECT_EQ(run0(failed)["properties"]["program"]["signal"], 11);
}

TEST(SarifFormat, LintWithoutProblemsSucceeds) {
  Report r;
  r.command = "lint";
  FileStatus ok;
  ok.path = "a.cu";
  ok.passes = {"host"};
  r.files.push_back(ok);
  json s = sarif(r);
  EXPECT_EQ(run0(s)["invocations"][0], json({{"executionSuccessful", true}}));
  EXPECT_EQ(run0(s)["results"], json::array());
  EXPECT_EQ(run0(s)["properties"], json({{"command", "lint"}}));
  ASSERT_EQ(run0(s)["artifacts"].size(), 1u);
  EXPECT_EQ(run0(s)["artifacts"][0]["properties"]["status"], "analyzed");
  EXPECT_EQ(run0(s)["artifacts"][0]["roles"], json({"analysisTarget"}));
}

TEST(SarifFormat, ParseErrorsAndSkippedFilesAreNotifications) {
  json s = sarif(goldenReport(), kGoldenRoot);
  const json &inv = run0(s)["invocations"][0];
  EXPECT_EQ(inv["executionSuccessful"], false);
  const json &notes = inv["toolExecutionNotifications"];
  ASSERT_EQ(notes.size(), 4u); // skipped file, 2 parse errors, 1 run warning
  EXPECT_EQ(notes[0]["level"], "error");
  EXPECT_EQ(notes[0]["descriptor"]["id"], "parse-error");
  EXPECT_EQ(notes[0]["message"]["text"], "expected ';' after expression (sm_90 pass)");
  EXPECT_EQ(physical(notes[0]["locations"][0])["artifactLocation"]["uri"], "src/broken.cu");
  EXPECT_EQ(physical(notes[0]["locations"][0])["region"]["startLine"], 4);
  EXPECT_EQ(notes[0]["properties"]["pass"], "sm_90");
  // A message with no place names the file.
  EXPECT_EQ(notes[1]["properties"]["severity"], "fatal error");
  EXPECT_EQ(physical(notes[1]["locations"][0]), json({{"artifactLocation", {{"uri", "src/broken.cu"}, {"uriBaseId", "%SRCROOT%"}}}}));
  EXPECT_EQ(notes[2]["level"], "warning");
  EXPECT_EQ(notes[2]["descriptor"]["id"], "skipped-file");
  EXPECT_EQ(notes[2]["message"]["text"], "'src/host_only.cpp' was not analysed: not a CUDA source (.cpp)");
  EXPECT_EQ(physical(notes[2]["locations"][0])["artifactLocation"]["uri"], "src/host_only.cpp");
  EXPECT_EQ(notes[3]["descriptor"]["id"], "run-warning");
  EXPECT_EQ(run0(s)["artifacts"].size(), 3u);
  EXPECT_EQ(run0(s)["artifacts"][2]["properties"]["reason"], "not a CUDA source (.cpp)");
}

TEST(SarifFormat, FindingWithoutLocationStaysValid) {
  json s = sarif(goldenReport(), kGoldenRoot);
  const json &loc = result(s, 3)["locations"][0];
  EXPECT_FALSE(loc.contains("physicalLocation"));
  EXPECT_EQ(loc["logicalLocations"],
            json::array({{{"name", "reduce(float const*, float*, unsigned int)"}, {"kind", "function"}}}));
  // A whole-file finding keeps its file, without a region.
  Report r;
  Finding f = finding("arch-dependent-definition", Severity::Error, SourceRange{}, "m");
  f.where.file = inRoot("a.cu");
  r.findings.push_back(f);
  json whole = result(sarif(r), 0)["locations"][0];
  EXPECT_EQ(whole, json({{"physicalLocation", {{"artifactLocation", {{"uri", "a.cu"}, {"uriBaseId", "%SRCROOT%"}}}}}}));
  // Nothing at all: no location, still a result.
  Report none;
  none.findings.push_back(finding("race-shared", Severity::Error, SourceRange{}, "m"));
  EXPECT_EQ(result(sarif(none), 0)["locations"], json::array());
}

TEST(SarifFormat, ResultsAreCappedForGithub) {
  Report r;
  for (unsigned i = 1; i <= 5; ++i)
    r.findings.push_back(finding("race-shared", i % 2 ? Severity::Warning : Severity::Error, at("a.cu", i, 1),
                                 "m" + std::to_string(i)));
  FormatOptions opts = rootedAt(tempRoot());
  opts.maxResults = 3;
  json s = toSarif(r, opts);
  std::vector<std::string> kept;
  for (const json &res : run0(s)["results"]) kept.push_back(res["message"]["text"]);
  // Both errors (lines 2 and 4) and the first warning, in report order.
  EXPECT_EQ(kept, std::vector<std::string>({"m1", "m2", "m4"}));
  const json &note = run0(s)["invocations"][0]["toolExecutionNotifications"][0];
  EXPECT_EQ(note["descriptor"]["id"], "results-limit");
  EXPECT_EQ(note["message"]["text"].get<std::string>().rfind("2 of 5 findings are left out", 0), 0u);
  EXPECT_EQ(kSarifMaxResults, 25000u);
}

TEST(SarifFormat, DeterministicBytes) {
  std::ostringstream a, b;
  writeSarif(a, goldenReport(), rootedAt(kGoldenRoot));
  writeSarif(b, goldenReport(), rootedAt(kGoldenRoot));
  EXPECT_EQ(a.str(), b.str());
  EXPECT_EQ(a.str().back(), '\n');
  EXPECT_EQ(json::parse(a.str()), toSarif(goldenReport(), rootedAt(kGoldenRoot)));
}

TEST(SarifFormat, InvalidUtf8DoesNotThrow) {
  Report r;
  Finding f = finding("race-shared", Severity::Warning, at(inRoot("caf\xe9.cu"), 1, 1), "bad \xff byte");
  f.notes.push_back({at(inRoot("caf\xe9.cu"), 1, 1), "note \xfe"});
  r.findings.push_back(f);
  std::ostringstream os;
  EXPECT_NO_THROW(writeSarif(os, r, rootedAt(tempRoot())));
  json back = json::parse(os.str());
  EXPECT_EQ(back["runs"][0]["results"][0]["message"]["text"],
            "bad \xef\xbf\xbd byte\nnote: [note \xef\xbf\xbd](1)");
  // The path's byte is percent-encoded, so the URI is ASCII.
  EXPECT_EQ(back["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "caf%E9.cu");
  EXPECT_EQ(back["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["endColumn"], 2);
}

TEST(SarifFormat, IsARegisteredFormat) {
  EXPECT_TRUE(isFormat("sarif"));
  EXPECT_NE(formatNames().find("sarif"), std::string::npos);
  FormatOptions fo;
  fo.sourceRoot = kGoldenRoot;
  std::ostringstream os;
  writeReport(os, goldenReport(), "sarif", fo);
  EXPECT_EQ(json::parse(os.str()), toSarif(goldenReport(), rootedAt(kGoldenRoot)));
}

// tests/report/check_sarif.py validates this file against the SARIF 2.1.0
// schema and GitHub's rules. After an intended change to the format,
// regenerate it with WARPCHECK_UPDATE_GOLDEN=1 and review the diff.
TEST(SarifFormat, MatchesGoldenReport) {
  json actual = withPortableRoot(toSarif(goldenReport(), rootedAt(kGoldenRoot)));
  EXPECT_EQ(actual.dump().find(WARPCHECK_SOURCE_DIR), std::string::npos) << "the golden file must not name this checkout";
  if (std::getenv("WARPCHECK_UPDATE_GOLDEN")) {
    std::ofstream(goldenPath(), std::ios::binary) << actual.dump(2) << '\n';
    GTEST_SKIP() << "rewrote " << goldenPath();
  }
  std::ifstream in(goldenPath());
  ASSERT_TRUE(in) << "cannot read " << goldenPath();
  json golden = json::parse(in);
  EXPECT_EQ(withRuleIdsOnly(actual), withRuleIdsOnly(golden))
      << "regenerate with WARPCHECK_UPDATE_GOLDEN=1; actual:\n" << withRuleIdsOnly(actual).dump(2);
}
