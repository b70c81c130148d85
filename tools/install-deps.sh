#!/usr/bin/env bash
# Installs everything framecheck needs to build and test, from Debian 12's own packages.
# Idempotent: packages already present are left as they are. Runs as root or through sudo.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ccache mold
  clang clang-16 clang-format libclang-rt-14-dev
  libcairo2-dev libfreetype-dev libsleef-dev libmpfr-dev libpng-dev libdeflate-dev libisal-dev
  libzstd-dev zstd
  libgtest-dev libgmock-dev libbenchmark-dev libspng-dev
  libcxxopts-dev nlohmann-json3-dev libsimdjson-dev libxxhash-dev libpugixml-dev
  libsdl2-dev libx11-dev libbox2d-dev
  chromium
  xvfb xdotool imagemagick time
  nodejs
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
