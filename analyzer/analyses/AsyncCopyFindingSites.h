#pragma once
// Whether the path explorer of AsyncCopyPaths can report anything with a
// function as its entry point, decided by a walk over the bodies, without
// building a CFG or following a single path.
//
// The explorer reports at three kinds of statement only: an access to
// memory that a copy may write or read (a load or store that is not of a
// local variable, an inline-PTX ld.shared/ldmatrix/st.shared/stmatrix,
// wmma::load_matrix_sync/store_matrix_sync), an async operation with a
// protocol (a wait, a pipeline or barrier operation) and the end of life of
// a cuda::pipeline. A function that contains none of them, nor calls a
// helper the explorer may inline that does, can only issue and commit
// copies: exploring its paths finds nothing. Such functions are common in
// real code (ggml's flash-attention tile loaders and their lambdas, which
// issue cp.async copies in loops whose paths never merge) and were most of
// the explorer's work on the files that use cp.async.
#include "analyzer/core/AnalysisContext.h"
#include "clang/AST/Decl.h"

namespace warpcheck {

// False only when exploring `fn` as an entry point cannot yield a finding.
// Conservative: anything the walk cannot rule out counts as a site.
bool mayHaveAsyncCopyFindingSite(AnalysisContext &ctx, const clang::FunctionDecl *fn);

} // namespace warpcheck
