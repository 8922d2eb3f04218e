# Partial chunks repeat the call's usage: it is counted once, from the aggregate.
adkev trajectory "$CORPUS"/adkjs/c_streaming.jsonl
# The same stream as the dev server's /run_sse writes it.
awk '{ print "data: " $0; print "" }' "$CORPUS"/adkjs/c_streaming.jsonl | adkev trajectory --no-tool-calls
