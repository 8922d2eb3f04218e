# MCP tools return JSON as text: ADK puts the tool's CallToolResult,
# {"content":[{"type":"text","text":"{\"api_key\":…}"}]}, in the function
# response.  The secrets inside such a string are hidden as in the object it
# carries, the string staying a string of JSON text, in every command that
# hides secrets; -j 2 writes what -j 1 writes.  The stream is ADK JS's own
# j_secrets run with its tool's result carried that way (derived, as
# tests/corpus/adkpy-style is, not written by hand).
src=$CORPUS/adkjs/j_secrets.jsonl
resp=$(sed -n '2s/.*"response":\({.*}\)}}\]},"actions".*/\1/p' "$src")
text=$(printf '%s' "$resp" | sed 's/\\/\\\\/g; s/"/\\"/g')
mcp="{\"content\":[{\"type\":\"text\",\"text\":\"$text\"}],\"isError\":false}"
mcp_sed=$(printf '%s' "$mcp" | sed 's/[\\&|]/\\&/g')
{
	sed -n 1p "$src"
	sed -n 2p "$src" | sed "s|\"response\":{.*}}}\]},\"actions\"|\"response\":$mcp_sed}}]},\"actions\"|"
	sed -n '3,$p' "$src"
} >mcp.jsonl
adkev trajectory -j 1 mcp.jsonl >one.json || echo "trajectory: exit $?"
adkev trajectory -j 2 mcp.jsonl >two.json || echo "trajectory -j 2: exit $?"
cmp -s one.json two.json && echo "trajectory: -j 2 writes what -j 1 writes"
# The result as trajectory writes it, then the text it carries.
adkev trajectory -p mcp.jsonl | sed -n '/"result"/,/"timestamp"/p'
for cmd in "trajectory" "trajectory -p" "trajectory --max-string 40" "show --full" \
	"timeline" "to-a2a --redact" "stats"; do
	adkev $cmd mcp.jsonl >out 2>&1; status=$?
	leaks=$(grep -c -e sk_live_EXAMPLE -e hunter2 -e ghp_EXAMPLE -e cs_EXAMPLE -e N0t-a-real out)
	echo "$cmd: exit $status, lines with a secret: $leaks"
done
rm -f mcp.jsonl one.json two.json out
