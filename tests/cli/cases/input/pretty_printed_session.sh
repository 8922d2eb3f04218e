cat <<'JSON' | adkev final -r
{
  "id": "s-1",
  "appName": "app",
  "state": { "events": "not these" },
  "events": [
    {
      "author": "user",
      "content": { "parts": [ { "text": "question" } ] }
    },
    {
      "author": "agent",
      "content": { "parts": [ { "text": "answer from a pretty session" } ] }
    }
  ],
  "lastUpdateTime": 1767229215.767
}
JSON
