# timeline keeps "a" and "a\u0000evil" in lanes of their own and "inv" and
# "inv\u0000X" apart; "user\u0000x" is an agent's lane, not the user's.
page=$(adkev timeline nul-names.jsonl) || echo "exit $?"
printf '%s\n' "$page" |
	sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' |
	grep -o -e '"lanes":\[[^]]*\]' -e '"invocations":\[[^]]*\]'
echo "status $?"
