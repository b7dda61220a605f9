// Unit tests of the layers under the rules: the CUDA/HIP API table
// (analyzer/cuda) by name, and the engines (analyzer/analyses, the escape
// notions of analyzer/uniformity) on small TUs, driven through the analysis
// context alone, with no check and no CheckContext.
#include "analyzer/analyses/AsyncCopyPaths.h"
#include "analyzer/analyses/AsyncCopyValues.h"
#include "analyzer/analyses/CfgPaths.h"
#include "analyzer/analyses/FenceFunctionModel.h"
#include "analyzer/analyses/MemoryOps.h"
#include "analyzer/analyses/SharedAccessModel.h"
#include "analyzer/analyses/WarpCollectiveSite.h"
#include "analyzer/core/AnalysisContext.h"
#include "analyzer/cuda/BarrierApi.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/cuda/Fences.h"
#include "analyzer/uniformity/EscapeScan.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "tests/unit/ParsedCuda.h"
#include <gtest/gtest.h>
#include <set>

using namespace warpcheck;
using namespace clang;

namespace {

// The calls in `fn` to functions named `callee`, in source order.
std::vector<const CallExpr *> callsTo(const FunctionDecl *fn, llvm::StringRef callee) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::StringRef callee;
    std::vector<const CallExpr *> calls;
    bool VisitCallExpr(CallExpr *c) {
      if (const FunctionDecl *fd = c->getDirectCallee(); fd && fd->getIdentifier() && fd->getName() == callee)
        calls.push_back(c);
      return true;
    }
  } finder;
  finder.callee = callee;
  if (fn) finder.TraverseDecl(const_cast<FunctionDecl *>(fn));
  return finder.calls;
}

// The names of the variables of `set`.
std::set<std::string> namesOf(const llvm::SmallPtrSet<const VarDecl *, 16> &set) {
  std::set<std::string> out;
  for (const VarDecl *v : set) out.insert(v->getNameAsString());
  return out;
}

// ---- the API table ------------------------------------------------------------

TEST(CudaApi, WarpIntrinsicListAgreesWithItsRecognisers) {
  std::vector<llvm::StringRef> masked = warpMaskedCollectiveNames();
  EXPECT_EQ(masked.size(), 17u); // 10 _sync votes and shuffles, __syncwarp, 6 __reduce_*_sync
  for (llvm::StringRef name : masked) {
    EXPECT_NE(warpCollectiveOf(name), WarpCollective::None) << name.str();
    EXPECT_NE(warpCollectiveOf(name), WarpCollective::ActiveMask) << name.str();
    EXPECT_FALSE(isLegacyWarpIntrinsic(name)) << name.str();
  }
  EXPECT_EQ(warpCollectiveOf("__activemask"), WarpCollective::ActiveMask);
  EXPECT_EQ(warpCollectiveOf("__reduce_max_sync"), WarpCollective::Reduce);
  EXPECT_EQ(warpCollectiveOf("__uni_sync"), WarpCollective::All);
  EXPECT_EQ(warpCollectiveOf("__shfl"), WarpCollective::None); // the legacy form has no mask
  EXPECT_EQ(legacyWarpCollectiveOf("__shfl_xor"), WarpCollective::ShflXor);
  EXPECT_EQ(legacyWarpCollectiveOf("__shfl_xor_sync"), WarpCollective::None);

  std::vector<llvm::StringRef> shuffles = warpShuffleNames();
  EXPECT_EQ(std::set<llvm::StringRef>(shuffles.begin(), shuffles.end()),
            (std::set<llvm::StringRef>{"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
                                       "__shfl", "__shfl_up", "__shfl_down", "__shfl_xor"}));
}

