#!/usr/bin/env python3
# requires: torch
"""A small PyTorch training loop on the GPU: a convolutional network on
random 32x32 images, forward, cross-entropy, backward and an Adam step, for
--steps steps. Prints the final loss (rounded: it must match across tools)
and `kernel_ms:` (GPU time of the steps, CUDA events).

cuDNN is off by default (--cudnn turns it on): its kernels are loaded from
libraries with hundreds of modules, which makes the native run slow to
start; the native convolution kernels of ATen are real kernels all the same.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(16)
        self.conv2 = nn.Conv2d(16, 32, 3, padding=1)
        self.fc1 = nn.Linear(32 * 8 * 8, 128)
        self.norm = nn.LayerNorm(128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.bn1(self.conv1(x))), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        x = F.gelu(self.norm(self.fc1(x)))
        return self.fc2(F.dropout(x, 0.1, self.training))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--cudnn", action="store_true")
    a = ap.parse_args()
    torch.backends.cudnn.enabled = a.cudnn
    torch.manual_seed(0)
    dev = torch.device("cuda")
    model = Net().to(dev)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    x = torch.randn(a.batch, 3, 32, 32, device=dev)
    y = torch.randint(0, 10, (a.batch,), device=dev)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(a.steps):
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
    end.record()
    torch.cuda.synchronize()
    print(f"loss: {loss.item():.3f}")
    print(f"kernel_ms: {start.elapsed_time(end):.3f}")


if __name__ == "__main__":
    main()
