# --set-author, --set-invocation-id and --branch stamp every event; --author
# and --invocation-id, spellings never released (--author filters in every
# other command), are unknown options; --no-peer-actions drops the
# escalate, transfer and adk_actions a peer sends.
# Scratch files live in a private directory: several runs of the suite may overlap.
tmp=$(mktemp -d) && cd "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
in='{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"done"}],"metadata":{"adk_escalate":true,"adk_transfer_to_agent":"admin","adk_actions":{"stateDelta":{"role":"admin"},"skipSummarization":true}}}'
echo "$in" | adkev from-a2a --deterministic --set-author remote_agent --set-invocation-id e-42 --branch root.remote_agent; echo "exit $?"
echo "$in" | adkev from-a2a --deterministic --author remote_agent --invocation-id e-42 --branch root.remote_agent; echo "exit $?"
echo "$in" | adkev from-a2a --deterministic --no-peer-actions; echo "exit $?"
echo "== without --deterministic: a fresh id per event, the current time, one invocation for the run"
uuid='[0-9a-f]\{8\}-[0-9a-f]\{4\}-4[0-9a-f]\{3\}-[89ab][0-9a-f]\{3\}-[0-9a-f]\{12\}'
printf '%s\n%s\n' "$in" "$in" | adkev from-a2a > out.jsonl; echo "exit $?"
sed -e "s/\"id\":\"$uuid\"/\"id\":\"UUID\"/" -e "s/\"invocationId\":\"e-$uuid\"/\"invocationId\":\"e-UUID\"/" -e 's/"timestamp":[0-9]\{10\}\.[0-9]*/"timestamp":NOW/' out.jsonl
cut -d, -f1 out.jsonl | sort -u | wc -l
cut -d, -f2 out.jsonl | sort -u | wc -l
rm -f out.jsonl
echo "== usage"
adkev from-a2a --set-author; echo "exit $?"
adkev from-a2a --a2a-version 1.0 /dev/null; echo "exit $?"
adkev from-a2a -h; echo "exit $?"
