#!/usr/bin/env bash
# Regenerates results/data/*.csv (the papers' own data sets the reproductions need beyond
# public/datasets) from the Debian 12 (bookworm) packages weka 3.6.14-3 and r-cran-kernlab
# 0.9-32-1. Needs apt-get (after `apt-get update`), dpkg-deb and Rscript (base R). Not run by
# tests or CI.
#
#   bash scripts/datasets/paperData.sh [WORKDIR]
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
cd "$work"
source "$repo/scripts/datasets/debs.sh"
extract_debs weka=3.6.14-3 r-cran-kernlab=0.9-32-1
Rscript "$repo/scripts/datasets/paperData.R" "$work/x" "$repo/results/data"