TEST(CudaApi, BarrierMembers) {
  EXPECT_EQ(barrierMemberOf("arrive").kind, BarrierMember::Arrive);
  EXPECT_EQ(barrierMemberOf("arrive_and_wait").kind, BarrierMember::ArriveAndWait);
  EXPECT_EQ(barrierMemberOf("arrive_and_drop").kind, BarrierMember::ArriveAndDrop);
  BarrierMember wait = barrierMemberOf("wait");
  EXPECT_EQ(wait.kind, BarrierMember::Wait);
  EXPECT_FALSE(wait.parity || wait.tries || wait.timed);
  BarrierMember timedParity = barrierMemberOf("try_wait_parity_until");
  EXPECT_EQ(timedParity.kind, BarrierMember::Wait);
  EXPECT_TRUE(timedParity.parity && timedParity.tries && timedParity.timed);
  BarrierMember tryWait = barrierMemberOf("try_wait");
  EXPECT_TRUE(tryWait.tries && !tryWait.parity && !tryWait.timed);
  EXPECT_EQ(barrierMemberOf("init").kind, BarrierMember::None);
}

TEST(CudaApi, FencesAndOrderingIntrinsics) {
  EXPECT_EQ(threadfenceScope("__threadfence_block"), ThreadfenceScope::Block);
  EXPECT_EQ(threadfenceScope("__nvvm_membar_gl"), ThreadfenceScope::Device);
  EXPECT_EQ(threadfenceScope("__threadfence_system"), ThreadfenceScope::System);
  EXPECT_EQ(threadfenceScope("__syncthreads"), ThreadfenceScope::None);
  for (llvm::StringRef name : {"__threadfence", "__nvvm_fence_sc_cta", "atomic_thread_fence", "__builtin_amdgcn_fence"})
    EXPECT_TRUE(isFenceName(name) && isOrderingIntrinsic(name)) << name.str();
  for (llvm::StringRef name : {"__syncthreads", "__syncwarp", "__builtin_amdgcn_s_barrier", "__nvvm_bar_warp_sync"})
    EXPECT_TRUE(isOrderingIntrinsic(name) && !isFenceName(name)) << name.str();
  for (llvm::StringRef name : {"__shfl_sync", "__ballot_sync", "__activemask"})
    EXPECT_FALSE(isOrderingIntrinsic(name)) << name.str(); // "do not imply a memory barrier"
}

// ---- engines ------------------------------------------------------------------

// The two notions of escaping differ exactly where EscapeScan.h says.
TEST(Analyses, EscapeNotions) {
  PARSE(p, R"(#include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    struct Obj { __device__ void touch(); };
    __device__ void byRef(int &r);
    __device__ void byConstRef(const int &r);
    __global__ void k(int *out, void (*fp)(int)) {
      int taken = 1; int *pt = &taken;
      int passed = 2; byRef(passed);
      int read = 3; byConstRef(read);
      Obj o; Obj *receiver = &o; receiver->touch();
      int unknown = 4; fp(unknown);
      auto tile = cg::tiled_partition<32>(cg::this_thread_block());
      int shuffled = 5; shuffled = tile.shfl(shuffled, 0);
      int captured = 6; auto f = [&] { return captured; };
      out[0] = *pt + read + f();
    })");
  const FunctionDecl *k = functionNamed(p.unit->getASTContext(), "k");
  ASSERT_NE(k, nullptr);
  std::set<std::string> storage = namesOf(escapedLocals(k->getBody(), EscapeNotion::Storage));
  std::set<std::string> values = namesOf(escapedLocals(k->getBody(), EscapeNotion::Values));
  // Storage: a method's object escapes (`receiver`, `tile`, the lambda `f`
  // whose operator() is called), as does what an unknown callee takes; a
  // cooperative groups collective only reads its value.
  EXPECT_EQ(storage, (std::set<std::string>{"taken", "passed", "o", "receiver", "unknown", "tile", "captured", "f"}));
  EXPECT_EQ(values, (std::set<std::string>{"taken", "passed", "o", "shuffled", "captured"}));
}

