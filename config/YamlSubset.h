#pragma once
// A reader for the subset of YAML that `.warpcheck.yaml` uses, with no
// dependency: the GPU build of the CLI has neither LLVM nor yaml-cpp.
//
// Read:
//   - block mappings (`key: value`, keys plain or quoted, unique);
//   - block sequences (`- item`), also at the indentation of their key;
//   - flow sequences (`[a, 'b', "c"]`), which may span lines and end with a
//     comma; `{}` as the empty mapping;
//   - plain, 'single-quoted' ('' is a quote) and "double-quoted" scalars
//     (escapes \\ \" \/ \0 \a \b \t \n \v \f \r \e \xNN \uNNNN \UNNNNNNNN);
//   - `#` comments, one `---` before the content, LF or CRLF line ends, a
//     UTF-8 byte order mark.
// Everything else YAML has is an error at its line and column, never read
// as something else: anchors and aliases, tags, block scalars (`|`, `>`),
// flow mappings, plain or quoted scalars over several lines, several
// documents, directives, complex keys (`? `), tabs in indentation, control
// characters. Every scalar is a string (`true`, `80`, `null` too): the
// schema reading the tree decides what a value means. Nesting is limited to
// 64 levels. Lines and columns count from 1; columns count bytes.
#include <string>
#include <string_view>
#include <vector>

namespace warpcheck {

struct YamlEntry;

struct YamlNode {
  enum class Kind { Null, Scalar, Sequence, Mapping };
  Kind kind = Kind::Null; // Null: `key:` with nothing after it, or an empty file
  unsigned line = 0, column = 0;
  std::string value;              // Scalar
  std::vector<YamlNode> items;    // Sequence
  std::vector<YamlEntry> entries; // Mapping, in file order
};

struct YamlEntry {
  std::string key;
  unsigned line = 0, column = 0; // of the key
  YamlNode value;
};

struct YamlError {
  unsigned line = 0, column = 0;
  std::string message;
};

// The document in `text`; a Null node at 1:1 when it holds only comments.
// False with `error` set at the first problem.
bool parseYaml(std::string_view text, YamlNode &out, YamlError &error);

// `value` as a scalar that parseYaml reads back unchanged, in a block or a
// flow context: plain when that is safe, else single- or double-quoted.
std::string yamlScalar(const std::string &value);

// "a mapping", "a list", "a value", "nothing": for schema errors.
const char *yamlKindName(YamlNode::Kind kind);

} // namespace warpcheck
