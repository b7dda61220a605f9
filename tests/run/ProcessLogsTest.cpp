// The files the processes of one run leave: per-process raw logs and the
// file-backed journals of launches still running when a process ended.
#include "runtime/common/Journal.h"
#include "runtime/host/ProcessLogs.h"
#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace warpcheck::run;
using warpcheck::patch::FindingRecord;

namespace {

struct TempDir {
  std::string path;
  TempDir() {
    char templ[] = "/tmp/warpcheck-proclogs-XXXXXX";
    path = mkdtemp(templ);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

// A journal file as the injection library leaves it: header, then records.
void writeJournal(const std::string &path, bool inFlight, const std::vector<FindingRecord> &records,
                  uint32_t capacity = 8, const char *magic = kJournalMagic) {
  std::string bytes(journalFileBytes(capacity), '\0');
  JournalHeader h{};
  std::memcpy(h.magic, magic, sizeof h.magic);
  h.capacity = capacity;
  h.inFlight = inFlight;
  h.module = 2;
  h.functionPc = 0x1000;
  h.functionSize = 0x100;
  h.blockDim[0] = 128;
  h.gridDim[0] = 4;
  std::strcpy(h.function, "_Z4spinPi");
  std::memcpy(bytes.data(), &h, sizeof h);
  for (size_t i = 0; i < records.size(); ++i)
    std::memcpy(bytes.data() + kJournalHeaderBytes + i * sizeof(FindingRecord), &records[i], sizeof(FindingRecord));
  std::ofstream(path, std::ios::binary) << bytes;
}

FindingRecord record(uint64_t pc1, uint64_t pc2, bool ready) {
  FindingRecord r{};
  r.key = pc1 ^ pc2;
  r.pc1 = pc1;
  r.pc2 = pc2;
  r.count = 1;
  r.kind = 1;
  r.thread1 = 3;
  r.thread2 = 35;
  r.ready = ready;
  return r;
}

void writeLog(const std::string &path, uint64_t pid, const std::string &program, uint64_t launches) {
  RawLog log;
  log.pid = pid;
  log.program = program;
  log.launches = launches;
  log.finished = true;
  std::string error;
  ASSERT_TRUE(writeRawLog(path, log, error)) << error;
}

} // namespace

TEST(Journal, ReadsTheReadyRecordsOfTheRunningLaunch) {
  TempDir d;
  std::string path = d.path + "/journal-7-0.bin";
  // The second record was being written when the process died: not ready.
  writeJournal(path, true, {record(0x1010, 0x1020, true), record(0x1030, 0x1040, false)});
  JournalContents j;
  std::string error;
  ASSERT_TRUE(readJournal(path, j, error)) << error;
  EXPECT_TRUE(j.inFlight);
  EXPECT_EQ(j.kernel, "_Z4spinPi");
  ASSERT_EQ(j.records.size(), 1u);
  const RawRecord &r = j.records[0];
  EXPECT_EQ(r.kernel, "_Z4spinPi");
  EXPECT_EQ(r.first.function, "_Z4spinPi");
  EXPECT_EQ(r.first.offset, 0x10u);
  EXPECT_EQ(r.second.offset, 0x20u);
  EXPECT_EQ(r.first.module, 2u);
  EXPECT_EQ(r.blockDim[0], 128u);
  EXPECT_EQ(r.gridDim[0], 4u);
  EXPECT_EQ(r.thread2, 35u);
}

TEST(Journal, NoLaunchRunningMeansNoRecords) {
  TempDir d;
  std::string path = d.path + "/journal-7-0.bin";
  writeJournal(path, false, {record(0x1010, 0x1020, true)});
  JournalContents j;
  std::string error;
  ASSERT_TRUE(readJournal(path, j, error)) << error;
  EXPECT_FALSE(j.inFlight);
  EXPECT_TRUE(j.records.empty());
}

TEST(Journal, RejectsOtherFilesAndShortOnes) {
  TempDir d;
  JournalContents j;
  std::string error;
  std::string other = d.path + "/other.bin";
  writeJournal(other, true, {}, 8, "notjrnl");
  EXPECT_FALSE(readJournal(other, j, error));
  EXPECT_NE(error.find("not a warpcheck journal"), std::string::npos) << error;
  std::string shortFile = d.path + "/short.bin";
  writeJournal(shortFile, true, {});
  std::filesystem::resize_file(shortFile, kJournalHeaderBytes + 10);
  EXPECT_FALSE(readJournal(shortFile, j, error));
  EXPECT_NE(error.find("cut short"), std::string::npos) << error;
  EXPECT_FALSE(readJournal(d.path + "/missing.bin", j, error));
}

TEST(ProcessLogs, TheProgramsLogComesFirstThenTheOthersByPid) {
  TempDir d;
  writeLog(d.path + "/raw-900-0.json", 900, "/bin/child", 1);
  writeLog(d.path + "/raw-50-0.json", 50, "/bin/grandchild", 2);
  writeLog(d.path + "/raw-100-0.json", 100, "/bin/app", 3);
  writeLog(d.path + "/raw-100-1.json", 100, "/bin/app-after-exec", 4);
  std::ofstream(d.path + "/raw-901-0.json"); // reserved, never written
  std::ofstream(d.path + "/raw-x-0.json") << "{}"; // not ours
  std::vector<ProcessLog> logs = readProcessLogs(d.path + "/raw", 100);
  ASSERT_EQ(logs.size(), 5u);
  EXPECT_EQ(logs[0].pid, 100u);
  EXPECT_EQ(logs[0].image, 0);
  EXPECT_EQ(logs[0].log.program, "/bin/app");
  EXPECT_EQ(logs[1].log.program, "/bin/app-after-exec");
  EXPECT_EQ(logs[2].pid, 50u);
  EXPECT_EQ(logs[3].pid, 900u);
  EXPECT_EQ(logs[4].pid, 901u);
  EXPECT_FALSE(logs[4].read);
  EXPECT_EQ(logs[4].error, "it wrote nothing");
}

TEST(ProcessLogs, AJournalOfARunningLaunchJoinsItsProcesssLatestLog) {
  TempDir d;
  writeLog(d.path + "/raw-100-0.json", 100, "/bin/app", 1);
  writeLog(d.path + "/raw-100-1.json", 100, "/bin/app2", 1);
  writeLog(d.path + "/raw-200-0.json", 200, "/bin/child", 1);
  writeJournal(d.path + "/journal-100-0.bin", true, {record(0x1010, 0x1020, true), record(0x1030, 0x1040, true)});
  writeJournal(d.path + "/journal-200-0.bin", false, {record(0x1010, 0x1020, true)});
  writeJournal(d.path + "/journal-300-0.bin", true, {record(0x1010, 0x1020, true)});
  std::vector<ProcessLog> logs = readProcessLogs(d.path + "/raw", 100);
  std::vector<InterruptedLaunch> interrupted;
  std::vector<std::string> problems;
  addJournals(d.path, logs, interrupted, problems);
  ASSERT_EQ(logs.size(), 3u);
  EXPECT_TRUE(logs[0].log.records.empty());
  EXPECT_EQ(logs[1].log.records.size(), 2u);
  EXPECT_TRUE(logs[2].log.records.empty());
  EXPECT_TRUE(problems.empty());
  ASSERT_EQ(interrupted.size(), 2u);
  std::string all = describe(interrupted[0]) + "\n" + describe(interrupted[1]);
  EXPECT_NE(all.find("ended while spin(int*) was running; the 2 finding(s)"), std::string::npos) << all;
  EXPECT_NE(all.find("pid 300"), std::string::npos) << all;
}
