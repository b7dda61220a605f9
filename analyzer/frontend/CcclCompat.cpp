#include "analyzer/frontend/CcclCompat.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace warpcheck {

namespace {

bool isBlockScopeBarrierHeader(llvm::StringRef path) {
  llvm::SmallString<256> p(path);
  llvm::sys::path::native(p, llvm::sys::path::Style::posix);
  return llvm::StringRef(p).ends_with("cuda/__barrier/barrier_block_scope.h");
}

// An open file whose contents are a patched copy of another's.
class PatchedFile : public llvm::vfs::File {
public:
  PatchedFile(std::unique_ptr<llvm::vfs::File> inner, std::string text)
      : inner_(std::move(inner)), text_(std::move(text)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return inner_->status(); }
  llvm::ErrorOr<std::string> getName() override { return inner_->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine &name, int64_t, bool,
                                                                bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(text_, name);
  }
  std::error_code close() override { return inner_->close(); }

private:
  std::unique_ptr<llvm::vfs::File> inner_;
  std::string text_;
};

class CcclCompatFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &path) override {
    auto file = ProxyFileSystem::openFileForRead(path);
    if (!file || !isBlockScopeBarrierHeader(path.str())) return file;
    auto buffer = (*file)->getBuffer(path);
    if (!buffer) return file;
    std::optional<std::string> patched = patchBlockScopeBarrier((*buffer)->getBuffer());
    if (!patched) return file;
    return std::unique_ptr<llvm::vfs::File>(new PatchedFile(std::move(*file), std::move(*patched)));
  }
};

} // namespace

std::optional<std::string> patchBlockScopeBarrier(llvm::StringRef text) {
  size_t dtor = text.find("~barrier()");
  if (dtor == llvm::StringRef::npos) return std::nullopt;
  size_t open = dtor + llvm::StringRef("~barrier()").size();
  while (open < text.size() && isspace(static_cast<unsigned char>(text[open]))) ++open;
  // Already `= default`, or not a definition: nothing to do.
  if (open >= text.size() || text[open] != '{') return std::nullopt;
  int depth = 0;
  size_t close = open;
  char quote = 0;
  for (; close < text.size(); ++close) {
    char c = text[close];
    if (quote) {
      if (c == '\\') ++close;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '{') ++depth;
    else if (c == '}' && --depth == 0) break;
  }
  if (close >= text.size()) return std::nullopt;
  // `= default;` then blanks, keeping every newline: same length, same lines.
  std::string out = text.str();
  std::string body = "= default;";
  for (size_t i = open, k = 0; i <= close; ++i) {
    if (out[i] == '\n') continue;
    out[i] = k < body.size() ? body[k++] : ' ';
  }
  return out;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> withCcclCompat(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs) {
  return llvm::makeIntrusiveRefCnt<CcclCompatFileSystem>(std::move(fs));
}

} // namespace warpcheck
