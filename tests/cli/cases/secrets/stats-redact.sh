# stats counts an author or a tool whose name is a secret by its shape
# under "[REDACTED]", by default (there is no --redact to ask for it);
# every count stays the same.  With --no-redact the names are
# printed as written.
adkev stats leaky.jsonl
echo "status $?"
adkev stats --table leaky.jsonl
echo "markers with --no-redact: $(adkev stats --no-redact leaky.jsonl | grep -o LEAK | wc -l | tr -d ' ')"
adkev stats --redact leaky.jsonl; echo "exit $?"
