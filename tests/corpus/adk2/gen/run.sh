#!/bin/sh
# Regenerates tests/corpus/adk2 with ADK JS itself.  npm installs the pinned
# packages (package-lock.json) in a folder outside the tree, never here.
#
#   sh tests/corpus/adk2/gen/run.sh [OUTDIR]      (default: tests/corpus/adk2)
#
# ADK2GEN_DIR names the install folder (default /tmp/adk2gen).  The sqlite3
# package builds its native module with node-gyp against the local Node
# headers (npm config nodedir=/usr on a Debian nodejs).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/.."}
work=${ADK2GEN_DIR:-/tmp/adk2gen}
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here/harness.mjs" "$here/generate.mjs" "$work/"
if [ ! -d "$work/node_modules/@google/adk" ]; then
	(cd "$work" && npm ci --no-audit --no-fund)
fi
node "$work/generate.mjs" "$out"
