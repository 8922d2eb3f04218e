# to-a2a --redact converts the redacted event: text parts, data parts (tool
# arguments and results), state deltas in the metadata, the author and the
# error message lose their secrets; the message ids and structure stay.  --lossless, so
# that the state deltas and the error message are in the message at all (issue 13).
adkev to-a2a --redact --lossless leaky.jsonl
echo "status $?"
echo "with -j 2: $(adkev to-a2a -j 2 --redact --lossless leaky.jsonl | grep -c LEAK) lines with a marker"
echo "markers without: $(adkev to-a2a --lossless leaky.jsonl | grep -o LEAK | wc -l | tr -d ' ')"
# A real ADK JS stream with a tool that returns credentials: nothing of them is left.
adkev to-a2a --redact --lossless "$CORPUS/adkjs/j_secrets.jsonl" | grep -c -e EXAMPLE -e hunter2 -e N0t-a-real
adkev to-a2a --lossless "$CORPUS/adkjs/j_secrets.jsonl" | grep -c -e EXAMPLE -e hunter2 -e N0t-a-real
