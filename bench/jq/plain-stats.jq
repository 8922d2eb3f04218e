# plain-stats.jq - the jq a user would write for the head of adkev stats:
# how many events, how many per author, how many invocations.  adkev's
# output is cut down to those three before the two are compared (the kinds,
# tools and token totals it also counts are left out here).
reduce inputs as $e ({events: 0, authors: {}, invocations: {}};
	.events += 1
	| .authors[$e.author] += 1
	| .invocations[$e.invocationId] = true)
| .invocations |= length
