# to-a2a --redact converts the redacted event: text parts, data parts (tool
# arguments and results), state deltas in the metadata, the author and the
# error message lose their secrets; the message ids and structure stay.
adkev to-a2a --redact leaky.jsonl
echo "status $?"
echo "with -j 2: $(adkev to-a2a -j 2 --redact leaky.jsonl | grep -c LEAK) lines with a marker"
echo "markers without: $(adkev to-a2a leaky.jsonl | grep -o LEAK | wc -l | tr -d ' ')"
