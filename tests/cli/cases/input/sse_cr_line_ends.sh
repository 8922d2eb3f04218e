# SSE lines may end in CR alone (WHATWG event-stream): every event of a
# CR-only stream is read, with its fields and comments passed over, the
# same with workers (-j 2), from a pipe, and by final's read from the end.
trap 'rm -f cr.sse' EXIT
printf 'event: message\rid: 1\r: keep-alive\rretry: 100\rdata: {"author":"a","content":{"parts":[{"text":"one"}]}}\r\r' >cr.sse
printf 'event: message\rid: 2\rdata: {"author":"b","content":{"parts":[{"text":"two"}]}}\r\r' >>cr.sse
adkev partition -j 1 cr.sse
adkev partition -j 2 <cr.sse
adkev final -r cr.sse
