#!/usr/bin/env python3
"""The build-time renderer of rule docs (reports/formats/html/markdown_html.py,
run by gen_rule_docs.py): the blocks rules/*.md use, markup left unclosed,
escaping, and every rule doc rendered with its sections.

    check_markdown_html.py
"""
import os
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "reports" / "formats" / "html"))
from markdown_html import escape, markdown_to_html  # noqa: E402


class MarkdownToHtml(unittest.TestCase):
    def test_blocks_of_rule_docs(self):
        md = ("## What it finds\n\nA barrier **reached** by `a < b` and\nmore text.\n\n"
              "- first item\n  continued\n- second `x**y`\n\n1. one\n2. two\n\nBuggy:\n\n"
              "```cuda\nif (x < 1) {\n\n  f();\n}\n```\n#if is running text\n")
        self.assertEqual(markdown_to_html(md),
                         "<h4>What it finds</h4>"
                         "<p>A barrier <strong>reached</strong> by <code>a &lt; b</code> and more text.</p>"
                         "<ul><li>first item continued</li><li>second <code>x**y</code></li></ul>"
                         "<ol><li>one</li><li>two</li></ol>"
                         "<p>Buggy:</p>"
                         "<pre class=\"doc-code\"><code>if (x &lt; 1) {\n\n  f();\n}</code></pre>"
                         "<p>#if is running text</p>")

    def test_unclosed_markup_stays_closed_in_html(self):
        self.assertEqual(markdown_to_html("**bold `tick\n"), "<p><strong>bold `tick</strong></p>")
        self.assertEqual(markdown_to_html("```\n<script>\n"), "<pre class=\"doc-code\"><code>&lt;script&gt;</code></pre>")

    def test_escapes_as_the_report_does(self):
        self.assertEqual(escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        self.assertEqual(escape("\x1b[0m\x7f\x9b\u00a0"), "\u241b[0m\u2421\ufffd\u00a0")

    def test_every_rule_doc_renders(self):
        docs = [p for p in sorted((ROOT / "rules").glob("*.md")) if p.name not in ("README.md", "TEMPLATE.md")]
        self.assertTrue(docs)
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "RuleDocs.gen.cpp"
            gen = ROOT / "reports" / "formats" / "html" / "gen_rule_docs.py"
            self.assertEqual(os.system(f"{sys.executable} {gen} {out} " + " ".join(map(str, docs))), 0)
            text = out.read_text()
        for doc in docs:
            self.assertIn('{R"wcdoc(%s)wcdoc", R"wcdoc(<h4>' % doc.stem, text)
        self.assertEqual(text.count("<h4>What it finds</h4>"), len(docs))


if __name__ == "__main__":
    unittest.main()
