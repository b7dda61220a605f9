#include "runtime/inject/LaunchOrder.h"

namespace warpcheck::run {

void LaunchOrder::onStreamCreated(CUstream stream, unsigned flags) {
  if (flags & CU_STREAM_NON_BLOCKING) nonBlocking_.insert(stream);
  else nonBlocking_.erase(stream); // a new stream at a reused address
}

StreamKind LaunchOrder::kindOf(CUcontext ctx, CUstream stream, Sanitizer_StreamHandle h) {
  auto it = legacy_.find(ctx);
  if (it == legacy_.end()) {
    Sanitizer_StreamHandle legacy = nullptr;
    uint64_t v = sanitizerGetStreamHandle(ctx, nullptr, &legacy) == SANITIZER_SUCCESS ? id(legacy) : 0;
    it = legacy_.emplace(ctx, v).first;
  }
  if (stream == nullptr || stream == CU_STREAM_LEGACY || (it->second && id(h) == it->second)) return StreamKind::Legacy;
  return nonBlocking_.count(stream) ? StreamKind::NonBlocking : StreamKind::Blocking;
}

void LaunchOrder::onEvent(Sanitizer_CallbackId cbid, const Sanitizer_EventData &e) {
  uint64_t event = reinterpret_cast<uint64_t>(e.event);
  switch (cbid) {
  case SANITIZER_CBID_EVENTS_RECORD:
    order_.record(event, id(e.hStream), kindOf(e.context, e.stream, e.hStream));
    break;
  case SANITIZER_CBID_EVENTS_STREAM_WAIT:
    order_.wait(id(e.hStream), event);
    break;
  case SANITIZER_CBID_EVENTS_SYNCHRONIZE:
    order_.hostWaitsEvent(event);
    break;
  case SANITIZER_CBID_EVENTS_DESTROYED:
    order_.forgetEvent(event);
    break;
  default:
    break;
  }
}

void LaunchOrder::onSynchronize(Sanitizer_CallbackId cbid, const Sanitizer_SynchronizeData &s) {
  if (cbid == SANITIZER_CBID_SYNCHRONIZE_STREAM_SYNCHRONIZED) order_.hostWaitsStream(id(s.hStream));
  else order_.hostWaitsAll();
}

void LaunchOrder::onTransfer(CUcontext ctx, CUstream stream, Sanitizer_StreamHandle h, bool async) {
  order_.issue(id(h), kindOf(ctx, stream, h));
  if (!async) order_.hostWaitsStream(id(h));
}

void LaunchOrder::launch(const Sanitizer_LaunchData &l, bool graphNode, uint32_t tag, TaggedLaunch info,
                         uint32_t concurrent[8]) {
  CUstream stream = graphNode ? l.apiStream : l.stream;
  Sanitizer_StreamHandle h = graphNode ? l.hApiStream : l.hStream;
  CUcontext ctx = graphNode && l.apiContext ? l.apiContext : l.context;
  info.op = order_.issue(id(h), kindOf(ctx, stream, h));
  auto &tags = tags_[l.context];
  if (tag == 1) tags.clear(); // the shadow was cleared: no entry of an earlier tag is left
  for (int i = 0; i < 8; ++i) concurrent[i] = 0;
  for (const auto &[t, earlier] : tags)
    if (t != tag && !StreamOrder::ordered(earlier.op, info.op)) concurrent[(t >> 5) & 7] |= 1u << (t & 31);
  tags[tag] = std::move(info);
}

const TaggedLaunch *LaunchOrder::byTag(CUcontext ctx, uint32_t tag) const {
  auto c = tags_.find(ctx);
  if (c == tags_.end()) return nullptr;
  auto it = c->second.find(tag);
  return it == c->second.end() ? nullptr : &it->second;
}

} // namespace warpcheck::run
