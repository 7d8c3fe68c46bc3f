#!/usr/bin/env bash
# Builds breathe-voice_<version>_<arch>.deb with dpkg-deb from a built binary: the binary stripped, every language's man
# page gzipped, the completions at Debian's paths, Depends: from dpkg-shlibdeps, then checks it with lintian (no
# errors). The pages and completions are made from that binary and Locales/ (scripts/generate-files.sh, as make install
# makes them): nothing generated is committed.
#
# Usage: scripts/build-deb.sh BINARY OUTPUT-FOLDER   (make deb passes the release build and .build/deb)
# Prints the package's path on the last line.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
binary=$1
out=$(mkdir -p "$2" && cd "$2" && pwd)
[ -x "$binary" ] || { echo "build-deb: no binary at $binary" >&2; exit 66; }

version=$("$binary" --version | sed -n 's/^breathe-voice //p')
[ -n "$version" ] || { echo "build-deb: $binary --version did not name a version" >&2; exit 65; }
arch=$(dpkg --print-architecture)
name="breathe-voice_${version}_${arch}"
stage=$(mktemp -d "$out/stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
pkg="$stage/$name"

install -d -m 755 "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/share/man/man1" "$pkg/usr/share/doc/breathe-voice" \
  "$pkg/usr/share/bash-completion/completions" "$pkg/usr/share/zsh/vendor-completions" \
  "$pkg/usr/share/fish/vendor_completions.d"
install -m 755 "$binary" "$pkg/usr/bin/breathe-voice"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/breathe-voice"
generated="$stage/generated"
"$root/scripts/generate-files.sh" "$binary" "$generated"
# Every language's man page (scripts/generate-man.py --list): English in man1, the others in the locale's folder
# (pt-BR's in pt_BR, as man(1) looks them up).
while read -r code page; do
  folder=man1
  [ "$code" = en ] || folder=${code//-/_}/man1
  install -d -m 755 "$pkg/usr/share/man/$folder"
  gzip -9n < "$generated/$page" > "$pkg/usr/share/man/$folder/breathe-voice.1.gz"
  chmod 644 "$pkg/usr/share/man/$folder/breathe-voice.1.gz"
done < <(python3 "$root/scripts/generate-man.py" --list)
# bash-completion sources the file: no #! line (lintian: bash-completion-with-hashbang).
sed '1{/^#!/d}' "$generated/completions/breathe-voice.bash" > "$pkg/usr/share/bash-completion/completions/breathe-voice"
chmod 644 "$pkg/usr/share/bash-completion/completions/breathe-voice"
install -m 644 "$generated/completions/_breathe-voice" "$pkg/usr/share/zsh/vendor-completions/_breathe-voice"
install -m 644 "$generated/completions/breathe-voice.fish" "$pkg/usr/share/fish/vendor_completions.d/breathe-voice.fish"
install -m 644 "$root/debian/copyright" "$pkg/usr/share/doc/breathe-voice/copyright"
gzip -9n < "$root/debian/changelog" > "$pkg/usr/share/doc/breathe-voice/changelog.gz"
chmod 644 "$pkg/usr/share/doc/breathe-voice/changelog.gz"

# dpkg-shlibdeps reads debian/control from the folder it runs in: give it a minimal one beside the staged binary.
mkdir -p "$stage/debian"
printf 'Source: breathe-voice\n\nPackage: breathe-voice\nArchitecture: any\n' > "$stage/debian/control"
depends=$(cd "$stage" && dpkg-shlibdeps -O "$name/usr/bin/breathe-voice" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 70; }
rm -rf "$stage/debian"
# libespeak-ng, libpulse and libspeechd are opened with dlopen (so that commands without sound never map them):
# dpkg-shlibdeps cannot see them, so their dependencies come from the same shlibs files it reads.
for library in "libespeak-ng 1" "libpulse 0" "libspeechd 2"; do
  dependency=$(cat /var/lib/dpkg/info/*.shlibs 2>/dev/null | sed -n "s/^$library //p" | head -n 1)
  [ -n "$dependency" ] || { echo "build-deb: no shlibs entry for $library (is its package installed?)" >&2; exit 70; }
  case ", $depends, " in
    *", ${dependency%% *} "*|*", ${dependency%% *},"*) ;;
    *) depends="$depends, $dependency" ;;
  esac
done

size=$(du -k -s --apparent-size "$pkg" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
  "$root/debian/control.in" > "$pkg/DEBIAN/control"
(cd "$pkg" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"

dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out/$name.deb" >/dev/null
# lintian: no errors (warnings are printed for the record). It refuses to run as root without --allow-root.
lintian_flags=(--fail-on error --tag-display-limit 0)
[ "$(id -u)" -eq 0 ] && lintian_flags+=(--allow-root)
lintian "${lintian_flags[@]}" "$out/$name.deb" >&2
echo "$out/$name.deb"
