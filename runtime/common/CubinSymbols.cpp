#include "runtime/common/CubinSymbols.h"
#include <cstring>
#include <elf.h>
#include <string>
#include <vector>

namespace warpcheck::run {

namespace {

// A 64-bit ELF image's section headers, and the strings of its tables.
struct ElfSections {
  const char *image;
  size_t size;
  std::vector<Elf64_Shdr> sections;
  bool inImage(const Elf64_Shdr &s) const { return s.sh_offset <= size && s.sh_size <= size - s.sh_offset; }
  std::string string(const Elf64_Shdr &table, size_t at) const {
    if (!inImage(table) || at >= table.sh_size) return "";
    const char *p = image + table.sh_offset + at;
    return std::string(p, strnlen(p, table.sh_size - at));
  }
  const Elf64_Shdr *names = nullptr; // the section-name string table
};
// False when `image` is not a 64-bit ELF whose headers lie inside it.
bool readSections(const char *image, size_t size, ElfSections &out) {
  if (!image || size < sizeof(Elf64_Ehdr) || std::memcmp(image, ELFMAG, SELFMAG) != 0 ||
      image[EI_CLASS] != ELFCLASS64)
    return false;
  Elf64_Ehdr eh;
  std::memcpy(&eh, image, sizeof eh);
  if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff + (size_t)eh.e_shnum * sizeof(Elf64_Shdr) > size)
    return false;
  out.image = image;
  out.size = size;
  out.sections.resize(eh.e_shnum);
  std::memcpy(out.sections.data(), image + eh.e_shoff, eh.e_shnum * sizeof(Elf64_Shdr));
  if (eh.e_shstrndx >= out.sections.size()) return false;
  out.names = &out.sections[eh.e_shstrndx];
  return true;
}

// Calls fn(index, symbol, name, section name) for each symbol of the
// image's symbol tables; with `undefinedToo`, for the symbols it imports as
// well (section name "").
template <class Fn> void forEachSymbol(const char *image, size_t size, Fn &&fn, bool undefinedToo = false) {
  ElfSections elf;
  if (!readSections(image, size, elf)) return;
  const std::vector<Elf64_Shdr> &sections = elf.sections;
  for (const Elf64_Shdr &symtab : sections) {
    if (symtab.sh_type != SHT_SYMTAB || !elf.inImage(symtab) || symtab.sh_link >= sections.size()) continue;
    const Elf64_Shdr &strtab = sections[symtab.sh_link];
    size_t count = symtab.sh_size / sizeof(Elf64_Sym);
    for (size_t i = 0; i < count; ++i) {
      Elf64_Sym sym;
      std::memcpy(&sym, image + symtab.sh_offset + i * sizeof(Elf64_Sym), sizeof sym);
      if (sym.st_shndx == SHN_UNDEF && undefinedToo && sym.st_name) {
        fn(i, sym, elf.string(strtab, sym.st_name), std::string());
        continue;
      }
      if (sym.st_shndx == SHN_UNDEF || sym.st_shndx >= sections.size()) continue;
      fn(i, sym, elf.string(strtab, sym.st_name), elf.string(*elf.names, sections[sym.st_shndx].sh_name));
    }
  }
}

} // namespace

std::vector<std::string> deviceVariables(const char *image, size_t size) {
  std::vector<std::string> out;
  forEachSymbol(image, size, [&](size_t, const Elf64_Sym &sym, const std::string &name, const std::string &section) {
    if (ELF64_ST_TYPE(sym.st_info) == STT_OBJECT && section.rfind(".nv.global", 0) == 0 && !name.empty())
      out.push_back(name);
  });
  return out;
}

bool callsDeviceMalloc(const char *image, size_t size) {
  bool found = false;
  forEachSymbol(
      image, size,
      [&](size_t, const Elf64_Sym &sym, const std::string &name, const std::string &) {
        if (sym.st_shndx == SHN_UNDEF && (name == "malloc" || name == "__cuda_syscall_aligned_malloc")) found = true;
      },
      true);
  return found;
}

bool hasLineInfo(const char *image, size_t size) {
  ElfSections elf;
  if (!readSections(image, size, elf)) return false;
  for (const Elf64_Shdr &s : elf.sections) {
    std::string name = elf.string(*elf.names, s.sh_name);
    if (name == ".debug_line" || name == ".nv_debug_line_sass") return true;
  }
  return false;
}

long functionSymbolIndex(const char *image, size_t size, const std::string &name) {
  long found = -1;
  forEachSymbol(image, size, [&](size_t i, const Elf64_Sym &sym, const std::string &n, const std::string &) {
    if (found < 0 && ELF64_ST_TYPE(sym.st_info) == STT_FUNC && n == name) found = (long)i;
  });
  return found;
}

std::map<std::string, long> functionSymbols(const char *image, size_t size) {
  std::map<std::string, long> out;
  forEachSymbol(image, size, [&](size_t i, const Elf64_Sym &sym, const std::string &n, const std::string &) {
    if (ELF64_ST_TYPE(sym.st_info) == STT_FUNC && !n.empty()) out.emplace(n, (long)i);
  });
  return out;
}

} // namespace warpcheck::run
