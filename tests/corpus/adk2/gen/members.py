#!/usr/bin/env python3
"""Writes tests/corpus/adk2/members/*.jsonl: ADK Python 2.x events with the
members ADK JS 2.0.0 never writes (issue 35, "other new members").

ADK Python cannot be installed here, so this script carries the field list of
ADK Python's own models (events/event_actions.py EventActions, EventCompaction,
events/ui_widget.py UiWidget, events/event.py Event with NodeInfo,
models/llm_response.py LlmResponse), their alias generator (pydantic's
to_camel, populate_by_name) and their dump calls: model_dump(mode='json',
exclude_none=True) as DatabaseSessionService stores event_data (snake_case),
and by_alias=True as /run_sse and saved sessions write it (camelCase).  Only
the fields the events below use are declared; extra='ignore' drops the
rest, as ADK's Event does (model_config extra='ignore').

It starts from real streams written by ADK JS 2.0.0 (workflow_route.jsonl,
../adkjs/b_tool_call.jsonl): each event is validated into the model (its
timestamp turned from milliseconds into ADK Python's float seconds, the node
path from ADK JS's 'triage.classify' into ADK Python's 'triage/classify@1'),
then given the 2.x members a Python runner writes there.  The adk run --jsonl
lines follow 2.0 cli/cli.py _print_event as /work/shared/notes/adk-2x.md
section 3.1 reads it: the camelCase event with top-level session_id and
node_path, empty action members and an empty actions dropped, author,
session_id, node_path and id first.

    python3 tests/corpus/adk2/gen/members.py [OUTDIR]   (needs pydantic 2; default: ../members)

Same input, same bytes: nothing here reads a clock or a random source.
"""
import json
import os
import sys
from typing import Any, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, alias_generators

CFG = ConfigDict(alias_generator=alias_generators.to_camel, populate_by_name=True)


class UiWidget(BaseModel):
    model_config = ConfigDict(**CFG, extra="forbid")
    id: str
    provider: str = "mcp"
    payload: dict[str, Any] = Field(default_factory=dict)


class EventActions(BaseModel):
    model_config = ConfigDict(**CFG, extra="forbid")
    skip_summarization: Optional[bool] = None
    state_delta: dict[str, Any] = Field(default_factory=dict)
    artifact_delta: dict[str, int] = Field(default_factory=dict)
    transfer_to_agent: Optional[str] = None
    escalate: Optional[bool] = None
    requested_auth_configs: dict[str, Any] = Field(default_factory=dict)
    requested_tool_confirmations: dict[str, Any] = Field(default_factory=dict)
    end_of_agent: Optional[bool] = None
    agent_state: Optional[dict[str, Any]] = None
    rewind_before_invocation_id: Optional[str] = None
    route: Optional[Union[bool, int, str, list[Union[bool, int, str]]]] = None
    render_ui_widgets: Optional[list[UiWidget]] = None
    set_model_response: Optional[Any] = None


class NodeInfo(BaseModel):
    model_config = ConfigDict(**CFG, extra="ignore")
    path: Optional[str] = None
    output_for: Optional[list[str]] = None
    message_as_output: Optional[bool] = None


class Event(BaseModel):
    model_config = ConfigDict(**CFG, extra="ignore")
    # models/llm_response.py LlmResponse, in its order
    model_version: Optional[str] = None
    content: Optional[dict[str, Any]] = None
    partial: Optional[bool] = None
    turn_complete: Optional[bool] = None
    turn_complete_reason: Optional[str] = None
    finish_reason: Optional[str] = None
    error_code: Optional[str] = None
    error_message: Optional[str] = None
    interrupted: Optional[bool] = None
    custom_metadata: Optional[dict[str, Any]] = None
    usage_metadata: Optional[dict[str, Any]] = None
    live_session_id: Optional[str] = None
    input_transcription: Optional[dict[str, Any]] = None
    output_transcription: Optional[dict[str, Any]] = None
    interaction_id: Optional[str] = None
    # events/event.py Event
    invocation_id: str = ""
    author: str
    actions: EventActions = Field(default_factory=EventActions)
    output: Optional[Any] = None
    node_info: Optional[NodeInfo] = None
    long_running_tool_ids: Optional[list[str]] = None
    branch: Optional[str] = None
    isolation_scope: Optional[str] = None
    id: str = ""
    timestamp: float


