"""The subset of markdown that rules/*.md use, as HTML for a rule's
"explain" panel of the HTML report: `#` headings (as <h4>, below the page's
own headings), paragraphs, `-` and `1.` lists with indented continuation
lines, ``` fenced code, `code` and **bold**. Anything else stays as
(escaped) text. Run at build time by gen_rule_docs.py: the docs are fixed
inputs, so the report carries their HTML and renders nothing itself."""
import re


ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}


def escape_char(c):
    if c in ENTITIES:
        return ENTITIES[c]
    if c in "\t\n":
        return c
    if ord(c) < 0x20:
        return chr(0x2400 + ord(c))  # a C0 control as its control picture
    if c == "\x7f":
        return "\u2421"
    if 0x80 <= ord(c) < 0xA0:
        return "\ufffd"  # a C1 control
    return c


def escape(text):
    """As reports/formats/html/Escape.cpp escapes text and attributes."""
    return "".join(escape_char(c) for c in text)


def inline_html(text):
    """`code` spans first (their text is literal), then **bold** in the rest."""
    out, i, bold = [], 0, False
    while i < len(text):
        tick, stars = text.find("`", i), text.find("**", i)
        close = -1 if tick < 0 else text.find("`", tick + 1)
        if close >= 0 and (stars < 0 or tick < stars):
            out.append(escape(text[i:tick]) + "<code>" + escape(text[tick + 1:close]) + "</code>")
            i = close + 1
        elif stars >= 0:
            out.append(escape(text[i:stars]) + ("</strong>" if bold else "<strong>"))
            bold = not bold
            i = stars + 2
        else:
            out.append(escape(text[i:]))
            break
    if bold:
        out.append("</strong>")
    return "".join(out)


def is_heading(line):
    """"## Title" (not "#if" in running text)."""
    m = re.match(r"#+", line)
    return bool(m) and len(line) > m.end() and line[m.end()] == " "


def list_item(line):
    """(ordered, text) of "- item" or "12. item", else None."""
    if line.startswith("- ") or line.startswith("* "):
        return False, line[2:]
    m = re.match(r"[0-9]+\. ", line)
    return (True, line[m.end():]) if m else None


class Renderer:
    def __init__(self):
        self.out, self.text = [], ""
        self.list = self.ordered = self.item = False

    def render(self, md):
        fenced, first_code_line = False, True
        lines = md.split("\n")
        if lines and lines[-1] == "":
            lines.pop()  # std::getline sees no line after a final newline
        for line in lines:
            if line.startswith("```"):
                self.flush()
                self.out.append("</code></pre>" if fenced else '<pre class="doc-code"><code>')
                fenced, first_code_line = not fenced, True
                continue
            if fenced:
                self.out.append(("" if first_code_line else "\n") + escape(line))
                first_code_line = False
                continue
            stripped = line.lstrip(" ")
            indent = len(line) - len(stripped)
            item = list_item(line)
            if not stripped:
                self.flush()
            elif is_heading(line):
                self.flush()
                self.out.append("<h4>" + inline_html(line[line.index(" ") + 1:]) + "</h4>")
            elif item:
                ordered, text = item
                self.end_item()
                if self.list and self.ordered != ordered:
                    self.flush()
                if not self.list:
                    self.end_paragraph()
                    self.out.append("<ol>" if ordered else "<ul>")
                    self.list, self.ordered = True, ordered
                self.text, self.item = text, True
            elif self.item and indent > 0:
                self.text += " " + line[indent:]  # an item's continuation line
            else:
                self.end_item()
                if self.list:
                    self.flush()
                self.text += ("" if not self.text else " ") + line[indent:]
        if fenced:
            self.out.append("</code></pre>")
        self.flush()
        return "".join(self.out)

    def end_item(self):
        if not self.item:
            return
        self.out.append("<li>" + inline_html(self.text) + "</li>")
        self.text, self.item = "", False

    def end_paragraph(self):
        if self.text:
            self.out.append("<p>" + inline_html(self.text) + "</p>")
        self.text = ""

    def flush(self):
        self.end_item()
        if self.list:
            self.out.append("</ol>" if self.ordered else "</ul>")
        self.list = False
        self.end_paragraph()


def markdown_to_html(markdown):
    return Renderer().render(markdown)
