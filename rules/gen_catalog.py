#!/usr/bin/env python3
"""Generate the rule catalogue (C++ table) from rules/*.md.

Each rule doc starts with a front-matter block:

    ---
    id: barrier-divergent
    severity: error            # error | warning | note
    halves: static, dynamic    # which halves of warpcheck report it
    run-severity: error        # optional, dynamic half only: what `warpcheck run`
                               # reports at, when it is not `severity`
    summary: One line shown by `warpcheck rules`.
    guide: CUDA C++ Programming Guide §5.4.4.1
    tags: cuda, correctness, synchronization   # SARIF properties.tags (GitHub shows them)
    precision: high            # very-high | high | medium | low: how often a report is real
    ---

followed by the fixed sections (## What it finds, ## Why is this a bug,
## Example, ## Known limits). The whole document is embedded so that
`warpcheck explain` and SARIF help print exactly what is in rules/; the
first paragraph of "## What it finds" (with the list it introduces, when it
ends with a colon), as plain text, is the rule's SARIF fullDescription.

    gen_catalog.py CATALOG.cpp [--ids RuleIds.h] DOC.md...

With --ids it also writes the rules as typed C++ ids (reports/model/RuleId.h):
`rule::BarrierDivergent` carries the id, the severities and the halves, so
code that names a rule which is not in rules/ does not compile.
"""
import re
import sys
from pathlib import Path

REQUIRED_KEYS = ("id", "severity", "halves", "summary", "guide", "tags", "precision")
REQUIRED_SECTIONS = ("## What it finds", "## Why is this a bug", "## Example", "## Known limits")
SEVERITIES = ("error", "warning", "note")
HALVES = ("static", "dynamic")
PRECISIONS = ("very-high", "high", "medium", "low")  # SARIF / GitHub code scanning
MAX_TAGS = 10  # GitHub code scanning shows 10 tags per rule


def fail(path, msg):
    sys.exit(f"{path}: error: {msg}")


