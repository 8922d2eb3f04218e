# A session whose "events" key spells a letter as an escape is still a
# session, and its events pass through as their original bytes (0.10 stays
# 0.10, the spaces stay), as every other session's do.
printf '%s\n' '{"id":"s","\u0065vents":[{"author":"a", "x":0.10},' \
	'  {"author":"b","content":{"parts":[{"text":"hi"}]}}]}' | adkev partition
