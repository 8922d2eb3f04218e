/*
 * check_a2a_in.c - the A2A -> ADK half of the mapping (a2a.md): every part
 * rule of section 4 in both protocol versions, object recognition
 * (section 6.1), the state table of section 6.5, failed-state error text
 * and metadata.  The ADK -> A2A half and the round trip are check_a2a.c's.
 */
#include "check_a2a.h"

static const char *to_genai(const char *part, bool *lr)
{
	json_t *p = J(part);
	json_t *out = a2a_part_to_genai(p, lr, &why);
	json_decref(p);
	return S(out);
}

/* ---- section 4: A2A -> genai ---- */

START_TEST(text_parts_back)
{
	bool lr = true;
	ck_assert_str_eq(to_genai("{'kind':'text','text':'hi'}", &lr), "{'text':'hi'}");
	ck_assert(!lr);
	ck_assert_str_eq(to_genai("{'text':'hi','metadata':{'adk_thought':true}}", NULL),
	                 "{'text':'hi','thought':true}");
	/* Python writes adk_thought false too; only true counts. */
	ck_assert_str_eq(
	    to_genai("{'kind':'text','text':'hi','metadata':{'adk_thought':false}}", NULL),
	    "{'text':'hi'}");
	ck_assert_str_eq(to_genai("{'kind':'text','text':''}", NULL), "{'text':''}");
	ck_assert_str_eq(to_genai("{'text':'a','metadata':{'adk_thought_signature':'QUJD'}}", NULL),
	                 "{'text':'a','thoughtSignature':'QUJD'}");
	ck_assert_str_eq(to_genai("{'kind':'text'}", NULL), "NULL");
}
END_TEST

START_TEST(typed_data_back)
{
	bool lr = false;
	ck_assert_str_eq(to_genai("{'kind':'data','data':{'id':'c1','name':'f'},'metadata':{"
	                          "'adk_type':'function_call','adk_is_long_running':true}}",
	                          &lr),
	                 "{'functionCall':{'id':'c1','name':'f'}}");
	ck_assert(lr);
	/* Only boolean true flags a long-running call. */
	ck_assert_str_eq(to_genai("{'data':{'id':'c1'},'metadata':{'adk_type':'function_call',"
	                          "'adk_is_long_running':'true'}}",
	                          &lr),
	                 "{'functionCall':{'id':'c1'}}");
	ck_assert(!lr);
	ck_assert_str_eq(to_genai("{'data':{'name':'f'},'metadata':{'adk_type':'function_response',"
	                          "'adk_is_long_running':true}}",
	                          &lr),
	                 "{'functionResponse':{'name':'f'}}");
	ck_assert(!lr);
	ck_assert_str_eq(to_genai("{'kind':'data','data':{'code':'x'},'metadata':{'adk_type':"
	                          "'executable_code'}}",
	                          NULL),
	                 "{'executableCode':{'code':'x'}}");
	ck_assert_str_eq(to_genai("{'kind':'data','data':{'outcome':'OUTCOME_OK'},'metadata':{"
	                          "'adk_type':'code_execution_result'}}",
	                          NULL),
	                 "{'codeExecutionResult':{'outcome':'OUTCOME_OK'}}");
	/* 1.0 data may be any value, but a typed one must be an object. */
	ck_assert_str_eq(to_genai("{'data':[1],'metadata':{'adk_type':'function_call'}}", NULL),
	                 "NULL");
	ck_assert_str_eq(why, "typed data part whose data is not an object");
}
END_TEST