def parse(path):
    text = path.read_text(encoding="utf-8")
    m = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if not m:
        fail(path, "missing front matter (--- ... ---)")
    meta = {}
    for n, line in enumerate(m.group(1).splitlines(), start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            fail(path, f"line {n}: expected 'key: value'")
        # A comment needs two spaces before its '#': a summary may say "#if".
        meta[key.strip()] = re.split(r"\s{2,}#", value)[0].strip()
    for key in REQUIRED_KEYS:
        if not meta.get(key):
            fail(path, f"front matter lacks '{key}'")
    if meta["id"] != path.stem:
        fail(path, f"id '{meta['id']}' does not match the file name")
    if not re.fullmatch(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*", meta["id"]):
        fail(path, "id must be lowercase words (a-z, 0-9) joined by '-': it becomes a C++ name")
    if meta["severity"] not in SEVERITIES:
        fail(path, f"severity must be one of {SEVERITIES}")
    halves = [h.strip() for h in meta["halves"].split(",")]
    if not halves or any(h not in HALVES for h in halves):
        fail(path, f"halves must be a list of {HALVES}")
    tags = [t.strip() for t in meta["tags"].split(",")]
    if any(not re.fullmatch(r"[a-z0-9][a-z0-9-]*", t) for t in tags):
        fail(path, "tags must be a comma list of lowercase words (a-z, 0-9, -)")
    if len(set(tags)) != len(tags) or len(tags) > MAX_TAGS:
        fail(path, f"tags must be distinct and at most {MAX_TAGS}")
    if meta["precision"] not in PRECISIONS:
        fail(path, f"precision must be one of {PRECISIONS}")
    run_severity = meta.get("run-severity", meta["severity"])
    if run_severity not in SEVERITIES:
        fail(path, f"run-severity must be one of {SEVERITIES}")
    if "run-severity" in meta and "dynamic" not in halves:
        fail(path, "run-severity is for rules of the dynamic half (halves: dynamic)")
    body = text[m.end():]
    for section in REQUIRED_SECTIONS:
        if section not in body:
            fail(path, f"missing section '{section}'")
    description = first_paragraph(body, "## What it finds")
    if not description:
        fail(path, "'## What it finds' must start with a paragraph")
    return (meta["id"], meta["severity"], halves, meta["summary"], meta["guide"], body.strip() + "\n",
            description, tags, meta["precision"], run_severity)


def plain_text(markdown):
    """Inline markdown as plain text: code spans keep their text, links their
    label, emphasis markers and list bullets go, whitespace collapses."""
    out = []
    for i, part in enumerate(re.split(r"(`[^`]*`)", markdown)):
        if i % 2:
            out.append(part[1:-1])
            continue
        part = re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", part, flags=re.M)
        part = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", part)
        part = re.sub(r"(\*\*?)(\S(?:.*?\S)?)\1", r"\2", part)
        out.append(part)
    return " ".join("".join(out).split())


def first_paragraph(body, heading):
    """The first paragraph under `heading`, plus the list it introduces when
    it ends with a colon, as plain text."""
    section = re.split(r"^## ", body.split(heading, 1)[1], flags=re.M)[0]
    blocks = [b.strip() for b in re.split(r"\n[ \t]*\n", section.strip()) if b.strip()]
    if not blocks or blocks[0].startswith("```"):
        return ""
    text = blocks[0]
    if text.endswith(":") and len(blocks) > 1 and re.match(r"(?:[-*+]|\d+\.)\s", blocks[1]):
        text += "\n" + blocks[1]
    return plain_text(text)


def cxx_string(s):
    # Raw string literal with a delimiter that cannot occur in the docs.
    if ')wcdoc"' in s:
        raise SystemExit("rule doc contains the raw-string delimiter")
    return 'R"wcdoc(' + s + ')wcdoc"'


def type_name(rule_id):
    """barrier-divergent -> BarrierDivergent, the rule's name in C++."""
    return "".join(word[:1].upper() + word[1:] for word in rule_id.split("-"))


def rule_ids_header(rows):
    lines = ["// Generated by rules/gen_catalog.py from rules/*.md. Do not edit.",
             "// Each rule of the catalogue as a typed id (reports/model/RuleId.h).",
             "#pragma once", '#include "reports/model/RuleId.h"', "", "namespace warpcheck::rule {", ""]
    names = {}
    for rid, sev, halves, *_, run_sev in rows:
        name = type_name(rid)
        if name in names:
            raise SystemExit(f"rules '{names[name]}' and '{rid}' both become rule::{name}")
        names[name] = rid
        lines.append('inline constexpr RuleId %s{"%s", Severity::%s, Severity::%s, %s, %s};' % (
            name, rid, sev.capitalize(), run_sev.capitalize(),
            "true" if "static" in halves else "false", "true" if "dynamic" in halves else "false"))
    lines += ["", "// Every rule, in the catalogue's order.",
              "inline constexpr const RuleId *kAll[] = {"]
    lines += ["    &%s," % name for name in names]
    lines += ["};", "", "} // namespace warpcheck::rule", ""]
    return "\n".join(lines)


def write_if_changed(out, text):
    # Unchanged outputs keep their time stamp: nothing that includes them rebuilds.
    if not out.exists() or out.read_text() != text:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text)


def main():
    args = sys.argv[1:]
    ids = None
    if "--ids" in args:
        at = args.index("--ids")
        if at + 1 >= len(args):
            sys.exit("gen_catalog.py: --ids needs a file name")
        ids = Path(args[at + 1])
        del args[at:at + 2]
    if not args:
        sys.exit("usage: gen_catalog.py CATALOG.cpp [--ids RuleIds.h] DOC.md...")
    out, docs = Path(args[0]), sorted(Path(p) for p in args[1:])
    rows = [parse(p) for p in docs]
    lines = ["// Generated by rules/gen_catalog.py from rules/*.md. Do not edit.",
             '#include "reports/model/RuleCatalog.h"', "namespace warpcheck {",
             "const std::vector<RuleInfo> &ruleCatalog() {",
             "  static const std::vector<RuleInfo> rules = {"]
    for rid, sev, halves, summary, guide, body, description, tags, precision, _ in rows:
        lines.append("    {%s, Severity::%s, %s, %s, %s, %s, %s, %s, {%s}, %s}," % (
            cxx_string(rid), sev.capitalize(),
            "true" if "static" in halves else "false",
            "true" if "dynamic" in halves else "false",
            cxx_string(summary), cxx_string(guide), cxx_string(body), cxx_string(description),
            ", ".join(cxx_string(t) for t in tags), cxx_string(precision)))
    lines += ["  };", "  return rules;", "}", "} // namespace warpcheck", ""]
    write_if_changed(out, "\n".join(lines))
    if ids:
        write_if_changed(ids, rule_ids_header(rows))


if __name__ == "__main__":
    main()
