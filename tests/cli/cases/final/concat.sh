# Every final response of the transfer run, joined; the streaming chunks
# (partial) of c_streaming are left out, so its text appears once.
adkev final --concat -r "$CORPUS"/adkjs/g_transfer.jsonl
adkev final --concat -r "$CORPUS"/adkjs/c_streaming.jsonl
adkev final --concat "$CORPUS"/adkjs/h_loop_escalate.jsonl
