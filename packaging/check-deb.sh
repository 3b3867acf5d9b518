#!/usr/bin/env bash
# CI's check of the Debian package: builds it (PROFILE=dev unless set: the binary the tests
# built) and checks its fields (`dpkg-deb -I`) and contents (`dpkg-deb -c`), then validates the
# menu entry and the AppStream metainfo it holds, renders the man page, and checks that the
# completions know every subcommand `--help` lists. Installing it for real: install-check.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in desktop-file-validate appstreamcli man; do
  command -v "$tool" >/dev/null || apt-get install -y desktop-file-utils appstream man-db ||
    { apt-get update && apt-get install -y desktop-file-utils appstream man-db; }
done
PROFILE=${PROFILE:-dev} packaging/deb.sh >/dev/null
deb=$(ls -t target/debian/marque_*.deb | head -1)
fail() { echo "check-deb: $*" >&2; exit 1; }

info=$(dpkg-deb -I "$deb")
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
grep -q "^ Package: marque$" <<<"$info" || fail "Package field"
grep -q "^ Version: $version-" <<<"$info" || fail "Version field (want $version)"
grep -q "^ Section: games$" <<<"$info" || fail "Section field"
depends=$(grep "^ Depends:" <<<"$info")
for lib in libc6 libgl1 libegl1 libxkbcommon-x11-0; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done

contents=$(dpkg-deb -c "$deb")
for path in usr/bin/marque \
  usr/share/applications/marque.desktop \
  usr/share/metainfo/io.github.marque.Marque.metainfo.xml \
  usr/share/mime/packages/marque.xml \
  usr/share/icons/hicolor/scalable/apps/marque.svg \
  usr/share/icons/hicolor/48x48/apps/marque.png \
  usr/share/icons/hicolor/128x128/apps/marque.png \
  usr/share/icons/hicolor/256x256/apps/marque.png \
  usr/share/man/man1/marque.1.gz \
  usr/share/bash-completion/completions/marque \
  usr/share/zsh/vendor-completions/_marque \
  usr/share/fish/vendor_completions.d/marque.fish \
  usr/share/doc/marque/copyright \
  usr/share/doc/marque/LICENSE-MIT \
  usr/share/doc/marque/LICENSE-APACHE \
  usr/share/doc/marque/DejaVuSans-LICENSE.txt; do
  grep -q " \./$path\$" <<<"$contents" || fail "missing $path"
done

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
desktop-file-validate "$root/usr/share/applications/marque.desktop"
appstreamcli validate --no-net "$root/usr/share/metainfo/io.github.marque.Marque.metainfo.xml" >/dev/null
MANPAGER=cat man -l "$root/usr/share/man/man1/marque.1.gz" 2>/dev/null | grep -q "marque" || fail "man page"
bash -n "$root/usr/share/bash-completion/completions/marque" || fail "bash completion"
# Every subcommand of --help is completed, in each shell.
subcommands=$("$root/usr/bin/marque" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR>1 && $1 != "help" {print $1}')
[ -n "$subcommands" ] || fail "no subcommand in --help"
for c in $subcommands; do
  for f in completions/marque ; do
    grep -qw -- "$c" "$root/usr/share/bash-completion/$f" || fail "bash completion lacks $c"
  done
  grep -qw -- "$c" "$root/usr/share/zsh/vendor-completions/_marque" || fail "zsh completion lacks $c"
  grep -qw -- "$c" "$root/usr/share/fish/vendor_completions.d/marque.fish" || fail "fish completion lacks $c"
done
"$root/usr/bin/marque" --version | grep -qx "marque $version" || fail "--version"
echo "check-deb: $deb: fields, $(wc -l <<<"$contents") entries, desktop entry, metainfo, man page and completions fine"
