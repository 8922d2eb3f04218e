# An ADK 2.x workflow router's route (a bool, int, string or list) survives
# to-a2a --lossless | from-a2a, in A2A 0.3 and 1.0: ADK JS 2.0.0 writes it
# on the event (tests/corpus/adk2/workflow_route.jsonl), and it travels as
# adk_event_members.route in the message's metadata; ADK Python 2.x writes it in
# actions.route (EventActions.route, events/event_actions.py), as the events
# built here after that model say, and it travels in adk_actions.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
cp "$CORPUS/adk2/workflow_route.jsonl" in.jsonl
printf '%s\n' \
	'{"author":"classify","invocation_id":"e-9","id":"p1","timestamp":1767600000.5,"actions":{"route":true},"node_info":{"path":"wf@1/classify@1"}}' \
	'{"author":"classify","invocation_id":"e-9","id":"p2","timestamp":1767600001.5,"actions":{"route":2},"node_info":{"path":"wf@1/classify@2"}}' \
	'{"author":"classify","invocation_id":"e-9","id":"p3","timestamp":1767600002.5,"actions":{"route":"refund"},"node_info":{"path":"wf@1/classify@3"}}' \
	'{"author":"classify","invocation_id":"e-9","id":"p4","timestamp":1767600003.5,"actions":{"route":["refund","notify"]},"node_info":{"path":"wf@1/classify@4"}}' >>in.jsonl
jq -c '[.id, .route, (.actions.route // null)]' in.jsonl >want.jsonl
for v in 0.3 1.0; do
	echo "== A2A $v"
	adkev to-a2a --lossless --a2a-version "$v" in.jsonl >a2a.jsonl; echo "exit $?"
	jq -c '[.metadata.adk_event_members.route, (.metadata.adk_actions.route // null)]' a2a.jsonl
	adkev from-a2a a2a.jsonl >back.jsonl; echo "exit $?"
	jq -c '[.id, .route, (.actions.route // null)]' back.jsonl | diff want.jsonl - && echo same
done
