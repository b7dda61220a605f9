#pragma once
// A function of `nvdisasm -bbcfg` output as the SASS analyses read it: basic
// blocks of instructions (opcode with modifiers, operands) and their
// predecessors. Parsed by SassAccessIndex.cpp; internal to the analyses of
// runtime/common.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpcheck::run::sass {

struct Instruction {
  uint64_t offset;
  bool predicated;
  std::string opcode;   // with its modifiers: ATOMG.E.ADD.STRONG.GPU
  std::string operands; // the rest, up to the `;`: `0x1, 0x80`
};

struct Block {
  std::vector<Instruction> code;
  std::vector<size_t> preds;
};

struct Function {
  std::string name;
  std::vector<Block> blocks; // blocks[0] is the entry
  std::map<std::string, size_t> byNode;
};

// The opcode without its modifiers: ATOMG.E.ADD -> ATOMG.
inline std::string root(const std::string &opcode) { return opcode.substr(0, opcode.find('.')); }
inline bool has(const std::string &opcode, const char *part) { return opcode.find(part) != std::string::npos; }

} // namespace warpcheck::run::sass