// The fence-missing model of one function: a store to global memory, the
// relaxed atomic that may publish it, and whether a fence separates them.
TEST(Analyses, FenceFunctionModelFindsTheUnfencedPath) {
  PARSE(p, R"(__device__ unsigned count;
    __global__ void unfenced(float *data, float v) {
      data[blockIdx.x] = v;
      atomicAdd(&count, 1);
    }
    __global__ void fenced(float *data, float v) {
      data[blockIdx.x] = v;
      __threadfence();
      atomicAdd(&count, 1);
    })");
  ASTContext &ast = p.unit->getASTContext();
  fence::FenceSummaries summaries(ast);
  const ClassSet noPrivateClasses;
  for (bool withFence : {false, true}) {
    const FunctionDecl *fn = functionNamed(ast, withFence ? "fenced" : "unfenced");
    ASSERT_NE(fn, nullptr);
    fence::FunctionModel model(fn, ast, summaries, noPrivateClasses);
    ASSERT_TRUE(model.build());
    ASSERT_EQ(model.stores().size(), 1u);
    ASSERT_EQ(model.signals().size(), 1u);
    EXPECT_EQ(model.reachesWithoutFence(model.stores()[0].pos, model.signals()[0].pos, /*writer=*/true), !withFence)
        << (withFence ? "fenced" : "unfenced");
  }
}

// The async-copy engine runs on an AnalysisContext: no check, no reporting.
TEST(Analyses, AsyncCopyPathsOnAnAnalysisContext) {
  PARSE(p, R"(#include <cuda_pipeline.h>
    __global__ void early(const float *g, float *out) {
      __shared__ float sh[128];
      __pipeline_memcpy_async(&sh[threadIdx.x], &g[threadIdx.x], sizeof(float));
      __pipeline_commit();
      out[threadIdx.x] = sh[threadIdx.x];
      __pipeline_wait_prior(0);
    }
    __global__ void waited(const float *g, float *out) {
      __shared__ float sh[128];
      __pipeline_memcpy_async(&sh[threadIdx.x], &g[threadIdx.x], sizeof(float));
      __pipeline_commit();
      __pipeline_wait_prior(0);
      out[threadIdx.x] = sh[threadIdx.x];
    })");
  ASTContext &ast = p.unit->getASTContext();
  AnalysisContext ctx(&ast, Pass{false, "sm_90"}, AnalysisOptions{});
  const std::vector<AsyncFinding> &early = asyncCopyFindings(ctx, functionNamed(ast, "early"));
  ASSERT_EQ(early.size(), 1u);
  EXPECT_STREQ(early[0].rule, kReadBeforeWaitRule);
  EXPECT_TRUE(asyncCopyFindings(ctx, functionNamed(ast, "waited")).empty());
}

// The statements of a function's body, in order.
std::vector<const Stmt *> bodyOf(const FunctionDecl *fn) {
  std::vector<const Stmt *> out;
  if (const auto *body = dyn_cast_or_null<CompoundStmt>(fn ? fn->getBody() : nullptr))
    for (const Stmt *s : body->body()) out.push_back(s);
  return out;
}

