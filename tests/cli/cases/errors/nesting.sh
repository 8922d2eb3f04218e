# 2048 levels are jansson's limit, a scalar counting as one: at the limit
# is fine, past it is invalid.
deep() { awk -v n="$1" 'BEGIN { s = "{\"author\":\"a\",\"x\":"; for (i = 0; i < n; i++) s = s "["; s = s "1"; for (i = 0; i < n; i++) s = s "]"; print s "}" }'; }
deep 2046 | adkev final; echo "status $?"
deep 2047 | adkev final; echo "status $?"
awk 'BEGIN { for (i = 0; i < 3000; i++) print "[" }' | adkev final; echo "status $?"
