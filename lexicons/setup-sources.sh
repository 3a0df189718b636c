#!/usr/bin/env bash
# Install the raw sources the lexicon build reads (build time only; the product never needs them).
#   bash lexicons/setup-sources.sh && python lexicons/build.py
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
DEBIAN_PACKAGES=(
  wordnet-base dict-freedict-deu-eng            # wordnets.py: WordNet 3.0, German-English (Ding)
  wamerican-large wbritish-large witalian wngerman wfrench   # wordlists.py: full-form word lists
  hunspell hunspell-en-us hunspell-it hunspell-de-de hunspell-fr
)
missing=()
for pkg in "${DEBIAN_PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if ((${#missing[@]})); then
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}"
fi
cd "$(dirname "$0")/.."
python3 -m pip install -q -e ".[build]"