// Shared-memory accesses: their per-thread addresses, and which ones can
// follow a store with no barrier in between.
TEST(Analyses, SharedAccessModelAddressesAndFollowers) {
  PARSE(p, R"(__global__ void k(int *out) {
      __shared__ int s[64];
      s[threadIdx.x] = threadIdx.x;
      int v = s[threadIdx.x ^ 1];
      __syncthreads();
      out[threadIdx.x] = v + s[3];
    })");
  ASTContext &ast = p.unit->getASTContext();
  AnalysisContext ctx(&ast, Pass{false, "sm_90"}, AnalysisOptions{});
  SharedAccessModel model(ctx);
  model.build();
  ASSERT_EQ(model.frames().size(), 1u);
  const Frame &frame = *model.frames()[0];
  EXPECT_EQ(frame.fn, functionNamed(ast, "k"));
  const std::vector<const SharedAccess *> &accesses = model.accessesOf(frame);
  ASSERT_EQ(accesses.size(), 3u); // the store, the exchange read, the read after the barrier
  const SharedAccess *store = nullptr, *exchange = nullptr, *afterBarrier = nullptr;
  for (const SharedAccess *a : accesses) {
    EXPECT_EQ(a->var->getName(), "s");
    EXPECT_EQ(a->size, 4);
    const auto *subscript = dyn_cast<ArraySubscriptExpr>(a->expr->IgnoreParenImpCasts());
    ASSERT_NE(subscript, nullptr);
    if (a->writes) store = a;
    else if (isa<IntegerLiteral>(subscript->getIdx()->IgnoreParenImpCasts())) afterBarrier = a;
    else exchange = a;
  }
  ASSERT_TRUE(store && exchange && afterBarrier);
  EXPECT_FALSE(store->reads);
  EXPECT_TRUE(exchange->reads && !exchange->writes);

  const SharedAccessModel::Table &stores = model.table(*store, {}, 0);
  const SharedAccessModel::Table &reads = model.table(*exchange, {}, 0);
  const SharedAccessModel::Table &fixed = model.table(*afterBarrier, {}, 0);
  ASSERT_TRUE(stores.known && reads.known && fixed.known);
  for (unsigned t : {0u, 1u, 17u, 63u}) {
    EXPECT_EQ(stores.reach[t], Reach::Yes);
    EXPECT_EQ(stores.addr[t], int64_t(4 * t)) << t;
    EXPECT_EQ(reads.addr[t], int64_t(4 * (t ^ 1))) << t;
    EXPECT_EQ(fixed.addr[t], 12) << t; // s[3]
  }

  // The exchange read follows the store with nothing in between; the read
  // after __syncthreads() does not.
  std::set<const SharedAccess *> following;
  for (const auto &[b, loops] : model.followers(*store)) following.insert(b);
  EXPECT_TRUE(following.count(exchange));
  EXPECT_FALSE(following.count(afterBarrier));
  const Stmt *barrier = callsTo(frame.fn, "__syncthreads").at(0);
  EXPECT_TRUE(model.isOrdering(barrier));
  EXPECT_FALSE(model.isOrdering(store->expr));
  EXPECT_FALSE(model.exhausted());
}

// Fences, atomics and the memory an lvalue names.
TEST(Analyses, MemoryOpsClassifiesFencesAtomicsAndRoots) {
  PARSE(p, R"(__device__ int flag;
    __global__ void k(int *data) {
      __shared__ int tile[32];
      atomicAdd_block(&flag, 1);
      __threadfence_block();
      __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
      int *q = tile;
      q[threadIdx.x] = data[threadIdx.x];
      __syncthreads();
    })");
  ASTContext &ast = p.unit->getASTContext();
  const FunctionDecl *k = functionNamed(ast, "k");
  std::vector<const Stmt *> body = bodyOf(k);
  ASSERT_EQ(body.size(), 7u);

  std::optional<AtomicOp> add = atomicOf(body[1], ast);
  ASSERT_TRUE(add);
  EXPECT_EQ(add->kind, AtomicKind::RMW);
  EXPECT_EQ(add->op, RmwOp::Add);
  EXPECT_EQ(add->order, MemOrder::Relaxed);
  EXPECT_EQ(add->scope, MemScope::Block);
  EXPECT_EQ(add->name, "atomicAdd_block");
  EXPECT_FALSE(fenceOf(body[1], ast));

  std::optional<FenceOp> fence = fenceOf(body[2], ast);
  ASSERT_TRUE(fence);
  EXPECT_EQ(fence->scope, MemScope::Block);
  EXPECT_EQ(fence->order, MemOrder::SeqCst);
  EXPECT_FALSE(atomicOf(body[2], ast));

  std::optional<AtomicOp> store = atomicOf(body[3], ast);
  ASSERT_TRUE(store);
  EXPECT_EQ(store->kind, AtomicKind::Store);
  EXPECT_EQ(store->order, MemOrder::Release);
  EXPECT_TRUE(ordersEarlierWrites(store->order));
  EXPECT_FALSE(ordersLaterReads(store->order));

  EXPECT_FALSE(fenceOf(body[6], ast)); // __syncthreads() orders the block, it is no fence
  EXPECT_FALSE(atomicOf(body[6], ast));

  // `q` is defined once, as the shared tile; `data` is a pointer parameter.
  MemRoots roots(k);
  const auto *copy = dyn_cast<BinaryOperator>(body[5]);
  ASSERT_NE(copy, nullptr);
  MemRoot dst = roots.ofLValue(copy->getLHS());
  MemRoot src = roots.ofLValue(copy->getRHS()->IgnoreParenImpCasts());
  EXPECT_EQ(dst.space, MemSpace::Shared);
  EXPECT_EQ(src.space, MemSpace::Global);
  EXPECT_EQ(src.key, "p:data");
  MemRoot counter = roots.ofAtomic(*add);
  EXPECT_EQ(counter.space, MemSpace::Global);
  EXPECT_EQ(counter.name, "flag");
  EXPECT_EQ(counter.key, roots.ofAtomic(*store).key); // the same variable
}

