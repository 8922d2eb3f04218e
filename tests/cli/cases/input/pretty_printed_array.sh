# session.events dumped with json.dump(..., indent=2).
cat <<'JSON' | adkev final --concat -r
[
  {
    "author": "a",
    "content": {
      "parts": [
        { "text": "one " }
      ]
    }
  },
  {
    "author": "a",
    "content": { "parts": [ { "text": "two" } ] }
  }
]
JSON
