# The blank line ends an SSE event: a value still open there is cut short,
# reported at the end of its last data line.
printf '%s\n' 'data: {"author": "agent",' ': comment' '' 'data: "content": {}}' '' |
	adkev final -r