START_TEST(untyped_data_is_tagged_like_go)
{
	/* Keys sorted, < > & escaped: base64 of
	 * <a2a_datapart_json>{"a":"\u003cx\u0026\u003e","b":1}</a2a_datapart_json> */
	ck_assert_str_eq(
	    to_genai("{'kind':'data','data':{'b':1,'a':'<x&>'}}", NULL),
	    "{'inlineData':{'mimeType':'text/plain','data':'PGEyYV9kYXRhcGFydF9qc29uPnsiYSI6Ilx1MDA"
	    "zY3hcdTAwMjZcdTAwM2UiLCJiIjoxfTwvYTJhX2RhdGFwYXJ0X2pzb24+'}}");
	/* An unknown adk_type is untyped; 1.0 data need not be an object. */
	ck_assert_str_eq(to_genai("{'data':[1],'metadata':{'adk_type':'other'}}", NULL),
	                 "{'inlineData':{'mimeType':'text/plain','data':"
	                 "'PGEyYV9kYXRhcGFydF9qc29uPlsxXTwvYTJhX2RhdGFwYXJ0X2pzb24+'}}");
	/* a2a-go's compat marker: the real value is data.value. */
	ck_assert_str_eq(to_genai("{'kind':'data','data':{'value':[1]},'metadata':{"
	                          "'data_part_compat':true}}",
	                          NULL),
	                 "{'inlineData':{'mimeType':'text/plain','data':"
	                 "'PGEyYV9kYXRhcGFydF9qc29uPlsxXTwvYTJhX2RhdGFwYXJ0X2pzb24+'}}");
	ck_assert_str_eq(to_genai("{'kind':'data','data':[1]}", NULL), "NULL");
	ck_assert_str_eq(why, "data part whose data is not an object");
}
END_TEST

START_TEST(files_back)
{
	ck_assert_str_eq(
	    to_genai("{'kind':'file','file':{'bytes':'_-8','mimeType':'image/png',"
	             "'name':'p.png'}}",
	             NULL),
	    "{'inlineData':{'data':'/+8=','mimeType':'image/png','displayName':'p.png'}}");
	ck_assert_str_eq(
	    to_genai("{'raw':'/+8=','mediaType':'image/png','filename':'p.png',"
	             "'metadata':{'video_metadata':{'fps':2}}}",
	             NULL),
	    "{'inlineData':{'data':'/+8=','mimeType':'image/png','displayName':'p.png'},"
	    "'videoMetadata':{'fps':2}}");
	ck_assert_str_eq(to_genai("{'kind':'file','file':{'uri':'gs://x','mimeType':''}}", NULL),
	                 "{'fileData':{'fileUri':'gs://x'}}");
	ck_assert_str_eq(to_genai("{'url':'gs://x','mediaType':'a/b'}", NULL),
	                 "{'fileData':{'fileUri':'gs://x','mimeType':'a/b'}}");
	ck_assert_str_eq(to_genai("{'kind':'file','file':{'bytes':'QQ=!'}}", NULL), "NULL");
	ck_assert_str_eq(why, "invalid base64 in file bytes");
}
END_TEST

