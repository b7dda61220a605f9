#!/bin/sh
# Fetches the real-code corpora that lint and the benchmark run on, from
# source packages on PyPI:
#   ggml       the ggml CUDA backend, vendored in the llama-cpp-python sdist
#   deepspeed  DeepSpeed's CUDA kernels (csrc/ and inference/v2), in its sdist
# The sources are third-party (MIT, Apache-2.0) and large, so they are not
# committed; they land in the gitignored .cache/corpus/ of the repository.
#
#   bench/fetch_corpus.sh              # both; prints the ggml root
#   bench/fetch_corpus.sh ggml         # -> .cache/corpus/llama_cpp_python-0.3.36/vendor/llama.cpp/ggml
#   bench/fetch_corpus.sh deepspeed    # -> .cache/corpus/deepspeed-0.19.8
#
# Versions and hashes are pinned so that findings and timings refer to the
# same code on every machine. (bitsandbytes, the other obvious candidate,
# publishes no CUDA sources on PyPI: its sdists 0.31.8-0.42.0 carry only
# prebuilt libraries.)
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST=${CORPUS_DIR:-$ROOT/.cache/corpus}
WHICH=${1:-all}
mkdir -p "$DEST"

fetch_ggml() {
  VERSION=0.3.36
  SHA256=832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e
  SDIST=llama_cpp_python-$VERSION.tar.gz
  GGML=$DEST/llama_cpp_python-$VERSION/vendor/llama.cpp/ggml
  if [ ! -d "$GGML/src/ggml-cuda" ]; then
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
  fi
  GGML_ROOT=$GGML
}

fetch_deepspeed() {
  VERSION=0.19.8
  SHA256=9e491abd0827ea5c389dd702e15e11e13d83d904bac4a20d6c2a4cb37207a9af
  SDIST=deepspeed-$VERSION.tar.gz
  # pip download would build the package metadata, which imports torch:
  # fetch the file itself (its URL is content-addressed by PyPI).
  URL=https://files.pythonhosted.org/packages/bc/d8/3162fc810870df1183e686ec70b57028b464a5940b148a90767c727f113c/$SDIST
  DS=$DEST/deepspeed-$VERSION
  if [ ! -d "$DS/csrc" ]; then
    if [ ! -f "$DEST/$SDIST" ]; then
      python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' \
        "$URL" "$DEST/$SDIST.part"
      mv "$DEST/$SDIST.part" "$DEST/$SDIST"
    fi
    echo "$SHA256  $DEST/$SDIST" | sha256sum -c --quiet -
    tar -xzf "$DEST/$SDIST" -C "$DEST" \
      "deepspeed-$VERSION/csrc" "deepspeed-$VERSION/deepspeed/inference/v2"
  fi
  DS_ROOT=$DS
}

case "$WHICH" in
  all) fetch_ggml; fetch_deepspeed; echo "$GGML_ROOT" ;;
  ggml) fetch_ggml; echo "$GGML_ROOT" ;;
  deepspeed) fetch_deepspeed; echo "$DS_ROOT" ;;
  *) echo "usage: $0 [all|ggml|deepspeed]" >&2; exit 2 ;;
esac
