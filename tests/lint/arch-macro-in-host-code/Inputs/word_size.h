#pragma once
#define WORD_BITS 64