START_TEST(part_validation)
{
	static const struct {
		const char *part, *why;
	} cases[] = {
	    {"{'kind':'image'}", "unknown part kind"},
	    {"{'kind':3}", "unknown part kind"},
	    {"{'kind':'file','file':{}}", "file part: either bytes or uri must be set"},
	    {"{'kind':'file','file':{'bytes':'','uri':''}}",
	     "file part: either bytes or uri must be set"},
	    {"{'kind':'file','file':{'bytes':'QQ==','uri':'u'}}",
	     "file part: bytes and uri cannot both be set"},
	    {"{'kind':'file'}", "file part without a file object"},
	    {"{}", "unknown part content type"},
	    {"{'url':'','filename':'x'}", "unknown part content type"},
	    {"{'text':'a','raw':'QQ=='}", "expected exactly one of text, raw, data, or url"},
	    {"{'url':'u','data':{}}", "expected exactly one of text, raw, data, or url"},
	    {"{'raw':'QQ=!'}", "invalid base64 in file bytes"},
	    {"[]", "a part is not an object"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_str_eq(to_genai(cases[i].part, NULL), "NULL");
		ck_assert_str_eq(why, cases[i].why);
	}
}
END_TEST

/* ---- section 6: A2A object -> event ---- */

/* The event body for one input value: "NONE" for no output, "ERR:why" on bad input. */
static const char *body_of(const char *value, const struct a2a_event_options *o)
{
	static char err[200];
	json_t *v = J(value);
	struct a2a_object obj;
	json_t *body = NULL;
	why = NULL;
	if (a2a_recognise(v, &obj, &why))
		body = a2a_event_body(&obj, o, &why);
	json_decref(v);
	if (why) {
		snprintf(err, sizeof err, "ERR:%s", why);
		return err;
	}
	return body ? S(body) : "NONE";
}

START_TEST(recognises_every_wrapping)
{
	const char *want =
	    "{'content':{'role':'user','parts':[{'text':'hi'}]},'turnComplete':true}";
	ck_assert_str_eq(body_of("{'kind':'message','messageId':'m','role':'user','parts':[{'kind':"
	                         "'text','text':'hi'}]}",
	                         &opts),
	                 want);
	ck_assert_str_eq(
	    body_of("{'jsonrpc':'2.0','id':1,'result':{'kind':'message','messageId':'m',"
	            "'role':'user','parts':[{'kind':'text','text':'hi'}]}}",
	            &opts),
	    want);
	ck_assert_str_eq(body_of("{'message':{'messageId':'m','role':'ROLE_USER','parts':[{'text':"
	                         "'hi'}]}}",
	                         &opts),
	                 want);
	ck_assert_str_eq(body_of("{'jsonrpc':'2.0','id':'x','result':{'message':{'messageId':'m',"
	                         "'role':'ROLE_USER','parts':[{'text':'hi'}]}}}",
	                         &opts),
	                 want);
	/* Extension: a bare object without kind. */
	ck_assert_str_eq(body_of("{'messageId':'m','role':'user','parts':[{'text':'hi'}]}", &opts),
	                 want);
	ck_assert_str_eq(body_of("{'taskId':'t','status':{'state':'completed'}}", &opts),
	                 "{'turnComplete':true,'customMetadata':{'a2a:task_id':'t'}}");
	ck_assert_str_eq(
	    body_of("{'taskId':'t','artifact':{'parts':[{'text':'a'}]},'lastChunk':true}", &opts),
	    "{'content':{'role':'model','parts':[{'text':'a'}]},'customMetadata':{"
	    "'a2a:task_id':'t'}}");
	ck_assert_str_eq(body_of("{'id':'t','status':{'state':'completed'}}", &opts),
	                 "{'turnComplete':true,'customMetadata':{'a2a:task_id':'t'}}");
	/* Errors of section 12. */
	ck_assert_str_eq(body_of("{'kind':'note'}", &opts), "ERR:unknown event kind");
	ck_assert_str_eq(body_of("{'task':{},'message':{}}", &opts),
	                 "ERR:expected exactly one event type");
	ck_assert_str_eq(
	    body_of("{'x':1}", &opts),
	    "ERR:unknown event kind: no kind, and none of task, message, statusUpdate, "
	    "artifactUpdate");
	ck_assert_str_eq(body_of("'s'", &opts), "ERR:not an A2A object: a string");
	ck_assert_str_eq(body_of("{'jsonrpc':'2.0','id':1}", &opts),
	                 "ERR:JSON-RPC envelope without result or error");
}
END_TEST

START_TEST(json_rpc_error_becomes_an_error_event)
{
	ck_assert_str_eq(
	    body_of("{'jsonrpc':'2.0','id':1,'error':{'code':-32001,'message':'Task not "
	            "found'}}",
	            &opts),
	    "{'turnComplete':true,'errorMessage':'Task not found','customMetadata':{"
	    "'a2a:error':'Task not found'}}");
	ck_assert_str_eq(
	    body_of("{'jsonrpc':'2.0','id':1,'error':{'code':-32600}}", &opts),
	    "{'turnComplete':true,'errorMessage':'JSON-RPC error -32600','customMetadata':"
	    "{'a2a:error':'JSON-RPC error -32600'}}");
}
END_TEST

/* A Task in state with (or without) one artifact text part; both versions' spellings. */
static const char *task(const char *state, bool parts)
{
	static char text[400];
	snprintf(text, sizeof text,
	         "{'kind':'task','id':'t','contextId':'c','status':{'state':'%s'}%s}", state,
	         parts
	             ? ",'artifacts':[{'artifactId':'a','parts':[{'kind':'data','data':{'id':'c1'},"
	               "'metadata':{'adk_type':'function_call','adk_is_long_running':true}}]}]"
	             : "");
	return body_of(text, &opts);
}

START_TEST(task_state_table)
{
	const char *ids = "'customMetadata':{'a2a:task_id':'t','a2a:context_id':'c'}";
	const char *content = "'content':{'role':'model','parts':[{'functionCall':{'id':'c1'}}]}";
	char want[400];
	static const char *quiet[] = {"submitted",
	                              "working",
	                              "unknown",
	                              "auth-required",
	                              "TASK_STATE_WORKING",
	                              "TASK_STATE_UNSPECIFIED",
	                              "TASK_STATE_AUTH_REQUIRED",
	                              ""};
	for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
		ck_assert_str_eq(task(quiet[i], false), "NONE");
		snprintf(want, sizeof want, "{%s,%s}", content, ids);
		ck_assert_str_eq(task(quiet[i], true), want);
	}
	/* input-required: final, and the only state that keeps long-running ids. */
	ck_assert_str_eq(task("input-required", false), "{'turnComplete':true,'customMetadata':{"
	                                                "'a2a:task_id':'t','a2a:context_id':'c'}}");
	snprintf(want, sizeof want, "{%s,'turnComplete':true,'longRunningToolIds':['c1'],%s}",
	         content, ids);
	ck_assert_str_eq(task("TASK_STATE_INPUT_REQUIRED", true), want);
	static const char *done[] = {
	    "completed",           "canceled",           "rejected", "TASK_STATE_COMPLETED",
	    "TASK_STATE_CANCELED", "TASK_STATE_REJECTED"};
	for (size_t i = 0; i < sizeof done / sizeof done[0]; i++) {
		snprintf(want, sizeof want, "{'turnComplete':true,%s}", ids);
		ck_assert_str_eq(task(done[i], false), want);
		snprintf(want, sizeof want, "{%s,'turnComplete':true,%s}", content, ids);
		ck_assert_str_eq(task(done[i], true), want);
	}
	snprintf(want, sizeof want, "{'turnComplete':true,'errorMessage':'a2a task failed',%s}",
	         ids);
	ck_assert_str_eq(task("failed", false), want);
	snprintf(want, sizeof want, "{%s,'turnComplete':true,'errorMessage':'a2a task failed',%s}",
	         content, ids);
	ck_assert_str_eq(task("TASK_STATE_FAILED", true), want);
}
END_TEST

