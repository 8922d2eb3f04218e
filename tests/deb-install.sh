#!/bin/sh
# The one place that installs packages, for every Makefile target that needs
# some (the Makefile calls it through $(call need,...) and $(call want,...)):
# Debian packages through apt-get, with sudo only when not root.
#
#   sh tests/deb-install.sh [--optional] [--elsewhere TEXT] WHAT PACKAGE...
#
# WHAT says what the packages are for ("make check-man", say).  Where apt-get
# is missing, or the install fails, it names the packages and exits 1; with
# --optional it says what will be skipped and exits 0 instead.  With
# --elsewhere, TEXT is the message where there is no apt-get (the package
# names of other systems, say).  It first tries
# the install from the package lists the machine has, and runs apt-get update
# only when that fails, so a machine with fresh lists is not slowed down.
set -u
# make check runs its parts side by side, and two of them may install at
# once: one apt-get at a time (dpkg's own lock would fail the second).
if [ -z "${ADKEV_DEB_LOCK:-}" ] && command -v flock >/dev/null 2>&1; then
	ADKEV_DEB_LOCK=${TMPDIR:-/tmp}/adkev-deb-install.lock
	export ADKEV_DEB_LOCK
	exec flock "$ADKEV_DEB_LOCK" sh "$0" "$@"
fi
optional=0
if [ "${1:-}" = --optional ]; then
	optional=1
	shift
fi
elsewhere=""
if [ "${1:-}" = --elsewhere ]; then
	elsewhere=$2
	shift 2
fi
what=$1
shift
packages=$*

give_up() {
	if [ $optional = 1 ]; then
		echo "$what: going on without $packages, which cannot be installed: $1" >&2
		exit 0
	fi
	echo "$what: needs $packages (Debian package names), which cannot be installed: $1" >&2
	exit 1
}

if ! command -v apt-get >/dev/null 2>&1; then
	[ -z "$elsewhere" ] || {
		echo "$elsewhere" >&2
		exit 1
	}
	give_up "no apt-get here"
fi
sudo=""
if [ "$(id -u)" != 0 ]; then
	command -v sudo >/dev/null 2>&1 || give_up "not root, and no sudo"
	sudo=sudo
fi
echo "$what: installing $packages (apt-get)"
install() {
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
		$packages >/dev/null
}
install 2>/dev/null || { $sudo apt-get update -qq && install; } || give_up "apt-get install failed"
