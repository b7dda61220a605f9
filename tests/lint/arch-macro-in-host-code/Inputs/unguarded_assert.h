// Like glibc's assert.h: no include guard, the macro undefined and defined
// again at every inclusion.
#undef CHECK_POSITIVE
#define CHECK_POSITIVE(x) ((x) > 0 ? (void)0 : __builtin_trap())
