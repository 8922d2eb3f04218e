# trajectory hides secrets under the names people actually give them, and
# secrets by their shape under innocent names: only the secret part of a
# longer string is replaced.  Look-alike keys and values stay.
# Scratch files live in a folder of their own, so runs side by side do not meet.
t=$(mktemp -d) && cd "$t" || exit 1
cat >spellings.tmp <<'JSON'
{"author":"agent","invocationId":"i1","content":{"parts":[{"functionCall":{"id":"c1","name":"connect","args":{"credentials":"S3CR3T-a","passwd":"S3CR3T-b","pwd":"S3CR3T-c","Cookie":"S3CR3T-d","set-cookie":"S3CR3T-e","private_key":"S3CR3T-f","privateKey":"S3CR3T-g","aws_secret_access_key":"S3CR3T-h","signing_key":"S3CR3T-i","jwt":"S3CR3T-j","session":"S3CR3T-k","password ":"S3CR3T-l","\uff30\uff21\uff33\uff33\uff37\uff2f\uff32\uff24":"S3CR3T-m","SECRET_KEY":"S3CR3T-n","auth":"S3CR3T-o","max_tokens":64,"token_count":3,"input_tokens":5,"author":"ann","session_id":"sess-42","keyboard":"qwerty","passage":"a text"}}}]}}
{"author":"agent","invocationId":"i1","content":{"parts":[{"functionResponse":{"id":"c1","name":"connect","response":{"log":"curl -H 'Authorization: Bearer S3CR3Tp0123456789' https://api.example.com","key_file":"-----BEGIN RSA PRIVATE KEY-----\nS3CR3T-q\n-----END RSA PRIVATE KEY-----\n","openai":"sk-proj-S3CR3Tr0123456789abcdef","aws":"AKIAS3CR3TS012345678","gh":"ghp_S3CR3Tt0123456789abcdefghijklmnopqrst","slack":"xoxb-S3CR3Tu0123456789","google":"AIzaS3CR3Tv0123456789abcdefghijklmnopqr","jwt_in_text":"token: eyJhbGciOiJIUzI1NiJ9.eyJTM0NSM1QtdyI6MX0.c2lnbmF0dXJl.","library":"sk-learn","word":"skip","news":"Bearer of bad news"}}}]}}
{"author":"agent","invocationId":"i1","actions":{"stateDelta":{"user:cookies":{"sid":"S3CR3T-x"},"app:db_url":"postgres://u@h/db?sslmode=require","temp:note":"Basic UzNDUjNULXk6cHc="}}}
JSON
adkev trajectory -p spellings.tmp || echo "exit $?"
echo "markers left: $(adkev trajectory spellings.tmp | grep -o 'S3CR3T[a-z0-9-]*' | tr '\n' ' ')"
echo "--no-redact keeps: $(adkev trajectory --no-redact spellings.tmp | grep -o 'S3CR3T' | wc -l | tr -d ' ')"
cd / && rm -rf "$t"