// Path questions over one CFG.
TEST(Analyses, CfgPathsReachesAvoiding) {
  PARSE(p, R"(__device__ void a(); __device__ void b(); __device__ void c();
    __device__ void branch(bool x) { a(); if (x) b(); c(); }
    __device__ void straight() { a(); b(); c(); }
    __device__ void loop(int n) { for (int i = 0; i < n; ++i) { c(); a(); } b(); })");
  ASTContext &ast = p.unit->getASTContext();
  auto isCallTo = [](llvm::StringRef name) {
    return [name](const Stmt *s) {
      const auto *call = dyn_cast<CallExpr>(s);
      const FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
      return fd && fd->getIdentifier() && fd->getName() == name;
    };
  };
  auto never = [](const Stmt *) { return false; };
  for (llvm::StringRef name : {"branch", "straight"}) {
    const FunctionDecl *fn = functionNamed(ast, name);
    CfgPaths paths(fn, ast);
    ASSERT_TRUE(paths.valid());
    const CallExpr *ca = callsTo(fn, "a").at(0), *cb = callsTo(fn, "b").at(0), *cc = callsTo(fn, "c").at(0);
    EXPECT_TRUE(paths.contains(ca) && paths.contains(cc));
    EXPECT_TRUE(paths.reaches(ca, cc, never)) << name.str();
    EXPECT_FALSE(paths.reaches(cc, ca, never)) << name.str(); // no loop
    // Only the branch has a path from a() to c() that skips b().
    EXPECT_EQ(paths.reaches(ca, cc, isCallTo("b")), name == "branch") << name.str();
    bool reachedEntry = false;
    std::vector<const Stmt *> before = paths.nearestBefore(cc, [&](const Stmt *s) { return s == ca || s == cb; },
                                                           reachedEntry);
    std::set<const Stmt *> got(before.begin(), before.end());
    EXPECT_EQ(got, (name == "branch" ? std::set<const Stmt *>{ca, cb} : std::set<const Stmt *>{cb})) << name.str();
    EXPECT_FALSE(reachedEntry);
  }
  const FunctionDecl *fn = functionNamed(ast, "loop");
  CfgPaths paths(fn, ast);
  const CallExpr *ca = callsTo(fn, "a").at(0), *cb = callsTo(fn, "b").at(0), *cc = callsTo(fn, "c").at(0);
  EXPECT_TRUE(paths.reaches(ca, cc, never));             // around the loop
  EXPECT_TRUE(paths.reaches(ca, cc, isCallTo("b"))); // b() is after the loop
  EXPECT_TRUE(paths.reaches(ca, cb, isCallTo("c")));     // out of the loop
  EXPECT_FALSE(paths.reaches(cb, cc, never));
  bool reachedEntry = false;
  EXPECT_EQ(paths.nearestBefore(cc, isCallTo("a"), reachedEntry), std::vector<const Stmt *>{ca});
  EXPECT_TRUE(reachedEntry); // the first iteration comes from the entry
}

