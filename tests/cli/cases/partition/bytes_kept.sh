# Events are written as their input bytes: numbers, escapes, spacing and key
# order stay exactly as they came (jansson would print 0.1 as
# 0.10000000000000001).
# A private scratch directory: cases may run side by side.
t=$(mktemp -d) && cd "$t" || exit 1
trap 'rm -rf "$t"' EXIT
printf '%s\n' \
	'{"author":"a","n":0.1,"m":1e5,"k":1.0,"z":-0.0,"big":1E+2,"t":"caf\u00e9 \ud83c\udf0d","x":12345678901234567890e-5}' \
	'{ "b" : [ 1 , 2 ] ,   "author" : "a" }' > in.tmp
adkev partition in.tmp
adkev partition in.tmp | grep -F -c '"n":0.1,"m":1e5,"k":1.0,"z":-0.0,"big":1E+2,"t":"caf\u00e9 \ud83c\udf0d","x":12345678901234567890e-5}'
adkev partition in.tmp | grep -F -c '{ "b" : [ 1 , 2 ] ,   "author" : "a" }'
# CRLF line ends, SSE data: lines and arrays give the same bytes.
printf 'data: {"author":"a","v":0.30000000000000004}\r\n\r\n' | adkev partition
printf '[{"author":"a","v":2.50},\n {"author":"b","v":1e-7}]\n' | adkev partition
