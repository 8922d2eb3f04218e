# trajectory redacts by default, wherever a secret sits: nested in arrays,
# in state deltas, in tool arguments and results, under every spelling of
# the key (case, '_', '-', '.', prefixes), whatever the value's type.
# Keys that only resemble one (max_tokens, token_count, secretary) stay.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
cat >secrets.tmp <<'JSON'
{"author":"agent","invocationId":"i1","content":{"parts":[{"functionCall":{"id":"c1","name":"login","args":{"user":"ann","Password":"S3CR3T-a","API_KEY":"S3CR3T-b","nested":[{"x-api-key":"S3CR3T-c"},[{"Api.Key":"S3CR3T-d"}],"plain"],"max_tokens":64,"token_count":3,"secretary":"Bob","tokens":["t"]}}}]}}
{"author":"agent","invocationId":"i1","content":{"parts":[{"functionResponse":{"id":"c1","name":"login","response":{"ok":true,"session":{"access_token":"S3CR3T-e","refreshToken":"S3CR3T-f","id-token":"S3CR3T-g","CLIENT.SECRET":"S3CR3T-h"},"headers":[{"Authorization":"Bearer S3CR3T-i"},{"proxy_authorization":"S3CR3T-j"},{"BEARER":"S3CR3T-k"}],"db_credential":{"user":"u","pass":"S3CR3T-l"},"numbers":{"pin_password":1234,"apikey":null,"secret":["S3CR3T-m",{"deep":"S3CR3T-n"}]}}}}]}}
{"author":"agent","invocationId":"i1","actions":{"stateDelta":{"user:auth":{"bearerToken":"S3CR3T-o","list":[{"github_token":"S3CR3T-p"}]},"temp:apiKey":"S3CR3T-q","app:name":"demo"}}}
{"author":"agent","invocation_id":"i1","actions":{"state_delta":{"SLACK_WEBHOOK_SECRET":"S3CR3T-r","nosecret":"S3CR3T-s"}},"content":{"parts":[{"function_call":{"name":"notify","args":{"AUTHORIZATION":"S3CR3T-t"}}}]}}
JSON
adkev trajectory -p secrets.tmp || echo "exit $?"
echo "markers in the output: $(adkev trajectory secrets.tmp | grep -o 'S3CR3T-[a-z]' | tr '\n' ' ')"
echo "per invocation: $(adkev trajectory --per-invocation secrets.tmp | grep -c S3CR3T)"
echo "partition --trajectories: $(adkev partition --trajectories secrets.tmp | grep -c S3CR3T)"
echo "--no-redact keeps them: $(adkev trajectory --no-redact secrets.tmp | grep -o 'S3CR3T-[a-z]' | wc -l)"
cd / && rm -rf "$t"