// The symbolic values of the async-copy paths: linear arithmetic, modular
// atoms, the layout of a region, and what branch assumptions decide.
TEST(Analyses, AsyncCopyValuesArithmeticRegionsAndConstraints) {
  PARSE(p, R"(struct Slot { int tag; float vals[4]; };
    __shared__ Slot slots[8];)");
  ASTContext &ast = p.unit->getASTContext();

  AtomTable atoms;
  AtomId k = atoms.intern("k", /*threadDependent=*/false);
  AtomId tid = atoms.intern("tid", /*threadDependent=*/true);
  EXPECT_EQ(atoms.intern("k", false), k); // interned by key
  Lin twoKPlus3 = *add(*scale(Lin::atom(k), 2), Lin::constant(3));
  EXPECT_EQ(twoKPlus3.c, 3);
  ASSERT_EQ(twoKPlus3.terms.size(), 1u);
  EXPECT_EQ(twoKPlus3.terms[0].second, 2);
  EXPECT_TRUE(sub(twoKPlus3, twoKPlus3)->isConst());
  EXPECT_FALSE(scale(Lin::constant(INT64_MAX), 2)); // overflow is unknown, not wrong
  Lin mixed = *add(twoKPlus3, Lin::atom(tid));
  EXPECT_TRUE(atoms.threadDependent(mixed));
  Lin uniform, thread;
  splitByThread(atoms, mixed, uniform, thread);
  EXPECT_EQ(uniform, twoKPlus3);
  EXPECT_EQ(thread, Lin::atom(tid));

  // k % 4 and (k + 1) % 4 differ, k % 4 and (k + 4) % 4 agree, k and tid: unknown.
  Lin kMod = Lin::atom(atoms.internMod(Lin::atom(k), 4));
  Lin k1Mod = Lin::atom(atoms.internMod(*add(Lin::atom(k), Lin::constant(1)), 4));
  Lin k4Mod = Lin::atom(atoms.internMod(*add(Lin::atom(k), Lin::constant(4)), 4));
  EXPECT_EQ(sameValue(atoms, kMod, k1Mod), std::optional<bool>(false));
  EXPECT_EQ(sameValue(atoms, kMod, k4Mod), std::optional<bool>(true));
  EXPECT_EQ(sameValue(atoms, Lin::atom(k), Lin::atom(tid)), std::nullopt);
  EXPECT_EQ(sameValue(atoms, Lin::constant(2), Lin::constant(3)), std::optional<bool>(false));

  // &slots[2].vals[3]: 2 * sizeof(Slot) + offsetof(vals) + 3 * sizeof(float).
  const auto *slots = dyn_cast<VarDecl>(ast.getTranslationUnitDecl()->lookup(&ast.Idents.get("slots")).front());
  ASSERT_NE(slots, nullptr);
  const auto *slot = slots->getType()->getAsArrayTypeUnsafe()->getElementType()->getAsRecordDecl();
  const FieldDecl *vals = *std::next(slot->field_begin());
  Region r;
  r.root = slots;
  r.steps.push_back({nullptr, Lin::constant(2), 20});
  r.steps.push_back({vals, std::nullopt, 1});
  r.steps.push_back({nullptr, Lin::constant(3), 4});
  EXPECT_EQ(r.flatBytes(ast), std::optional<Lin>(Lin::constant(2 * 20 + 4 + 3 * 4)));
  EXPECT_EQ(r.shape(), "i20fvalsi4");
  r.offsetBytes(Lin::constant(4)); // one float on
  EXPECT_EQ(r.flatBytes(ast), std::optional<Lin>(Lin::constant(2 * 20 + 4 + 4 * 4)));
  // The explorer merges states by these hashes: equal values hash alike
  // however they were built, different ones (almost always) differently.
  Region same = r;
  EXPECT_EQ(same.hash(), r.hash());
  same.offsetBytes(Lin::constant(4));
  EXPECT_NE(same.hash(), r.hash());
  EXPECT_EQ(twoKPlus3.hash(), add(Lin::atom(k), *add(Lin::atom(k), Lin::constant(3)))->hash());
  EXPECT_NE(Lin::atom(k).hash(), Lin::atom(tid).hash());
  EXPECT_NE(Lin::atom(k).hash(), Lin::constant(0).hash());
  r.steps.back().index.reset();
  EXPECT_FALSE(r.flatBytes(ast));
  EXPECT_NE(same.hash(), r.hash());

  // After assuming k < 10 (k - 10 < 0): k < 20 holds, k < 5 is open, k >= 10 fails.
  Lin kMinus = *sub(Lin::atom(k), Lin::constant(10));
  Constraints c;
  EXPECT_EQ(c.decide(kMinus, BO_LT), std::nullopt);
  ASSERT_TRUE(c.assume(kMinus, BO_LT));
  EXPECT_EQ(c.decide(*sub(Lin::atom(k), Lin::constant(20)), BO_LT), std::optional<bool>(true));
  EXPECT_EQ(c.decide(*sub(Lin::atom(k), Lin::constant(5)), BO_LT), std::nullopt);
  EXPECT_EQ(c.decide(kMinus, BO_GE), std::optional<bool>(false));
  // 2k < 20 is the same fact, normalised; k >= 10 contradicts it.
  EXPECT_EQ(c.decide(*sub(*scale(Lin::atom(k), 2), Lin::constant(20)), BO_LT), std::optional<bool>(true));
  // 5 - k > 0 (a negative leading coefficient) is k < 5 under the same key:
  // it narrows k < 10, and k < 10 then holds.
  Constraints flipped;
  ASSERT_TRUE(flipped.assume(*sub(Lin::constant(5), Lin::atom(k)), BO_GT));
  EXPECT_EQ(flipped.decide(kMinus, BO_LT), std::optional<bool>(true));
  EXPECT_TRUE(flipped.implies(c));
  Constraints contradicted = c;
  EXPECT_FALSE(contradicted.assume(kMinus, BO_GE));
  // k < 10 and tid >= 0 implies k < 10 alone; the fact both state alike is k < 10.
  Constraints narrower = c;
  ASSERT_TRUE(narrower.assume(Lin::atom(tid), BO_GE));
  EXPECT_TRUE(narrower.implies(c));
  EXPECT_FALSE(c.implies(narrower));
  EXPECT_TRUE(narrower.common(c) == c);
  EXPECT_FALSE(narrower == c);
  // 0 <= k < 10 states k's range otherwise: common() drops it.
  Constraints bounded = c;
  ASSERT_TRUE(bounded.assume(Lin::atom(k), BO_GE));
  EXPECT_TRUE(bounded.implies(c));
  EXPECT_TRUE(bounded.common(c) == Constraints());
}

