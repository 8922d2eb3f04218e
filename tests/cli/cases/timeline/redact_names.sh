# Names that are secrets by their shape are hidden in the page as show
# --redact hides them: an invocation id that is a JWT, an agent and the
# transfer to it, a tool and its call id that are API keys.  The run is
# still paired by the names as written (the call and its result, the lanes),
# and --no-redact shows them.  ADK JS's own transfer run, its names replaced.
jwt=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLW9mLWEtdG9rZW4
agent=sk-proj-4fGh7Jk2Lm9Np0Qr3St6Uv8Wx1Yz
sed -e "s/e-c0c76f2f-2cfc-460a-9da4-f72d559aecc1/$jwt/g" -e "s/billing_agent/$agent/g" \
	-e "s/adk-45fbd206-2d92-44da-999a-c99e5a4637c4/ghp_1234567890abcdefghijklmnopqrstuvwxyz/g" \
	"$CORPUS/adkjs/g_transfer.jsonl" >named.jsonl
run() {
	sed -n 's/^<script type="application\/json" id="adkev-run">\(.*\)<\/script>$/\1/p' page.html
}
adkev timeline named.jsonl >page.html || echo "exit $?"
echo "secrets in the page: $(grep -c -e eyJhbGci -e sk-proj -e ghp_ page.html)"
run | sed 's/.*\("lanes":.*\),"items":.*/\1/'
run | grep -o '{"kind":"call"[^}]*}' | cut -c1-120
echo "calls answered: $(run | grep -o '"results":1' | wc -l | tr -d ' ')"
run | grep -o '{"kind":"transfer"[^}]*}'
adkev show named.jsonl | grep -c -e eyJhbGci -e sk-proj -e ghp_
adkev timeline --no-redact named.jsonl >page.html || echo "exit $?"
echo "--no-redact: lines with the names: $(grep -c -e eyJhbGci -e sk-proj -e ghp_ page.html)"
run | sed 's/.*\("invocations":.*\),"items":.*/\1/'
rm -f named.jsonl page.html
