#!/usr/bin/env bash
# Builds Marque's Debian package into target/debian/, on a fresh Debian or Ubuntu machine from a
# clone: `packaging/deb.sh` (PROFILE=dev for a quick unoptimised package, as CI's check does).
# The man page and the completions are made by the binary from its own command line, so they
# never drift from `--help`.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
# dpkg-shlibdeps (from dpkg-dev) finds the libraries the binary links to.
command -v dpkg-shlibdeps >/dev/null || apt-get install -y dpkg-dev ||
  { apt-get update && apt-get install -y dpkg-dev; }
command -v cargo-deb >/dev/null || cargo install cargo-deb --version 3.8.0 --locked
cargo build --profile "$profile" --locked
case "$profile" in
  dev) dir=debug ;;
  *) dir=$profile ;;
esac
bin=target/$dir/marque
mkdir -p target/package/completions
"$bin" man | gzip -9n > target/package/marque.1.gz
"$bin" completions bash > target/package/completions/marque
"$bin" completions zsh > target/package/completions/_marque
"$bin" completions fish > target/package/completions/marque.fish
cargo deb --no-build --locked --profile "$profile"
ls target/debian/marque_*.deb