START_TEST(failed_error_text)
{
	/* The first text part is the error and stays in the content... */
	ck_assert_str_eq(
	    body_of("{'kind':'task','id':'t','status':{'state':'failed','message':{"
	            "'kind':'message','messageId':'m','role':'agent','parts':[{'kind':"
	            "'text','text':'boom'}]}}}",
	            &opts),
	    "{'content':{'role':'model','parts':[{'text':'boom'}]},'turnComplete':true,"
	    "'errorMessage':'boom','customMetadata':{'a2a:task_id':'t'}}");
	/* ...unless marked as only the error; the parts after it are content. */
	ck_assert_str_eq(
	    body_of("{'kind':'status-update','taskId':'t','final':true,'status':{'state':"
	            "'failed','message':{'messageId':'m','role':'agent','parts':[{"
	            "'text':'boom','metadata':{'adk_is_error_message':true}},{'text':"
	            "'more'}]}}}",
	            &opts),
	    "{'content':{'role':'model','parts':[{'text':'more'}]},'turnComplete':true,"
	    "'errorMessage':'boom','customMetadata':{'a2a:task_id':'t'}}");
	/* An empty first text is no error text. */
	ck_assert_str_eq(
	    body_of("{'statusUpdate':{'taskId':'t','status':{'state':'TASK_STATE_FAILED',"
	            "'message':{'messageId':'m','parts':[{'text':''}]}}}}",
	            &opts),
	    "{'content':{'role':'model','parts':[{'text':''}]},'turnComplete':true,"
	    "'errorMessage':'a2a task failed','customMetadata':{'a2a:task_id':'t'}}");
}
END_TEST

