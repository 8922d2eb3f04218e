# ADK Go's session database (google/adk-go session/database/storage_session.go)
# keeps its 2.x workflow members in columns of their own: routes_json,
# output_json, node_info_json, requested_input_json (encoding/json of
# Event.Routes, Output, NodeInfo, RequestedInput) and isolation_scope.
# adkgo-workflow.db holds ADK JS 2.0.0's workflow sessions (../adk2) as Go
# stores them (tests/corpus/db/make_layouts.py): each column's value comes
# back under Go's own JSON name (routes, output, nodeInfo, requestedInput,
# isolationScope), and every command gives what it gives over the session
# file; to-a2a's data parts compared with their keys sorted, as Go's
# encoding/json writes a map's.
export TZ=UTC
db=$CORPUS/db/adkgo-workflow.db
. "$TESTS/cli/same_as_files.sh"
adkev events "$db" | jq -c 'with_entries(select(.key | IN("author", "routes", "output",
	"nodeInfo", "requestedInput", "isolationScope")))'
echo "status $?"
for n in workflow_route request_input; do
	compare "$db" "$CORPUS/adk2/$n.session.json" "${commands%|to-a2a*}"
	id=$(jq -r .id "$CORPUS/adk2/$n.session.json")
	a=$(adkev to-a2a "$CORPUS/adk2/$n.session.json" | jq -cS .)
	b=$(adkev to-a2a --session "$id" "$db" | jq -cS .)
	if [ "$a" = "$b" ]; then echo same; else echo "DIFF $n to-a2a"; fi
done | sort | uniq -c | sed 's/^ */adkgo-workflow.db: /'
