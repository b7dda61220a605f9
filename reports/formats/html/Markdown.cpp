#include "reports/formats/html/Markdown.h"
#include "reports/formats/html/Escape.h"
#include <sstream>
#include <vector>

namespace warpcheck::html {
namespace {

// `code` spans first (their text is literal), then **bold** in the rest.
std::string inlineHtml(const std::string &text) {
  std::string out;
  size_t i = 0;
  bool bold = false;
  while (i < text.size()) {
    size_t tick = text.find('`', i), stars = text.find("**", i);
    size_t close = tick == std::string::npos ? std::string::npos : text.find('`', tick + 1);
    if (close != std::string::npos && (stars == std::string::npos || tick < stars)) {
      out += escape(text.substr(i, tick - i)) + "<code>" + escape(text.substr(tick + 1, close - tick - 1)) + "</code>";
      i = close + 1;
    } else if (stars != std::string::npos) {
      out += escape(text.substr(i, stars - i)) + (bold ? "</strong>" : "<strong>");
      bold = !bold;
      i = stars + 2;
    } else {
      out += escape(text.substr(i));
      break;
    }
  }
  if (bold) out += "</strong>";
  return out;
}

bool startsWith(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

// "## Title" (not "#if" in running text).
bool heading(const std::string &line) {
  size_t hashes = line.find_first_not_of('#');
  return hashes > 0 && hashes != std::string::npos && line[hashes] == ' ';
}

// "- item" or "12. item": true, with the item's text.
bool listItem(const std::string &line, bool &ordered, std::string &text) {
  if (startsWith(line, "- ") || startsWith(line, "* ")) {
    ordered = false;
    text = line.substr(2);
    return true;
  }
  size_t digits = line.find_first_not_of("0123456789");
  if (digits > 0 && digits != std::string::npos && line.compare(digits, 2, ". ") == 0) {
    ordered = true;
    text = line.substr(digits + 2);
    return true;
  }
  return false;
}

class Renderer {
public:
  std::string render(const std::string &md) {
    std::istringstream in(md);
    bool fenced = false;
    for (std::string line; std::getline(in, line);) {
      if (startsWith(line, "```")) {
        flush();
        out_ += fenced ? "</code></pre>" : "<pre class=\"doc-code\"><code>";
        fenced = !fenced;
        firstCodeLine_ = true;
        continue;
      }
      if (fenced) {
        out_ += (firstCodeLine_ ? "" : "\n") + escape(line);
        firstCodeLine_ = false;
        continue;
      }
      bool ordered = false;
      std::string itemText;
      size_t indent = line.find_first_not_of(' ');
      if (indent == std::string::npos) {
        flush();
      } else if (heading(line)) {
        flush();
        out_ += "<h4>" + inlineHtml(line.substr(line.find(' ') + 1)) + "</h4>";
      } else if (listItem(line, ordered, itemText)) {
        endItem();
        if (list_ && listOrdered_ != ordered) flush();
        if (!list_) {
          endParagraph();
          out_ += ordered ? "<ol>" : "<ul>";
          list_ = true;
          listOrdered_ = ordered;
        }
        text_ = itemText;
        item_ = true;
      } else if (item_ && indent > 0) {
        text_ += " " + line.substr(indent); // an item's continuation line
      } else {
        endItem();
        if (list_) flush();
        text_ += (text_.empty() ? "" : " ") + line.substr(indent);
      }
    }
    if (fenced) out_ += "</code></pre>";
    flush();
    return out_;
  }

private:
  void endItem() {
    if (!item_) return;
    out_ += "<li>" + inlineHtml(text_) + "</li>";
    text_.clear();
    item_ = false;
  }
  void endParagraph() {
    if (!text_.empty()) out_ += "<p>" + inlineHtml(text_) + "</p>";
    text_.clear();
  }
  void flush() {
    endItem();
    if (list_) out_ += listOrdered_ ? "</ol>" : "</ul>";
    list_ = false;
    endParagraph();
  }

  std::string out_, text_;
  bool list_ = false, listOrdered_ = false, item_ = false, firstCodeLine_ = true;
};

} // namespace

std::string markdownToHtml(const std::string &markdown) { return Renderer().render(markdown); }

} // namespace warpcheck::html
