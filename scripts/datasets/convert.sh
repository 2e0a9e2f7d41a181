#!/usr/bin/env bash
# Regenerates the converted real tables in public/datasets from the Debian 12 (bookworm) packages
# weka 3.6.14-3 and r-cran-mlbench 2.1-3-1, and the generated mushroom look-alike. Needs apt-get
# (after `apt-get update`), dpkg-deb, Rscript (base R: datasets::Titanic) and the project's
# node_modules. Not run by tests or CI.
#
#   bash scripts/datasets/convert.sh [WORKDIR]
#
# WORKDIR (default: a new temporary directory) keeps the downloaded .deb files and their
# extraction; .deb files already there are reused.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
cd "$work"
ls weka_3.6.14-3_all.deb >/dev/null 2>&1 || apt-get download weka=3.6.14-3
ls r-cran-mlbench_2.1-3-1_*.deb >/dev/null 2>&1 || apt-get download r-cran-mlbench=2.1-3-1
for deb in weka_3.6.14-3_all.deb r-cran-mlbench_2.1-3-1_*.deb; do dpkg-deb -x "$deb" x; done
Rscript "$repo/scripts/datasets/convert.R" "$work/x" "$repo/public/datasets"
cd "$repo"
npx tsx scripts/datasets/mushroomLookalike.ts public/datasets/mushroom-lookalike.csv
