# \u0000 inside an object key is valid JSON that jansson cannot hold: the
# message says so plainly (not jansson's "not supported"), with the position
# of the key, read alone or by the -j workers; the line is bad input (65).
printf '%s\n' '{"author":"a","x\u0000y":1}' | adkev final; echo "status $?"
printf '%s\n' '{"author":"a"}' '{"content":{"k\u0000":2}}' | adkev final -j 2; echo "status $?"
