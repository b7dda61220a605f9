#!/bin/sh
# Fetches the real-code corpus that lint and the benchmark run on: the ggml
# CUDA backend, vendored in the llama-cpp-python sdist on PyPI. The sources
# are third-party (MIT) and large, so they are not committed; they land in
# the gitignored .cache/corpus/ of the repository.
#
#   bench/fetch_corpus.sh            # -> .cache/corpus/llama_cpp_python-0.3.36/
#
# The version and hash are pinned so that findings and timings refer to the
# same code on every machine.
set -eu

VERSION=0.3.36
SHA256=832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST=${CORPUS_DIR:-$ROOT/.cache/corpus}
SDIST=llama_cpp_python-$VERSION.tar.gz
GGML=$DEST/llama_cpp_python-$VERSION/vendor/llama.cpp/ggml

if [ -d "$GGML/src/ggml-cuda" ]; then
  echo "$GGML"
  exit 0
fi
mkdir -p "$DEST"
if [ ! -f "$DEST/$SDIST" ]; then
  # --no-binary: the sdist (the wheel has no sources). pip prepares the
  # package metadata after downloading, which takes a minute or two.
  python3 -m pip download --quiet --no-deps --no-binary :all: \
    "llama-cpp-python==$VERSION" -d "$DEST"
fi
echo "$SHA256  $DEST/$SDIST" | sha256sum -c --quiet -
# Only ggml's headers and the CUDA backend are needed (the sdist is ~75 MB).
tar -xzf "$DEST/$SDIST" -C "$DEST" \
  "llama_cpp_python-$VERSION/vendor/llama.cpp/ggml/include" \
  "llama_cpp_python-$VERSION/vendor/llama.cpp/ggml/src"
echo "$GGML"
