# /run_sse output: event:, id:, retry: and comment lines are ignored, CRLF
# line ends accepted, "data:" with or without a space.
printf ': ping\r\nevent: message\r\nid: 1\r\nretry: 3000\r\ndata: %s\r\n\r\ndata:%s\r\n\r\n' \
	'{"author":"a","content":{"parts":[{"text":"first"}]}}' \
	'{"author":"a","content":{"parts":[{"text":"second"}]}}' | adkev final --concat -r
