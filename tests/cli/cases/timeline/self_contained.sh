# Every corpus page is self-contained: no http(s) URL, no element that loads
# anything (src=, <link, <iframe, <object, <embed), no CSS import or url(),
# and the run's data is one application/json script the page's own script
# reads.  Prints the pages checked and any line that breaks the rule.
n=0
# db/ holds session databases and what ADK read back from them, not runs.
for f in "$CORPUS"/adkjs/*.json "$CORPUS"/adkjs/*.jsonl "$CORPUS"/adkpy-style/*.jsonl; do
	adkev timeline "$f" >page.html || echo "exit $? for ${f#"$CORPUS"/}"
	grep -n -i -E 'https?:|src=|<link|<iframe|<object|<embed|@import|url\(' page.html
	[ "$(grep -c '<script type="application/json" id="adkev-run">' page.html)" = 1 ] ||
		echo "no data script in ${f#"$CORPUS"/}"
	[ "$(grep -c '<script' page.html)" = 2 ] || echo "other scripts in ${f#"$CORPUS"/}"
	n=$((n + 1))
done
rm -f page.html
echo "$n pages checked"
