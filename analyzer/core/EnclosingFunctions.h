#pragma once
// The function around each statement of the pass's traversal scope, from
// one traversal of that scope, for the questions the rules asked the parent
// map (clang's ParentMapContext) one statement at a time: `forFunction` and
// `hasAncestor(functionDecl())` in their matchers, walking up from every
// candidate node, and ProgramUniformity::enclosingFunction. Each answer is
// the one the parent map gives:
//
// - The traversal is the parent map's: a RecursiveASTVisitor over the
//   traversal scope (UserCodeScope.h while the rules run) with template
//   instantiations and implicit code, so a statement's path from the top
//   is the chain of parents the map records for it.
// - A statement reached once has one such path. A statement reached on
//   several paths (a default argument: from its parameter and from each
//   CXXDefaultArgExpr; a default member initializer: from its field and
//   from each constructor) has several parents; when its paths disagree on
//   the function, forFunction and hasAncestor are answered from the parent
//   map itself, as clang's matchers walk it (those statements are few).
//
// Built on first use, for the traversal scope set at that time: the rules
// run in one scope (analyzer/driver/PassRunner.cpp).
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <cstdint>
#include <optional>
#include <vector>

namespace warpcheck {

class EnclosingFunctions {
public:
  explicit EnclosingFunctions(clang::ASTContext &ast) : ast_(ast) {}
  EnclosingFunctions(const EnclosingFunctions &) = delete;
  EnclosingFunctions &operator=(const EnclosingFunctions &) = delete;

  // What ProgramUniformity::enclosingFunction found walking the parent map
  // up from `s`, the first parent each time: the first FunctionDecl (a
  // lambda's call operator for its body, the function around the lambda for
  // its captures), null at a parent that is neither a statement nor a
  // declaration (a TypeLoc: a default argument seen from its parameter, an
  // attribute) or at the top (a global initializer).
  const clang::FunctionDecl *firstParentFunction(const clang::Stmt *s);

  // What `forFunction(M)` binds for `s` where `accepts` says whether M
  // matches a function, or null where forFunction does not match: the
  // nearest FunctionDecl or LambdaExpr above `s` on each path (a LambdaExpr
  // stands for its call operator: a capture's initializer is in the
  // lambda), the first that `accepts` takes.
  const clang::FunctionDecl *forFunction(const clang::Stmt *s,
                                         llvm::function_ref<bool(const clang::FunctionDecl *)> accepts);

  // What `hasAncestor(functionDecl().bind(...))` binds for `s`: the nearest
  // FunctionDecl above it (through a LambdaExpr: a capture's initializer is
  // in the function around the lambda); null where there is none.
  const clang::FunctionDecl *nearestFunction(const clang::Stmt *s);

  // The statements the index holds (for tests).
  size_t size() {
    build();
    return count_;
  }

private:
  // Per statement: the nearest function on its first path, and two flags;
  // the other two answers, where they differ from it (inside a lambda's
  // captures, below a TypeLoc or an attribute), in `other_`.
  enum : unsigned { kOther = 1, kPaths = 2 }; // kPaths: reached again with another answer
  struct Other {
    const clang::FunctionDecl *first, *callable;
  };
  using Slot = llvm::PointerIntPair<const clang::FunctionDecl *, 2, unsigned>;
  class Builder;
  void build();
  // The statement's slot, or null when the traversal did not reach it.
  std::optional<Slot> find(const clang::Stmt *s);
  // The parent map's answers, as clang's matchers compute them.
  const clang::FunctionDecl *forFunctionInParentMap(const clang::Stmt *s,
                                                    llvm::function_ref<bool(const clang::FunctionDecl *)> accepts);
  const clang::FunctionDecl *nearestFunctionInParentMap(const clang::Stmt *s);
  const clang::FunctionDecl *firstParentFunctionInParentMap(const clang::Stmt *s);

  clang::ASTContext &ast_;
  bool built_ = false;
  bool verify_ = false; // WARPCHECK_VERIFY_ENCLOSING_FUNCTIONS: compare every answer with the parent map's
  // The slots, by the statement's address: one hash entry per statement
  // (millions in a file of template instances, a cache miss each) cost more
  // than the rest of the build. Statements are allocated one after the
  // other, those of a function body mostly together, so the index is kept
  // by blocks of memory (kBlockBits of address, 8-byte-aligned statements:
  // one bit each for "reached"), each with the slot of the first statement
  // reached in it; the statements whose slot differs from it are in
  // `exceptions_`.
  static constexpr unsigned kBlockBits = 11;
  static constexpr unsigned kWords = (1u << (kBlockBits - 3)) / 64;
  // A block's slot before its first statement: no statement's first slot
  // has kPaths.
  static Slot unset() { return Slot(nullptr, kOther | kPaths); }
  struct Block {
    Slot slot;
    uint64_t reached[kWords] = {};
  };
  // The block of `s` (created when `create`), or null.
  Block *block(const clang::Stmt *s, bool create);
  // The statement's "reached" bit within its block.
  static uintptr_t bitOf(const clang::Stmt *s) {
    return (reinterpret_cast<uintptr_t>(s) >> 3) & ((1u << (kBlockBits - 3)) - 1);
  }
  static bool isReached(const Block &b, const clang::Stmt *s) {
    uintptr_t bit = bitOf(s);
    return b.reached[bit / 64] >> (bit % 64) & 1;
  }
  llvm::DenseMap<uintptr_t, unsigned> blockIndex_; // address >> kBlockBits -> blocks_
  std::vector<Block> blocks_;
  uintptr_t lastKey_ = ~uintptr_t(0);
  unsigned lastBlock_ = 0;
  llvm::DenseMap<const clang::Stmt *, Slot> exceptions_;
  size_t count_ = 0;
  llvm::DenseMap<const clang::Stmt *, Other> other_;
};

} // namespace warpcheck
