# --author and --invocation keep only those events: the lanes and items of
# the page are theirs alone.
lanes() {
	page=$(adkev timeline "$@") || echo "exit $?"
	printf '%s\n' "$page" | sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' |
		grep -o '"lanes":\[[^]]*\]\|"kind":"[a-z]*"' | tr '\n' ' '
	echo
}
f=$CORPUS/adkjs/g_transfer.session.json
lanes --author billing_agent "$f"
lanes --invocation e-9855d051-b523-434c-821c-3704eaa4d317 "$f"
