# plain-events-call.jq - the jq a user would write for adkev events --kind
# call: the events with a functionCall part (camelCase only).
select(any(.content.parts[]?; .functionCall))
