#include "support/Demangle.h"
#include <gtest/gtest.h>

using warpcheck::demangle;

TEST(Demangle, KernelNames) {
  EXPECT_EQ(demangle("_Z6reducePfi"), "reduce(float*, int)");
  EXPECT_EQ(demangle("_ZN2ns9transposeIfEEvPT_"), "void ns::transpose<float>(float*)");
}

TEST(Demangle, NotMangledIsUnchanged) {
  // extern "C" kernels, an empty name, and a prefix that is not a whole
  // mangled name.
  EXPECT_EQ(demangle("reduce"), "reduce");
  EXPECT_EQ(demangle(""), "");
  EXPECT_EQ(demangle("_Z"), "_Z");
  EXPECT_EQ(demangle("_Z9short"), "_Z9short"); // the length names more than there is
  EXPECT_EQ(demangle("_Z6reduce"), "reduce");  // a mangled variable: its name
}
