#include "runtime/CubinSymbols.h"
#include <cstring>
#include <elf.h>

namespace warpcheck::run {

std::vector<std::string> deviceVariables(const char *image, size_t size) {
  std::vector<std::string> out;
  if (!image || size < sizeof(Elf64_Ehdr) || std::memcmp(image, ELFMAG, SELFMAG) != 0 ||
      image[EI_CLASS] != ELFCLASS64)
    return out;
  Elf64_Ehdr eh;
  std::memcpy(&eh, image, sizeof eh);
  if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff + (size_t)eh.e_shnum * sizeof(Elf64_Shdr) > size)
    return out;
  std::vector<Elf64_Shdr> sections(eh.e_shnum);
  std::memcpy(sections.data(), image + eh.e_shoff, eh.e_shnum * sizeof(Elf64_Shdr));
  auto inImage = [&](const Elf64_Shdr &s) { return s.sh_offset <= size && s.sh_size <= size - s.sh_offset; };
  auto string = [&](const Elf64_Shdr &table, size_t at) -> std::string {
    if (!inImage(table) || at >= table.sh_size) return "";
    const char *p = image + table.sh_offset + at;
    return std::string(p, strnlen(p, table.sh_size - at));
  };
  if (eh.e_shstrndx >= sections.size()) return out;
  const Elf64_Shdr &names = sections[eh.e_shstrndx];
  for (const Elf64_Shdr &symtab : sections) {
    if (symtab.sh_type != SHT_SYMTAB || !inImage(symtab) || symtab.sh_link >= sections.size()) continue;
    const Elf64_Shdr &strtab = sections[symtab.sh_link];
    size_t count = symtab.sh_size / sizeof(Elf64_Sym);
    for (size_t i = 0; i < count; ++i) {
      Elf64_Sym sym;
      std::memcpy(&sym, image + symtab.sh_offset + i * sizeof(Elf64_Sym), sizeof sym);
      if (ELF64_ST_TYPE(sym.st_info) != STT_OBJECT || sym.st_shndx == SHN_UNDEF || sym.st_shndx >= sections.size())
        continue;
      if (string(names, sections[sym.st_shndx].sh_name).rfind(".nv.global", 0) != 0) continue;
      std::string name = string(strtab, sym.st_name);
      if (!name.empty()) out.push_back(name);
    }
  }
  return out;
}

} // namespace warpcheck::run
