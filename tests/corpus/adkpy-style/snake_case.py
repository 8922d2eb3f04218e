#!/usr/bin/env python3
"""Re-spell ADK JS event streams the way ADK Python's model_dump() writes them.

snake_case keys at structural levels only (event, actions, content, part,
functionCall/functionResponse, inlineData/fileData, usageMetadata and its
details, session object); user data (tool args, tool responses, state and
artifact deltas, custom metadata, auth configs) keeps its keys.  Integer
millisecond timestamps become float seconds.

usage: snake.py IN.jsonl OUT.jsonl
"""
import json
import re
import sys

# Members whose values are user data: copied as they are.
OPAQUE = {"args", "response", "stateDelta", "artifactDelta", "customMetadata",
          "requestedAuthConfigs", "requestedToolConfirmations", "state"}
TIMES = {"timestamp", "lastUpdateTime"}


def snake(name):
    return re.sub(r"(?<!^)([A-Z])", r"_\1", name).lower()


def convert(value, key=None):
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in OPAQUE:
                out[snake(k)] = v
            elif k in TIMES and isinstance(v, (int, float)) and v > 1e11:
                out[snake(k)] = v / 1000.0
            else:
                out[snake(k)] = convert(v, k)
        return out
    if isinstance(value, list):
        return [convert(v, key) for v in value]
    return value


with open(sys.argv[1], encoding="utf-8") as src, open(sys.argv[2], "w", encoding="utf-8") as dst:
    for line in src:
        if line.strip():
            dst.write(json.dumps(convert(json.loads(line)), ensure_ascii=False,
                                 separators=(",", ":")) + "\n")
