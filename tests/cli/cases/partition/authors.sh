# Dropped: no author, a null, empty or non-string one, exactly "user", and a
# server stream error.  Kept: "User" (the comparison is exact), "users", and
# an author holding \u0000, which is its own agent.
printf '%s\n' \
	'{"invocationId":"e-1","id":1}' \
	'{"author":null,"invocationId":"e-1","id":2}' \
	'{"author":"","invocationId":"e-1","id":3}' \
	'{"author":7,"invocationId":"e-1","id":4}' \
	'{"author":"user","id":5}' \
	'{"error":"quota"}' \
	'{"author":"b","id":6}' \
	'{"author":"User","id":7}' \
	'{"author":"a","id":8}' \
	'{"author":"b","id":9}' \
	'{"author":"users","id":10}' \
	'{"author":"a\u0000x","id":11}' \
	'{"author":"a","id":12}' | adkev partition
# Nothing but user and anonymous events, or nothing at all: {}.
printf '%s\n' '{"author":"user"}' '{"content":{}}' | adkev partition; echo "status $?"
adkev partition < /dev/null; echo "status $?"
