#!/usr/bin/env bash
# Installs the package built by deb.sh on this machine (as root), checks what a user meets, and
# removes it: `packaging/deb.sh && packaging/install-check.sh`. Not in CI (it changes the
# machine); check-deb.sh, which CI runs, checks the same files without installing them.
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(ls -t target/debian/marque_*.deb | head -1)
apt-get install -y desktop-file-utils appstream man-db bash-completion >/dev/null
apt-get install -y "./$deb"
marque --version
man -w marque
MANPAGER=cat man marque | head -5
desktop-file-validate /usr/share/applications/marque.desktop
appstreamcli validate --no-net /usr/share/metainfo/io.github.marque.Marque.metainfo.xml
# The completions as a shell loads them: `marque me<Tab>` offers merge.
bash -c 'source /usr/share/bash-completion/bash_completion
  source /usr/share/bash-completion/completions/marque
  COMP_WORDS=(marque me); COMP_CWORD=1; _marque marque me marque
  printf "%s\n" "${COMPREPLY[@]}"' | grep -qx merge
# The session type is known to the desktop (shared-mime-info's trigger ran), and only it is
# claimed: not every JSON file.
[ -e /usr/share/mime/application/x-marque-session.xml ]
grep -qx "MimeType=application/x-marque-session;" /usr/share/applications/marque.desktop
apt-get remove -y marque
[ ! -e /usr/bin/marque ] && [ ! -e /usr/share/applications/marque.desktop ]
[ ! -e /usr/share/mime/application/x-marque-session.xml ]
echo "install-check: $deb installed, used and removed cleanly"