START_TEST(status_update_table)
{
	const char *msg =
	    "'message':{'kind':'message','messageId':'m','role':'agent','parts':["
	    "{'kind':'text','text':'t'},{'kind':'data','data':{'id':'c1'},'metadata':{"
	    "'adk_type':'function_call','adk_is_long_running':true}}]}";
	char in[600];
	/* 0.3 final:true, any state, message or not. */
	snprintf(
	    in, sizeof in,
	    "{'kind':'status-update','taskId':'t','status':{'state':'working',%s},'final':true}",
	    msg);
	ck_assert_str_eq(
	    body_of(in, &opts),
	    "{'content':{'role':'model','parts':[{'text':'t'},{'functionCall':{'id':"
	    "'c1'}}]},'turnComplete':true,'longRunningToolIds':['c1'],'customMetadata':"
	    "{'a2a:task_id':'t'}}");
	ck_assert_str_eq(
	    body_of("{'kind':'status-update','taskId':'t','status':{'state':'working'},"
	            "'final':true}",
	            &opts),
	    "{'turnComplete':true,'customMetadata':{'a2a:task_id':'t'}}");
	/* Non-final: text parts become thoughts, the event is partial, no ids. */
	snprintf(in, sizeof in,
	         "{'kind':'status-update','taskId':'t','status':{'state':'completed',%s},'final':"
	         "false}",
	         msg);
	ck_assert_str_eq(body_of(in, &opts),
	                 "{'content':{'role':'model','parts':[{'text':'t','thought':true},{"
	                 "'functionCall':{'id':'c1'}}]},'partial':true,'customMetadata':{"
	                 "'a2a:task_id':'t'}}");
	ck_assert_str_eq(
	    body_of("{'kind':'status-update','taskId':'t','status':{'state':'working'},"
	            "'final':false}",
	            &opts),
	    "NONE");
	ck_assert_str_eq(body_of("{'kind':'status-update','taskId':'t','status':{'state':'working',"
	                         "'message':{'messageId':'m','parts':[]}},'final':false}",
	                         &opts),
	                 "NONE");
	/* 1.0 has no final: the state decides. */
	ck_assert_str_eq(body_of("{'statusUpdate':{'taskId':'t','status':{'state':"
	                         "'TASK_STATE_WORKING'}}}",
	                         &opts),
	                 "NONE");
	ck_assert_str_eq(body_of("{'statusUpdate':{'taskId':'t','status':{'state':"
	                         "'TASK_STATE_INPUT_REQUIRED'}}}",
	                         &opts),
	                 "{'turnComplete':true,'customMetadata':{'a2a:task_id':'t'}}");
	ck_assert_str_eq(
	    body_of("{'statusUpdate':{'taskId':'t','status':{'state':"
	            "'TASK_STATE_AUTH_REQUIRED','message':{'parts':[{'text':'x'}]}}}}",
	            &opts),
	    "{'content':{'role':'model','parts':[{'text':'x','thought':true}]},'partial':"
	    "true,'customMetadata':{'a2a:task_id':'t'}}");
}
END_TEST

