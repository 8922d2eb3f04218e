#!/bin/sh
# make install and make uninstall into a temporary DESTDIR: the binary, every
# man page and both shell completions land in their conventional places
# under PREFIX with their modes, and uninstall removes every one of them.
#
#   MAKE=make BUILD=build/default sh tests/install.sh
set -u
: "${MAKE:=make}" "${BUILD:=build/default}"
top=$(cd "$(dirname "$0")/.." && pwd)
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
prefix=/opt/adkev-test
fail=0
bad() {
	echo "install: $*"
	fail=1
}

$MAKE -s -C "$top" --no-print-directory BUILD="$BUILD" PREFIX=$prefix DESTDIR="$dest" install \
	>"$dest.log" 2>&1 || { cat "$dest.log"; bad "make install failed"; }
rm -f "$dest.log"

root=$dest$prefix
expect() { # MODE PATH [SOURCE]
	if [ ! -f "$root/$2" ]; then
		bad "missing $prefix/$2"
		return
	fi
	mode=$(stat -c %a "$root/$2")
	[ "$mode" = "$1" ] || bad "$prefix/$2 has mode $mode, not $1"
	if [ -n "${3:-}" ] && ! cmp -s "$3" "$root/$2"; then
		bad "$prefix/$2 differs from $3"
	fi
}
expect 755 bin/adkev "$top/$BUILD/adkev"
# The completions are the scripts the binary writes from its option tables.
"$top/$BUILD/adkev" completion bash >"$dest.bash"
"$top/$BUILD/adkev" completion zsh >"$dest.zsh"
"$top/$BUILD/adkev" completion fish >"$dest.fish"
expect 644 share/bash-completion/completions/adkev "$dest.bash"
expect 644 share/zsh/site-functions/_adkev "$dest.zsh"
expect 644 share/fish/vendor_completions.d/adkev.fish "$dest.fish"
rm -f "$dest.bash" "$dest.zsh" "$dest.fish"
nman=0
for page in "$top"/man/*.1 "$top"/man/*.5; do
	expect 644 "share/man/man${page##*.}/$(basename "$page")" "$page"
	nman=$((nman + 1))
done
[ -x "$root/bin/adkev" ] && "$root/bin/adkev" --version >/dev/null || bad "the installed adkev does not run"
# Nothing else, and nothing outside PREFIX.
nfiles=$(find "$dest" -type f | wc -l)
[ "$nfiles" -eq $((nman + 4)) ] || bad "$nfiles files installed, not $((nman + 4)):" \
	"$(cd "$dest" && find . -type f | sort)"

$MAKE -s -C "$top" --no-print-directory BUILD="$BUILD" PREFIX=$prefix DESTDIR="$dest" uninstall \
	|| bad "make uninstall failed"
left=$(cd "$dest" && find . -type f)
[ -z "$left" ] || bad "make uninstall left: $left"

if [ $fail = 0 ]; then
	echo "install: binary, $nman man pages, bash, zsh and fish completions installed and removed"
fi
exit $fail
