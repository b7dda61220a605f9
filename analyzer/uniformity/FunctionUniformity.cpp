#include "analyzer/uniformity/FunctionUniformity.h"

namespace warpcheck {
struct FunctionUniformity::Impl {};
FunctionUniformity::FunctionUniformity(ProgramUniformity &program, const clang::FunctionDecl *fn)
    : program_(program), fn_(fn) {}
FunctionUniformity::~FunctionUniformity() = default;
} // namespace warpcheck
