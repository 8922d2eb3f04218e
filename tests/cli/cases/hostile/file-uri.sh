# A fileData part without a fileUri (or with an empty one) is invalid input
# for to-a2a (65, skippable): A2A readers, from-a2a and ADK Go among them,
# take an empty uri as no file at all (found by fuzz_to_a2a: to-a2a wrote
# "uri":"", which from-a2a then rejected).
p() {
	input=$1
	shift
	out=$(printf "$input" | adkev "$@"; echo "status $?")
	echo "$out" | sed 's/"messageId":"[^"]*"/"messageId":"M"/'
}
ev='{"author":"a","content":{"parts":[{"fileData":{"mimeType":"image/png","fileUri":""}}]}}\n{"author":"a","content":{"parts":[{"fileData":{"mimeType":"image/png"}}]}}\n{"author":"a","content":{"parts":[{"fileData":{"fileUri":"gs://b/o"}}]}}\n'
p "$ev" to-a2a
p "$ev" to-a2a --skip-invalid
p "$ev" to-a2a --skip-invalid --a2a-version 1.0
printf "$ev" | adkev to-a2a --skip-invalid 2>/dev/null | adkev from-a2a --deterministic; echo "round trip: status $?"
