adkev reasoning --author math_tutor --invocation e-356854bc-0879-4ce4-aac5-0ce559bde38b -r "$CORPUS"/adkjs/d_thinking.jsonl
adkev reasoning --author someone_else "$CORPUS"/adkjs/d_thinking.jsonl
