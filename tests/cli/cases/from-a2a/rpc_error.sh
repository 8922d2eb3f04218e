# A JSON-RPC error envelope becomes an error event (decision 7); the numeric code is
# not mapped, and is used only when there is no message.
printf '%s\n' '{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found","data":{"taskId":"t"}}}' '{"jsonrpc":"2.0","id":2,"error":{"code":-32600}}' 'data: {"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":"Internal error"},"result":null}' | adkev from-a2a --deterministic --set-author remote --set-invocation-id e-7; echo "exit $?"
