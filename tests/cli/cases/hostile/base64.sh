# Garbage base64 in inline data: to-a2a and from-a2a report the event
# (exit 65, skippable) instead of passing bytes nobody can decode.
# Missing padding and the URL-safe alphabet (ADK Python's) are accepted.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
to() {
	printf '{"author":"a","content":{"parts":[{"inlineData":{"mimeType":"image/png","data":"%s"}}]}}\n' "$1" |
		adkev to-a2a >out.tmp
	echo "'$1': status $?"
	sed 's/"messageId":"[^"]*"/"messageId":"M"/' out.tmp
	rm -f out.tmp
}
for d in aGVsbG8= aGVsbG8 _-_- '' 'aGV$bG8=' a '====' 'aGVs bG8=' 'aGVsbG8=aGVs' '\\u0000AA'; do to "$d"; done
from() { printf '{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"file","file":{"bytes":"%s","mimeType":"image/png"}}]}\n{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"raw":"%s"}]}}\n' "$1" "$1" |
	adkev from-a2a --deterministic --skip-invalid; echo "'$1': status $?"; }
for d in aGVsbG8= aGVsbG8 _-_- '!!!!' a '\\n'; do from "$d"; done
# Empty inline data goes to A2A as "bytes":"" and comes back as empty data
# (found by fuzz_to_a2a: from-a2a used to reject what to-a2a wrote).
printf '{"author":"a","content":{"parts":[{"inlineData":{"mimeType":"image/png","data":""}}]}}\n' |
	adkev to-a2a | adkev from-a2a --deterministic; echo "round trip: status $?"
cd / && rm -rf "$t"
