#include "analyzer/uniformity/ProgramUniformity.h"
#include "analyzer/uniformity/FunctionUniformity.h"

namespace warpcheck {

ProgramUniformity::ProgramUniformity(clang::ASTContext &ast, const AnalysisOptions &opts)
    : ast_(ast), opts_(opts) {}
ProgramUniformity::~ProgramUniformity() = default;

const DivergenceOrigin *ProgramUniformity::origin(clang::SourceLocation loc, std::string what) {
  origins_.push_back(std::make_unique<DivergenceOrigin>(DivergenceOrigin{loc, std::move(what)}));
  return origins_.back().get();
}

} // namespace warpcheck
