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
source "$repo/scripts/datasets/debs.sh"
extract_debs weka=3.6.14-3 r-cran-mlbench=2.1-3-1
Rscript "$repo/scripts/datasets/convert.R" "$work/x" "$repo/public/datasets"
cd "$repo"
npx tsx scripts/datasets/mushroomLookalike.ts public/datasets/mushroom-lookalike.csv
