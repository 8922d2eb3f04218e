# JSONL, an SSE line, an array and a session object, one after another.
{
	echo '{"author":"a","content":{"parts":[{"text":"1"}]}}'
	echo 'data: {"author":"a","content":{"parts":[{"text":"2"}]}}'
	echo '[{"author":"a","content":{"parts":[{"text":"3"}]}}]'
	echo '{"id":"s","events":[{"author":"a","content":{"parts":[{"text":"4"}]}}]}'
	printf '{\n  "author": "a",\n  "content": {"parts": [{"text": "5"}]}\n}\n'
} | adkev final --concat -r