def load(path, session_path=None):
    """Events of a real ADK JS stream, read into ADK Python's model."""
    out = []
    for line in open(path, encoding="utf-8"):
        e = json.loads(line)
        e["timestamp"] = e["timestamp"] / 1000
        if e.get("longRunningToolIds") == []:
            del e["longRunningToolIds"]
        info = e.get("nodeInfo")
        if info and "path" in info:
            head, *rest = info["path"].split(".")
            info["path"] = "/".join([head] + [p + "@1" for p in rest])
            info["outputFor"] = [info["path"]] if "outputFor" in info else None
        out.append(Event.model_validate(e))
    return out


def workflow_events(here):
    """workflow_route with every 2.x action member a Python workflow writes."""
    ev = load(os.path.join(here, "..", "workflow_route.jsonl"))
    classify, answerer, record, classify2, ack, record2 = ev
    classify.actions.route = "question"
    classify.actions.end_of_agent = True
    classify.isolation_scope = "triage/classify@1"
    answerer.actions.agent_state = {"turn": 1, "on_done": "<function _done at 0x7f3a2c1e4d30>"}
    answerer.actions.render_ui_widgets = [
        UiWidget(id="w-1", payload={"uri": "ui://tomatoes/card", "title": "Tiny Tim"})
    ]
    answerer.actions.set_model_response = {"variety": "Tiny Tim", "pot_litres": 10}
    answerer.interaction_id = "v1_ChdQUmxhYWNhbF9pbnRlcmFjdGlvbl8x"
    record.actions.end_of_agent = True
    classify2.actions.route = ["statement", True, 2]
    ack.actions.route = False
    record2.actions.route = 3
    record2.actions.end_of_agent = True
    return ev


def live_events(here):
    """b_tool_call as a Live (run_live) turn: transcriptions, session ids."""
    ev = load(os.path.join(here, "..", "..", "adkjs", "b_tool_call.jsonl"))
    ev[0].live_session_id = "live-7f3a"
    ev[0].input_transcription = {"text": "What's the weather in Paris?", "finished": True}
    ev[-1].output_transcription = {"text": "It's 18 degrees and partly cloudy.", "finished": True}
    ev[-1].turn_complete = True
    ev[-1].turn_complete_reason = "MODEL_TURN_COMPLETE"
    ev[-1].interaction_id = "v1_ChdQUmxhYWNhbF9pbnRlcmFjdGlvbl8y"
    for e in ev:
        e.live_session_id = "live-7f3a"
    return ev


def run_jsonl(event, session_id):
    """One adk run --jsonl line (2.0 cli/cli.py _print_event, as the notes read it)."""
    d = event.model_dump(mode="json", exclude_none=True, by_alias=True)
    actions = {k: v for k, v in d.pop("actions", {}).items() if v != {}}
    path = (event.node_info.path if event.node_info else None) or ""
    line = {"author": d.pop("author"), "session_id": session_id, "node_path": path,
            "id": d.pop("id")}
    line.update(d)
    if actions:
        line["actions"] = actions
    return line


def genai_snake(v, key=None):
    """google.genai's types dumped without by_alias: snake_case keys, except
    inside a call's args and a response, which are the tool's own."""
    if isinstance(v, list):
        return [genai_snake(x) for x in v]
    if not isinstance(v, dict) or key in ("args", "response"):
        return v
    return {alias_generators.to_snake(k): genai_snake(x, k) for k, x in v.items()}


def snake_dump(event):
    d = event.model_dump(mode="json", exclude_none=True)
    for k in ("content", "usage_metadata", "input_transcription", "output_transcription"):
        if k in d:
            d[k] = genai_snake(d[k])
    return d


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "members")
    ev = workflow_events(here) + live_events(here)
    camel = [e.model_dump(mode="json", exclude_none=True, by_alias=True) for e in ev]
    snake = [snake_dump(e) for e in ev]
    write(os.path.join(out, "camel.jsonl"), camel)
    write(os.path.join(out, "snake.jsonl"), snake)
    write(os.path.join(out, "run.jsonl"), [run_jsonl(e, "s-members") for e in ev])
    # agent_state as a bare string: what a store holds when the fallback
    # serialiser's repr lands on the whole value.  The 2.x model's type
    # (dict) would refuse it, so it is set with model_construct, not validated.
    odd = workflow_events(here)[:3]
    odd[1].actions = EventActions.model_construct(
        **{**odd[1].actions.__dict__, "agent_state": "AgentState(turn=1, on_done=<function>)"})
    write(os.path.join(out, "odd.jsonl"),
          [e.model_dump(mode="json", exclude_none=True, by_alias=True, warnings=False)
           for e in odd])


main()
