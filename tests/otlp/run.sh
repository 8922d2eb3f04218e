#!/bin/sh
# adkev to-otlp's output decoded with the OTLP protobuf schema: every corpus
# run (tests/corpus, both spellings), with and without --content, goes through
# tests/otlp/check.js, which verifies each line as an ExportTraceServiceRequest
# with the generated protobufjs root that npm's @opentelemetry/otlp-transformer
# ships (ids hex-decoded to 16 and 8 bytes, a round trip through the wire
# format that must keep every member), then checks the tree against the run:
# parents present, one execute_tool per tool call and one generate_content per
# model call, tokens equal to adkev trajectory's.
#
#   ADKEV=... OUT=build/otlp sh tests/otlp/run.sh
#
# The package is installed by npm into a throwaway folder outside the tree,
# removed at the end.  It is pinned: 0.200.0 is a release that still ships the
# generated root (build/src/generated/root.js); 0.223.1 serialises by hand and
# has none.
# First the checker must fail on outputs broken on purpose, so a checker that
# sees nothing cannot pass.  Skipped, loudly, where node or npm is missing or
# the package cannot be fetched.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
: "${ADKEV:=$top/adkev}"
: "${OUT:=$top/build/otlp}"
version=${OTLP_TRANSFORMER_VERSION:-0.200.0}
corpus=$top/tests/corpus

skip() {
	echo "check-otlp: SKIPPED: $1" >&2
	exit 0
}
command -v node >/dev/null 2>&1 || skip "no node here (Debian package nodejs)"
command -v npm >/dev/null 2>&1 || skip "no npm here (Debian package npm)"
npmdir=$(mktemp -d "${TMPDIR:-/tmp}/adkev-otlp.XXXXXX") || exit 1
trap 'rm -rf "$npmdir"' EXIT
if ! (cd "$npmdir" && npm install --no-save --no-audit --no-fund --ignore-scripts \
	"@opentelemetry/otlp-transformer@$version" >npm.log 2>&1); then
	skip "npm could not install @opentelemetry/otlp-transformer@$version: $(tail -n 3 "$npmdir/npm.log")"
fi
root=$npmdir/node_modules/@opentelemetry/otlp-transformer/build/src/generated/root.js
if [ ! -f "$root" ]; then
	echo "check-otlp: @opentelemetry/otlp-transformer@$version has no build/src/generated/root.js" >&2
	exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT"

# Every corpus run, its trajectory and its traces, plain and with --content.
set --
for f in "$corpus"/adkjs/* "$corpus"/adkpy-style/*.jsonl "$corpus"/adk2/*.jsonl \
	"$corpus"/adk2/members/*.jsonl "$corpus"/adk2/rewind/*.jsonl; do
	name=$(basename "$f")
	# A trace holds every call that was made, a rewound one too: its
	# reference is the trajectory of the events with their rewinds unmarked.
	case $f in
	*/rewind/*) jq -c 'del(.actions.rewindBeforeInvocationId, .actions.rewind_before_invocation_id)' "$f" |
		"$ADKEV" trajectory >"$OUT/$name.trajectory" || exit 1 ;;
	*) "$ADKEV" trajectory "$f" >"$OUT/$name.trajectory" || exit 1 ;;
	esac
	"$ADKEV" to-otlp "$f" >"$OUT/$name.otlp" || exit 1
	"$ADKEV" to-otlp --content "$f" >"$OUT/$name.content.otlp" || exit 1
	set -- "$@" "$f" "$OUT/$name.otlp" "$OUT/$name.trajectory" \
		"$f" "$OUT/$name.content.otlp" "$OUT/$name.trajectory"
done

# The checker first, on one run broken in each way it must notice.
run=$corpus/adkjs/b_tool_call.session.json
good=$OUT/b_tool_call.session.json.content.otlp
for broken in 's/"parentSpanId"/"parentSpanID"/' \
	's/"spanId":"\([0-9a-f]\{15\}\)[0-9a-f]/"spanId":"\1/' \
	's/"kind":3/"kind":"CLIENT"/' \
	's/"startTimeUnixNano":"\([0-9]*\)"/"startTimeUnixNano":\1/' \
	's/"intValue":"61"/"intValue":"60"/' \
	's/"name":"execute_tool get_weather"/"name":"tool get_weather"/' \
	's/"name":"generate_content"/"name":"generate"/'; do
	sed "$broken" "$good" >"$OUT/broken.otlp"
	if node "$here/check.js" "$root" "$run" "$OUT/broken.otlp" "$OUT/b_tool_call.session.json.trajectory" >/dev/null; then
		echo "check-otlp: the checker passed an output broken by sed '$broken'" >&2
		exit 1
	fi
done
rm -f "$OUT/broken.otlp"
node "$here/check.js" "$root" "$@"
