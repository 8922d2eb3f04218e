# Token counts out of range: a negative count adds 0 (it took tokens away
# before, down to a negative total), a real past the 64-bit range counts as
# the largest count (it added 0 before), reals are read as their integer
# part, and sums saturate at 2^63-1 instead of wrapping.  stats sums alike.
printf '%s\n' \
	'{"author":"a","invocationId":"i","usageMetadata":{"promptTokenCount":-5,"candidatesTokenCount":1e300,"totalTokenCount":9223372036854775807}}' \
	'{"author":"a","invocationId":"i","usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":2.9,"totalTokenCount":10}}' \
	'{"author":"a","invocationId":"i","usageMetadata":{"promptTokenCount":-9223372036854775808,"candidatesTokenCount":-1e300,"totalTokenCount":-1}}' >t.jsonl
adkev trajectory --no-tool-calls t.jsonl || echo "exit $?"
adkev stats t.jsonl | grep -o '"token_usage":{[^}]*}'
rm -f t.jsonl
