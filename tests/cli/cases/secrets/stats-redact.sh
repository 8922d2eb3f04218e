# stats --redact counts an author or a tool whose name is a secret by its
# shape under "[REDACTED]"; every count stays the same.  Without it the
# names are printed as written.
adkev stats --redact leaky.jsonl
echo "status $?"
adkev stats --table --redact leaky.jsonl
echo "markers without: $(adkev stats leaky.jsonl | grep -o LEAK | wc -l | tr -d ' ')"
