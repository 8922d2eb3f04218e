# stats counts names as the redacted event holds them, so hiding a secret
# changes what is told apart, not only what is printed: two invocation ids
# that differ only in their secret are one invocation, and a model call's
# usage repeated under two authors that differ only in their secret, or in
# the value of a sensitive key of usageMetadata, counts once.  --no-redact
# tells them all apart.  stats hides these pieces without copying the event:
# this case holds it to the copy's answers.
k1=sk-proj-AAAAa1b2c3d4e5f6g7h8i9j0
k2=sk-proj-BBBBa1b2c3d4e5f6g7h8i9j0
u='"usageMetadata":{"promptTokenCount":7,"candidatesTokenCount":3,"totalTokenCount":10'
printf '%s\n' \
  '{"invocationId":"run '$k1'","author":"agent '$k1'","timestamp":1,'"$u"',"trafficType":"'$k1'"}}' \
  '{"invocationId":"run '$k2'","author":"agent '$k2'","timestamp":2,'"$u"',"trafficType":"'$k2'"}}' \
  '{"invocationId":"run '$k2'","author":"agent '$k2'","timestamp":3,'"$u"',"apiKey":"a"}}' \
  '{"invocationId":"run '$k2'","author":"agent '$k2'","timestamp":4,'"$u"',"apiKey":"b"}}' \
  > "${TMPDIR:-/tmp}/stats-redact-keys.$$"
f="${TMPDIR:-/tmp}/stats-redact-keys.$$"
adkev stats "$f" || echo "exit $?"
adkev stats --no-redact "$f" || echo "exit $?"
ADKEV_CHUNK_BYTES=100 adkev stats -j 2 "$f" || echo "exit $?"
rm -f "$f"
