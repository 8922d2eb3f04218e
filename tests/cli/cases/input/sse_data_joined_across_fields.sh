# The data lines of one SSE event are joined with a newline until the blank
# line that ends it, across comment, id, event and retry lines: a value
# pretty-printed over data lines may have them in between.
printf '%s\n' 'data: {' ': a comment' 'data:   "author": "agent",' \
	'id: 7' 'event: message' 'retry: 3000' \
	'data:   "content": {"parts": [{"text": "joined across fields"}]}' 'data: }' '' |
	adkev final -r
