# Events of a ParallelAgent's branches are indented by the branch's depth.
cat <<'IN' | adkev show --width 80
{"invocationId":"e-9","author":"user","branch":null,"timestamp":5,"content":{"role":"user","parts":[{"text":"Compare both."}]}}
{"invocationId":"e-9","author":"fan_out","branch":"fan_out","timestamp":5.5,"content":{"role":"model","parts":[{"text":"Starting."}]}}
{"invocationId":"e-9","author":"worker_a","branch":"fan_out.worker_a","timestamp":6,"content":{"role":"model","parts":[{"text":"A says yes."}]}}
{"invocationId":"e-9","author":"worker_b","branch":"fan_out.worker_b","timestamp":6.5,"content":{"role":"model","parts":[{"text":"B says no."}]}}
{"invocationId":"e-9","author":"judge","branch":"fan_out.worker_b.judge","timestamp":7,"content":{"role":"model","parts":[{"text":"Tie."}]}}
{"invocationId":"e-9","author":"fan_out","timestamp":70,"content":{"role":"model","parts":[{"text":"Done."}]}}
{"invocationId":"e-9","author":"fan_out","timestamp":3605,"content":{"role":"model","parts":[{"text":"An hour later."}]}}
{"invocationId":"e-9","author":"fan_out","content":{"role":"model","parts":[{"text":"No timestamp."}]}}
IN
