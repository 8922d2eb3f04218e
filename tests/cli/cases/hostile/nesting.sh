# Nesting at and past the parser's limit (2048 levels, a scalar counting as
# one) in the places deep values reach: tool arguments and state deltas that
# redaction, truncation and our printer walk recursively, on one line and
# over many lines.  At the limit the value is read; past it, exit 65.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
deep() { awk -v n="$1" 'BEGIN { s = ""; t = ""; for (i = 0; i < n; i++) { s = s "{\"password\":\"p\",\"x\":["; t = "]}" t }
	v = s "1" t; print "{\"author\":\"a\",\"content\":{\"parts\":[{\"functionCall\":{\"name\":\"f\",\"args\":" v "}}]},\"actions\":{\"stateDelta\":{\"k\":" v "}}}" }'; }
# 1021 pairs: 2047 levels under content.parts, the limit.
deep 1021 >at.tmp
deep 1021 | sed 's/\[/[\n/g' >at-lines.tmp
deep 1022 >past.tmp
deep 1022 | sed 's/\[/[\n/g' >past-lines.tmp
adkev trajectory at.tmp >one.tmp; echo "trajectory at the limit: status $?, $(grep -o REDACTED one.tmp | wc -l) redacted"
adkev trajectory at-lines.tmp | cmp -s - one.tmp && echo "over many lines: the same"
adkev trajectory -p at.tmp | wc -l
for c in final state partition to-a2a "to-otlp --content" "show --color=never" stats; do adkev $c at.tmp >/dev/null; echo "$c at the limit: status $?"; done
adkev trajectory past.tmp; echo "status $?"
adkev trajectory past-lines.tmp; echo "status $?"
adkev state --skip-invalid past.tmp at.tmp >one.tmp; echo "state --skip-invalid: status $?, $(wc -c <one.tmp) bytes"
# A value that never closes, thousands of levels deep.
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "{\"a\":"; print "" }' | adkev to-a2a; echo "status $?"
awk 'BEGIN { for (i = 0; i < 100000; i++) print "[" }' | adkev from-a2a; echo "status $?"
cd / && rm -rf "$t"
