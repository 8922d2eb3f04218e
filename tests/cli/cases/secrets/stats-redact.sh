# stats counts an author or a tool whose name is a secret by its shape
# under "[REDACTED]", by default (--redact, the old way to ask, is the
# same); every count stays the same.  With --no-redact the names are
# printed as written.
adkev stats leaky.jsonl
echo "status $?"
adkev stats --table --redact leaky.jsonl
echo "markers with --no-redact: $(adkev stats --no-redact leaky.jsonl | grep -o LEAK | wc -l | tr -d ' ')"