START_TEST(artifact_update_partial_table)
{
	static const struct {
		const char *flags;
		const char *partial;
	} rows[] = {
	    {"", "'partial':true,"},
	    {",'append':false,'lastChunk':false", "'partial':true,"},
	    {",'append':false,'lastChunk':true", ""},
	    {",'append':true,'lastChunk':false", "'partial':true,"},
	    {",'append':true,'lastChunk':true", "'partial':true,"},
	    /* adk_partial decides when it is a boolean. */
	    {",'append':true,'metadata':{'adk_partial':false}", ""},
	    {",'lastChunk':false,'metadata':{'adk_partial':true}", "'partial':true,"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char in[400], want[400];
		snprintf(in, sizeof in,
		         "{'kind':'artifact-update','taskId':'t','contextId':'c','artifact':{"
		         "'artifactId':'a','parts':[{'kind':'text','text':'x'}]}%s}",
		         rows[i].flags);
		snprintf(want, sizeof want,
		         "{'content':{'role':'model','parts':[{'text':'x'}]},%s'customMetadata':{"
		         "'a2a:task_id':'t','a2a:context_id':'c'}}",
		         rows[i].partial);
		ck_assert_str_eq(body_of(in, &opts), want);
	}
	/* Go's reset marker, and empty artifacts, give nothing. */
	ck_assert_str_eq(
	    body_of("{'kind':'artifact-update','taskId':'t','artifact':{'artifactId':'a',"
	            "'parts':[{'kind':'data','data':{}}]},'lastChunk':true,'metadata':{"
	            "'adk_partial':true}}",
	            &opts),
	    "NONE");
	ck_assert_str_eq(body_of("{'artifactUpdate':{'taskId':'t','artifact':{'artifactId':'a',"
	                         "'parts':[]}}}",
	                         &opts),
	                 "NONE");
	/* Long-running ids come from artifact parts in any state. */
	ck_assert_str_eq(
	    body_of("{'artifactUpdate':{'taskId':'t','artifact':{'artifactId':'a',"
	            "'parts':[{'data':{'id':'c1'},'metadata':{'adk_type':'function_call',"
	            "'adk_is_long_running':true}},{'data':{},'metadata':{'adk_type':"
	            "'function_call','adk_is_long_running':true}}]},'lastChunk':true}}",
	            &opts),
	    "{'content':{'role':'model','parts':[{'functionCall':{'id':'c1'}},{"
	    "'functionCall':{}}]},'longRunningToolIds':['c1'],'customMetadata':{"
	    "'a2a:task_id':'t'}}");
	ck_assert_str_eq(body_of("{'kind':'artifact-update','taskId':'t'}", &opts),
	                 "ERR:artifact-update without an artifact object");
}
END_TEST

START_TEST(metadata_pass)
{
	/*
	 * Every key read back, the author too; adk_custom_metadata overlays the task
	 * ids; a JSON string works.
	 */
	ck_assert_str_eq(
	    body_of("{'kind':'message','messageId':'m','taskId':'t','contextId':'c','parts':[],"
	            "'metadata':{'adk_custom_metadata':'{\\'a2a:task_id\\':\\'T\\',\\'k\\':1}',"
	            "'adk_grounding_metadata':{'g':1},'adk_citation_metadata':{'c':1},"
	            "'adk_usage_metadata':{'u':1},'adk_error_code':'E','adk_error_message':'M',"
	            "'adk_escalate':true,'adk_transfer_to_agent':'b','adk_author':'x'}}",
	            &opts),
	    "{'author':'x','turnComplete':true,'errorCode':'E','errorMessage':'M','customMetadata':{"
	    "'a2a:task_id':'T','a2a:context_id':'c','k':1},'groundingMetadata':{'g':1},"
	    "'citationMetadata':{'c':1},'usageMetadata':{'u':1},'actions':{'escalate':true,"
	    "'transferToAgent':'b'}}");
	/* Null, empty and wrongly typed values are ignored. */
	ck_assert_str_eq(body_of("{'kind':'message','messageId':'m','parts':[],'metadata':{"
	                         "'adk_grounding_metadata':null,'adk_usage_metadata':'u',"
	                         "'adk_error_code':3,'adk_escalate':'yes','adk_error_message':''}}",
	                         &opts),
	                 "{'turnComplete':true}");
	ck_assert_str_eq(body_of("{'kind':'message','messageId':'m','parts':[],'metadata':{"
	                         "'adk_error_code':''}}",
	                         &opts),
	                 "{'turnComplete':true}");
	/* Python's adk_actions (object or JSON string) when the Go keys are absent. */
	ck_assert_str_eq(
	    body_of("{'kind':'message','messageId':'m','parts':[],'metadata':{"
	            "'adk_actions':'{\\'escalate\\':true,\\'skipSummarization\\':true,"
	            "\\'stateDelta\\':{}}'}}",
	            &opts),
	    "{'turnComplete':true,'actions':{'escalate':true,'skipSummarization':true}}");
	ck_assert_str_eq(body_of("{'kind':'message','messageId':'m','parts':[],'metadata':{"
	                         "'adk_actions':{'escalate':true,'transferToAgent':'a'},"
	                         "'adk_escalate':false}}",
	                         &opts),
	                 "{'turnComplete':true,'actions':{'transferToAgent':'a'}}");
	/* --no-peer-actions drops every one of them. */
	struct a2a_event_options safe = opts;
	safe.no_peer_actions = true;
	ck_assert_str_eq(body_of("{'kind':'message','messageId':'m','parts':[],'metadata':{"
	                         "'adk_actions':{'escalate':true},'adk_escalate':true,"
	                         "'adk_transfer_to_agent':'b'}}",
	                         &safe),
	                 "{'turnComplete':true}");
}
END_TEST

START_TEST(metadata_maps_per_object)
{
	/* Artifact update: artifact metadata wins; actions from the event's metadata. */
	ck_assert_str_eq(
	    body_of("{'kind':'artifact-update','taskId':'t','lastChunk':true,"
	            "'metadata':{'adk_error_code':'EV','adk_escalate':true},'artifact':{"
	            "'artifactId':'a','metadata':{'adk_error_code':'AR','adk_escalate':"
	            "false},'parts':[{'kind':'text','text':'x'}]}}",
	            &opts),
	    "{'content':{'role':'model','parts':[{'text':'x'}]},'errorCode':'AR',"
	    "'customMetadata':{'a2a:task_id':'t'},'actions':{'escalate':true}}");
	/* Non-final status: message metadata survives unless the event's overrides; custom
	 * metadata and actions from the event's alone. */
	ck_assert_str_eq(
	    body_of("{'kind':'status-update','taskId':'t','final':false,'metadata':{"
	            "'adk_usage_metadata':{'u':2}},'status':{'state':'working','message':"
	            "{'messageId':'m','metadata':{'adk_usage_metadata':{'u':1},"
	            "'adk_error_code':'E','adk_custom_metadata':{'k':1},'adk_escalate':"
	            "true},'parts':[{'text':'x'}]}}}",
	            &opts),
	    "{'content':{'role':'model','parts':[{'text':'x','thought':true}]},'partial':"
	    "true,'errorCode':'E','customMetadata':{'a2a:task_id':'t'},'usageMetadata':{"
	    "'u':2}}");
	/* Artifact update: the artifact's own actions are never read, not even as a fallback. */
	ck_assert_str_eq(body_of("{'kind':'artifact-update','taskId':'t','lastChunk':true,"
	                         "'artifact':{'artifactId':'a','metadata':{'adk_escalate':true,"
	                         "'adk_transfer_to_agent':'b','adk_actions':{'escalate':true}},"
	                         "'parts':[{'kind':'text','text':'x'}]}}",
	                         &opts),
	                 "{'content':{'role':'model','parts':[{'text':'x'}]},"
	                 "'customMetadata':{'a2a:task_id':'t'}}");
	/* Final status update and Task: their own metadata only, never the status message's. */
	ck_assert_str_eq(
	    body_of("{'kind':'status-update','taskId':'t','final':true,'status':{'state':"
	            "'completed','message':{'messageId':'m','metadata':{'adk_usage_metadata':{"
	            "'u':1},'adk_error_code':'E','adk_escalate':true},'parts':[{'text':'x'}]}}}",
	            &opts),
	    "{'content':{'role':'model','parts':[{'text':'x'}]},'turnComplete':true,"
	    "'customMetadata':{'a2a:task_id':'t'}}");
	ck_assert_str_eq(
	    body_of("{'kind':'task','id':'t','metadata':{'adk_error_code':'T'},'status':{"
	            "'state':'completed','message':{'messageId':'m','metadata':{"
	            "'adk_usage_metadata':{'u':1}},'parts':[{'text':'x'}]}}}",
	            &opts),
	    "{'content':{'role':'model','parts':[{'text':'x'}]},'turnComplete':true,"
	    "'errorCode':'T','customMetadata':{'a2a:task_id':'t'}}");
}
END_TEST

START_TEST(a_message_never_sets_long_running_ids)
{
	const char *call = "{'kind':'data','data':{'id':'c1','name':'f'},'metadata':{"
	                   "'adk_type':'function_call','adk_is_long_running':true}}";
	char msg[400];
	snprintf(msg, sizeof msg, "{'kind':'message','messageId':'m','parts':[%s]}", call);
	ck_assert_str_eq(body_of(msg, &opts),
	                 "{'content':{'role':'model','parts':[{'functionCall':{'id':'c1',"
	                 "'name':'f'}}]},'turnComplete':true}");
	/* The same part in an input-required Task or an artifact does set them. */
	snprintf(msg, sizeof msg,
	         "{'kind':'task','id':'t','status':{'state':'input-required','message':{"
	         "'messageId':'s','parts':[%s]}}}",
	         call);
	ck_assert_ptr_nonnull(strstr(body_of(msg, &opts), "'longRunningToolIds':['c1']"));
	/* Only to-a2a --lossless's own key restores them on a Message: non-empty strings. */
	snprintf(msg, sizeof msg,
	         "{'kind':'message','messageId':'m','parts':[%s],'metadata':{"
	         "'adk_long_running_tool_ids':['c1','',3]}}",
	         call);
	ck_assert_ptr_nonnull(strstr(body_of(msg, &opts), "'longRunningToolIds':['c1']}"));
}
END_TEST

START_TEST(states_parse_leniently)
{
	ck_assert_int_eq(a2a_parse_state("completed"), A2A_STATE_COMPLETED);
	ck_assert_int_eq(a2a_parse_state("TASK_STATE_INPUT_REQUIRED"), A2A_STATE_INPUT_REQUIRED);
	ck_assert_int_eq(a2a_parse_state("Input_Required"), A2A_STATE_INPUT_REQUIRED);
	ck_assert_int_eq(a2a_parse_state("task_state_auth_required"), A2A_STATE_AUTH_REQUIRED);
	ck_assert_int_eq(a2a_parse_state("unknown"), A2A_STATE_UNSPECIFIED);
	ck_assert_int_eq(a2a_parse_state(""), A2A_STATE_UNSPECIFIED);
	ck_assert_int_eq(a2a_parse_state(NULL), A2A_STATE_UNSPECIFIED);
	ck_assert(a2a_state_is_terminal(A2A_STATE_REJECTED));
	ck_assert(!a2a_state_is_terminal(A2A_STATE_INPUT_REQUIRED));
}
END_TEST

static Suite *a2a_in_suite(void)
{
	Suite *s = suite_create("a2a_in");
	TCase *from = tcase_create("from-a2a");
	tcase_add_test(from, text_parts_back);
	tcase_add_test(from, typed_data_back);
	tcase_add_test(from, untyped_data_is_tagged_like_go);
	tcase_add_test(from, files_back);
	tcase_add_test(from, part_validation);
	tcase_add_test(from, recognises_every_wrapping);
	tcase_add_test(from, json_rpc_error_becomes_an_error_event);
	tcase_add_test(from, task_state_table);
	tcase_add_test(from, failed_error_text);
	tcase_add_test(from, status_update_table);
	tcase_add_test(from, artifact_update_partial_table);
	tcase_add_test(from, metadata_pass);
	tcase_add_test(from, metadata_maps_per_object);
	tcase_add_test(from, a_message_never_sets_long_running_ids);
	tcase_add_test(from, states_parse_leniently);
	suite_add_tcase(s, from);
	return s;
}

int main(void)
{
	return run_suite(a2a_in_suite()) ? 1 : 0;
}
