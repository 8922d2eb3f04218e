# Issue 13: an event holding a single Event member converts (Go writes what it can: the
# grounding and citation metadata; an interrupted flag has no key and gives an empty
# message), and content.parts that is not an array is bad input (a2a.md section 12),
# not an empty message: exit 65 with its position, or a warning with --skip-invalid.
printf '%s\n' '{"id":"g1","groundingMetadata":{"webSearchQueries":["q"]}}' \
	'{"id":"c1","citation_metadata":{"citations":[{"uri":"https://e.example"}]}}' \
	'{"id":"i1","interrupted":true}' | adkev to-a2a; echo "exit $?"
printf '%s\n' '{"id":"p1","author":"a","content":{"role":"model","parts":"hello"}}' | adkev to-a2a
echo "exit $?"
printf '%s\n' '{"id":"p2","author":"a","content":"hello"}' | adkev to-a2a; echo "exit $?"
printf '%s\n' '{"id":"ok1","author":"a"}' '{"id":"p3","content":{"parts":{"text":"x"}}}' \
	'{"id":"ok2","author":"b"}' | adkev to-a2a --skip-invalid; echo "exit $?"
