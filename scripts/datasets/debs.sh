# Shared by convert.sh and paperData.sh (sourced): downloads Debian packages into the current
# directory unless a .deb of that name and version is already there, and extracts each into ./x.
#
#   extract_debs weka=3.6.14-3 r-cran-mlbench=2.1-3-1
extract_debs() {
  local spec name version
  for spec in "$@"; do
    name=${spec%%=*}
    version=${spec#*=}
    ls "${name}_${version}"_*.deb >/dev/null 2>&1 || apt-get download "$spec"
    dpkg-deb -x "$(ls "${name}_${version}"_*.deb | head -n 1)" x
  done
}
