#pragma once
// Shared-memory loads that no store of another thread can race with,
// decided from a kernel's SASS so that the device skips their shadow
// (patch::kPcQuietSharedLoad; issue 20, bench/README "Quiet shared loads").
//
// The shared-memory detector calls two accesses of different threads
// concurrent when they are made in the same barrier epoch (the number of
// __syncthreads() each thread has passed). Split the kernel's control-flow
// graph at its block-wide barriers (BAR.SYNC 0x0): a load whose every
// barrier interval -- the code reachable from a barrier, or the entry,
// before the next barrier -- holds no instruction that may write shared
// memory can race with no store, provided every thread enters each epoch
// through the same barrier instruction. The device checks that last part
// at run time (Counters::barriersDiverged: a block whose threads met at
// different barriers turns the skipping off for the launch).
//
// Conservative where the SASS does not say enough: a call counts as a store
// (and its barriers are not seen); named or partial barriers, bar.arrive,
// predicated barriers, asynchronous copies, mbarriers, TMA, clusters and
// indirect branches leave the whole function unmarked, and so does a
// function that returns (a callee, whose intervals are its callers').
#include "runtime/common/SassListing.h"
#include <cstdint>
#include <vector>

namespace warpcheck::run {

// Sets kPcQuietSharedLoad in `entries` (indexed by instruction, 16 bytes
// each; grown as needed) for the quiet loads of `f`; `succs` are the
// successors of f's blocks.
void markQuietSharedLoads(const sass::Function &f, const std::vector<std::vector<size_t>> &succs,
                          std::vector<uint32_t> &entries);

} // namespace warpcheck::run
