#pragma once
// Shaped like <asm-generic/socket.h>: an option chosen by the word size.
#include <word_size.h>
#if WORD_BITS == 64
#define RECV_TIMEOUT_OPT 20
#else
#define RECV_TIMEOUT_OPT 66
#endif
