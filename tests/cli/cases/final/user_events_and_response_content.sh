# User events never answer (a recorded session holds the user's message);
# actions.responseContent wins over content.parts when it is not empty.
printf '%s\n' \
	'{"author":"agent","content":{"parts":[{"text":"reply"}]}}' \
	'{"author":"user","content":{"parts":[{"text":"next question"}]}}' | adkev final -r
printf '%s\n' \
	'{"author":"agent","actions":{"responseContent":[{"text":"from responseContent"}]},"content":{"parts":[{"text":"from content"}]}}' \
	'{"author":"agent","actions":{"response_content":[]},"content":{"parts":[{"text":"A"},{"text":"B"}]}}' |
	adkev final --concat -r