// Which lanes reach a warp collective and which mask they pass.
TEST(Analyses, WarpCollectiveSiteLanesAndMask) {
  PARSE(p, R"(__global__ void k(int *out, int v) {
      if (threadIdx.x % 32 < 16)
        out[threadIdx.x] = __shfl_sync(0xffff, v, 0);
      out[threadIdx.x] += __shfl_xor_sync(0xffffffff, v, 1);
    })");
  ASTContext &ast = p.unit->getASTContext();
  AnalysisContext ctx(&ast, Pass{false, "sm_90"}, AnalysisOptions{});
  const FunctionDecl *k = functionNamed(ast, "k");
  const CallExpr *guarded = callsTo(k, "__shfl_sync").at(0), *all = callsTo(k, "__shfl_xor_sync").at(0);
  const WarpCollectiveSite *site = analyseWarpCollective(ctx, guarded);
  ASSERT_NE(site, nullptr);
  EXPECT_EQ(site, analyseWarpCollective(ctx, guarded)); // computed once per pass
  EXPECT_EQ(site->kind, WarpCollective::Shfl);
  EXPECT_EQ(site->name, "__shfl_sync");
  ASSERT_EQ(site->mask.kind, MaskFacts::Concrete);
  for (unsigned w : {0u, 5u, 31u})
    for (unsigned l = 0; l < 32; ++l) {
      EXPECT_EQ(site->reach.reach[w][l], l < 16 ? Reach::Yes : Reach::No) << w << "," << l;
      EXPECT_EQ(site->mask.value[w][l], std::optional<uint64_t>(0xffff));
    }
  const WarpCollectiveSite *full = analyseWarpCollective(ctx, all);
  ASSERT_NE(full, nullptr);
  EXPECT_EQ(full->kind, WarpCollective::ShflXor);
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(full->reach.reach[3][l], Reach::Yes);
  EXPECT_EQ(full->mask.value[3][7], std::optional<uint64_t>(0xffffffff));
  EXPECT_EQ(describeLane(1, 17, 32), "lane 17 of warp 1 (threadIdx.x == 49)");
}

} // namespace
