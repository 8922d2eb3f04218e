# A captured ADK Go message/stream: SSE framing, JSON-RPC envelopes, a Task, status and
# artifact updates.  Without --aggregate every chunk is its own (partial) event; with it
# each artifact's chunks are also written whole, on lastChunk or when the task ends.
adkev from-a2a --deterministic go_stream.sse; echo "exit $?"
echo "== --aggregate"
adkev from-a2a --deterministic --aggregate go_stream.sse; echo "exit $?"
echo "== the answer, through adkev final"
adkev from-a2a --aggregate go_stream.sse | adkev final -r; echo "exit $?"
