# A server stream error joins the invocation in progress; one before any
# invocation, and events without an id, form a group whose id is null.
printf '%s\n' \
	'data: {"error":"early"}' \
	'data: {"invocationId":"e-1","author":"a","content":{"parts":[{"text":"one"}]}}' \
	'data: {"error":"late"}' \
	'data: {"author":"a","content":{"parts":[{"text":"no id"}]}}' |
	adkev final --per-invocation
