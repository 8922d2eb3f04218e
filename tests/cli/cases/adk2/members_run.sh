# adk run --jsonl lines (tests/corpus/adk2/members/run.jsonl): ADK's camelCase
# event with session_id and node_path put beside its own members, empty
# action members left out (ADK Python 2.0 cli/cli.py, as
# /work/shared/notes/adk-2x.md reads it).  adkev reads such a line as the
# event it is, with two members more: every command answers as it does over
# the same events as /run_sse writes them (camel.jsonl); to-otlp takes
# session_id for gen_ai.conversation.id, and show, timeline and to-a2a take
# node_path for the node where the line has no nodeInfo.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$CORPUS"/adk2/members/camel.jsonl "$CORPUS"/adk2/members/run.jsonl .
for c in final "final --full-scan" "final --concat" reasoning trajectory state stats \
	"stats --per-invocation" "show --width 100" timeline to-a2a "to-a2a --lossless" critic; do
	adkev $c camel.jsonl >want.out 2>want.err; want=$?
	adkev $c run.jsonl >got.out 2>got.err; got=$?
	sed -i 's/run\.jsonl/camel.jsonl/g' got.out got.err
	if [ "$c" = "to-a2a --lossless" ]; then
		# Only adk_event_members, which carries session_id and node_path, differs.
		jq -c 'del(.metadata.adk_event_members)' got.out >got2.out && mv got2.out got.out
		jq -c 'del(.metadata.adk_event_members)' want.out >want2.out && mv want2.out want.out
	fi
	if [ $want = $got ] && cmp -s want.out got.out && cmp -s want.err got.err; then
		echo "$c: as over camel.jsonl (status $got)"
	else
		echo "$c: DIFFERENT"; diff want.out got.out | head -n 4
	fi
done
adkev to-otlp run.jsonl | jq -r '.resourceSpans[].scopeSpans[].spans[].attributes[]
	| select(.key == "gen_ai.conversation.id") | .value.stringValue' | sort | uniq -c
adkev to-otlp camel.jsonl | jq -r '[.resourceSpans[].scopeSpans[].spans[].attributes[]
	| select(.key == "gen_ai.conversation.id")] | length' | sort -u
# Lines with node_path and no nodeInfo: the node is node_path's.
jq -c 'del(.nodeInfo)' run.jsonl >bare.jsonl
adkev show --width 100 bare.jsonl | head -n 6
adkev to-a2a bare.jsonl | sed -n 1p | jq -c '[.parts[].metadata.adk_node_path]'
echo "status $?"
