/*
 * check_a2a.c - the ADK <-> A2A mapping (a2a.md): every part rule of
 * sections 3 and 4 in both protocol versions, the metadata keys of
 * sections 2 and 5, object recognition (section 6.1), the state table of
 * section 6.5, failed-state error text, Go-compatible tagged JSON, and the
 * round trip over every stream of the corpus.  Times and UUIDs are
 * check_stamp.c's.
 */
#include "testutil.h"

#include "adk/a2a.h"
#include "adk/event.h"
#include "write/json.h"
#include "read/reader.h"
#include "util.h"

#include <glob.h>
#include <string.h>

/* JSON written with ' for " so the tests stay readable (no test text needs a quote). */
static json_t *J(const char *text)
{
	char *s = strdup(text);
	for (char *p = s; *p; p++)
		if (*p == '\'')
			*p = '"';
	json_error_t e;
	json_t *v = json_loads(s, JSON_DECODE_ANY, &e);
	ck_assert_msg(v != NULL, "bad test JSON: %s: %s", e.text, s);
	free(s);
	return v;
}

/* Compact JSON of v with ' for ", then v is released; the text lives until the next call. */
static const char *S(json_t *v)
{
	static struct strbuf sb;
	strbuf_reset(&sb);
	if (!v)
		return "NULL";
	struct json_writer w;
	jw_init_buf(&w, &sb, 0);
	jw_value(&w, v);
	json_decref(v);
	for (size_t i = 0; i < sb.len; i++)
		if (sb.buf[i] == '"')
			sb.buf[i] = '\'';
	return sb.buf;
}

static const char *why;

static const char *to_a2a_with(const char *part, const char *lrt, struct a2a_message_options o)
{
	json_t *p = J(part), *ids = lrt ? J(lrt) : NULL;
	json_t *out = a2a_part_from_genai(p, ids, &o, &why);
	json_decref(p);
	json_decref(ids);
	return S(out);
}

/* What ADK peers send: no options. */
static const char *to_a2a(const char *part, const char *lrt, enum a2a_version v)
{
	return to_a2a_with(part, lrt, (struct a2a_message_options){.version = v});
}

/* --lossless: the extensions too. */
static const char *to_a2a_lossless(const char *part, const char *lrt, enum a2a_version v)
{
	return to_a2a_with(part, lrt, (struct a2a_message_options){.version = v, .lossless = true});
}

static const char *to_genai(const char *part, bool *lr)
{
	json_t *p = J(part);
	json_t *out = a2a_part_to_genai(p, lr, &why);
	json_decref(p);
	return S(out);
}

/* ---- section 3: genai -> A2A ---- */

START_TEST(text_parts_and_thoughts)
{
	ck_assert_str_eq(to_a2a("{'text':'hi'}", NULL, A2A_V03), "{'kind':'text','text':'hi'}");
	ck_assert_str_eq(to_a2a("{'text':'hm','thought':true}", NULL, A2A_V03),
	                 "{'kind':'text','text':'hm','metadata':{'adk_thought':true}}");
	/* Only boolean true is a thought. */
	ck_assert_str_eq(to_a2a("{'text':'hm','thought':false}", NULL, A2A_V03),
	                 "{'kind':'text','text':'hm'}");
	/* Decision 3: an empty text stays a text part. */
	ck_assert_str_eq(to_a2a("{'text':''}", NULL, A2A_V03), "{'kind':'text','text':''}");
	ck_assert_str_eq(to_a2a("{'text':''}", NULL, A2A_V10), "{'text':''}");
	/* Non-empty text wins over everything else (Go checks it first). */
	ck_assert_str_eq(to_a2a("{'text':'t','functionCall':{'name':'f'}}", NULL, A2A_V03),
	                 "{'kind':'text','text':'t'}");
	/* An empty text beside a call is the call. */
	ck_assert_str_eq(to_a2a("{'text':'','functionCall':{'name':'f'}}", NULL, A2A_V10),
	                 "{'data':{'name':'f'},'metadata':{'adk_is_long_running':false,"
	                 "'adk_type':'function_call'}}");
	/* Go drops the thought signature; with --lossless it travels, so a round trip keeps it. */
	ck_assert_str_eq(to_a2a("{'text':'a','thought_signature':'QUJD'}", NULL, A2A_V10),
	                 "{'text':'a'}");
	ck_assert_str_eq(to_a2a_lossless("{'text':'a','thought_signature':'QUJD'}", NULL, A2A_V10),
	                 "{'text':'a','metadata':{'adk_thought_signature':'QUJD'}}");
	/* A part holding only a signature is a data part of the whole part, in both modes. */
	ck_assert_str_eq(to_a2a("{'thoughtSignature':'QUJD'}", NULL, A2A_V03),
	                 "{'kind':'data','data':{'thoughtSignature':'QUJD'}}");
	ck_assert_str_eq(to_a2a_lossless("{'thoughtSignature':'QUJD'}", NULL, A2A_V03),
	                 "{'kind':'data','data':{'thoughtSignature':'QUJD'}}");
}
END_TEST

START_TEST(tagged_inline_data_becomes_a_data_part)
{
	/* base64 of <a2a_datapart_json>{"a":1}</a2a_datapart_json> */
	const char *tagged = "{'inlineData':{'mimeType':'text/plain','data':"
	                     "'PGEyYV9kYXRhcGFydF9qc29uPnsiYSI6MX08L2EyYV9kYXRhcGFydF9qc29uPg=='}}";
	ck_assert_str_eq(to_a2a(tagged, NULL, A2A_V03), "{'kind':'data','data':{'a':1}}");
	ck_assert_str_eq(to_a2a(tagged, NULL, A2A_V10), "{'data':{'a':1}}");
	/* Python 0.3 tags the whole DataPart: its data and metadata come out. */
	const char *whole =
	    "{'inline_data':{'mime_type':'text/plain','data':'PGEyYV9kYXRhcGFydF9qc29uPnsia2l"
	    "uZCI6ImRhdGEiLCJkYXRhIjp7ImIiOjJ9LCJtZXRhZGF0YSI6eyJtIjp0cnVlfX08L2EyYV9kYXRhcG"
	    "FydF9qc29uPg'}}";
	ck_assert_str_eq(to_a2a(whole, NULL, A2A_V03),
	                 "{'kind':'data','data':{'b':2},'metadata':{'m':true}}");
	/* Tagged JSON that is not an object is an error. */
	ck_assert_str_eq(to_a2a("{'inlineData':{'mimeType':'text/plain','data':"
	                        "'PGEyYV9kYXRhcGFydF9qc29uPlsxXTwvYTJhX2RhdGFwYXJ0X2pzb24+'}}",
	                        NULL, A2A_V03),
	                 "NULL");
	ck_assert_str_eq(why, "tagged inlineData does not hold a JSON object");
	/* Untagged text/plain bytes are a file. */
	ck_assert_str_eq(
	    to_a2a("{'inlineData':{'mimeType':'text/plain','data':'aGk='}}", NULL, A2A_V03),
	    "{'kind':'file','file':{'bytes':'aGk=','mimeType':'text/plain'}}");
}
END_TEST

START_TEST(files_by_uri_and_bytes)
{
	ck_assert_str_eq(
	    to_a2a("{'fileData':{'fileUri':'gs://b/f.pdf','mimeType':'application/pdf',"
	           "'displayName':'f.pdf'},'videoMetadata':{'fps':1}}",
	           NULL, A2A_V03),
	    "{'kind':'file','file':{'uri':'gs://b/f.pdf','mimeType':'application/pdf','name':"
	    "'f.pdf'}}");
	ck_assert_str_eq(to_a2a("{'file_data':{'file_uri':'u'}}", NULL, A2A_V10), "{'url':'u'}");
	/* URL-safe unpadded bytes come out standard and padded; video metadata Go's way. */
	ck_assert_str_eq(
	    to_a2a("{'inline_data':{'data':'_-8','mime_type':'image/png','display_name':"
	           "'p.png'},'video_metadata':{'fps':2}}",
	           NULL, A2A_V03),
	    "{'kind':'file','file':{'bytes':'/+8=','mimeType':'image/png','name':'p.png'},"
	    "'metadata':{'video_metadata':{'fps':2}}}");
	ck_assert_str_eq(to_a2a("{'inlineData':{'data':'/+8=','mimeType':''}}", NULL, A2A_V10),
	                 "{'raw':'/+8='}");
	ck_assert_str_eq(to_a2a("{'inlineData':{'data':'QQ=x'}}", NULL, A2A_V03), "NULL");
	ck_assert_str_eq(why, "invalid base64 in inlineData.data");
}
END_TEST

START_TEST(typed_data_parts_in_go_order)
{
	ck_assert_str_eq(to_a2a("{'functionCall':{'id':'c1','name':'f','args':{'x':1}}}",
	                        "['c0','c1']", A2A_V03),
	                 "{'kind':'data','data':{'id':'c1','name':'f','args':{'x':1}},'metadata':{"
	                 "'adk_is_long_running':true,'adk_type':'function_call'}}");
	/* Go always writes the flag on calls, false too, and drops the signature. */
	ck_assert_str_eq(
	    to_a2a("{'function_call':{'id':'c2','name':'f'},'thoughtSignature':'QQ=='}", "['c1']",
	           A2A_V03),
	    "{'kind':'data','data':{'id':'c2','name':'f'},'metadata':{"
	    "'adk_is_long_running':false,'adk_type':'function_call'}}");
	ck_assert_str_eq(
	    to_a2a_lossless("{'function_call':{'id':'c2','name':'f'},'thoughtSignature':'QQ=='}",
	                    "['c1']", A2A_V03),
	    "{'kind':'data','data':{'id':'c2','name':'f'},'metadata':{"
	    "'adk_is_long_running':false,'adk_thought_signature':'QQ==',"
	    "'adk_type':'function_call'}}");
	ck_assert_str_eq(
	    to_a2a("{'functionResponse':{'id':'c1','name':'f','response':{'r':1}}}", NULL, A2A_V03),
	    "{'kind':'data','data':{'id':'c1','name':'f','response':{'r':1}},"
	    "'metadata':{'adk_type':'function_response'}}");
	ck_assert_str_eq(
	    to_a2a("{'executableCode':{'code':'print(1)','language':'PYTHON'}}", NULL, A2A_V10),
	    "{'data':{'code':'print(1)','language':'PYTHON'},'metadata':{'adk_type':"
	    "'executable_code'}}");
	ck_assert_str_eq(to_a2a("{'code_execution_result':{'outcome':'OUTCOME_OK','output':'1'}}",
	                        NULL, A2A_V03),
	                 "{'kind':'data','data':{'outcome':'OUTCOME_OK','output':'1'},'metadata':{"
	                 "'adk_type':'code_execution_result'}}");
	/* codeExecutionResult is checked before functionResponse. */
	ck_assert_str_eq(to_a2a("{'functionResponse':{'name':'f'},'codeExecutionResult':{'outcome':"
	                        "'OUTCOME_OK'}}",
	                        NULL, A2A_V10),
	                 "{'data':{'outcome':'OUTCOME_OK'},'metadata':{'adk_type':"
	                 "'code_execution_result'}}");
	ck_assert_str_eq(to_a2a("{'functionCall':'f'}", NULL, A2A_V03), "NULL");
}
END_TEST

START_TEST(anything_else_travels_whole)
{
	ck_assert_str_eq(to_a2a("{}", NULL, A2A_V03), "{'kind':'data','data':{}}");
	ck_assert_str_eq(to_a2a("{'thoughtSignature':'QQ==','x':null}", NULL, A2A_V10),
	                 "{'data':{'thoughtSignature':'QQ=='}}");
	ck_assert_str_eq(to_a2a("'text'", NULL, A2A_V03), "NULL");
	ck_assert_str_eq(why, "a part is not an object");
}
END_TEST

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

/* ---- section 5: event -> Message ---- */

static const char *message(const char *event, struct a2a_message_options o)
{
	json_t *ev = J(event);
	json_t *m = a2a_message_from_event(ev, &o, "fresh", &why);
	json_decref(ev);
	return S(m);
}

START_TEST(message_metadata_keys)
{
	struct a2a_message_options o = {.version = A2A_V03};
	ck_assert_str_eq(
	    message("{'author':'agent','invocationId':'inv-1','content':{'role':'model',"
	            "'parts':[{'text':'hi'}]},'actions':{'escalate':true}}",
	            o),
	    "{'kind':'message','messageId':'fresh','role':'agent','parts':[{'kind':"
	    "'text','text':'hi'}],'metadata':{'adk_author':'agent','adk_escalate':true,"
	    "'adk_invocation_id':'inv-1'}}");
	/* Every key of the table, in Go's sorted order; empty strings and false are left out. */
	const char *every =
	    "{'id':'e1','author':'a','branch':'r.a','invocation_id':'i','error_code':'E',"
	    "'errorMessage':'m','citationMetadata':{'c':1},'groundingMetadata':{'g':1},"
	    "'usageMetadata':{'u':1},'customMetadata':{},'actions':{'escalate':false,"
	    "'transfer_to_agent':'b','stateDelta':{},'skipSummarization':true}}";
	ck_assert_str_eq(
	    message(every, o),
	    "{'kind':'message','messageId':'e1','role':'agent','parts':[],'metadata':{"
	    "'adk_author':'a',"
	    "'adk_branch':'r.a','adk_citation_metadata':{'c':1},'adk_custom_metadata':{},"
	    "'adk_error_code':'E','adk_grounding_metadata':{'g':1},"
	    "'adk_invocation_id':'i','adk_transfer_to_agent':'b','adk_usage_metadata':{'u':1}}}");
	/* --lossless adds the whole actions and the error message. */
	o.lossless = true;
	ck_assert_str_eq(
	    message("{'id':'e1','author':'a','branch':'r.a','invocation_id':'i','error_code':'E',"
	            "'errorMessage':'m','citationMetadata':{'c':1},'groundingMetadata':{'g':1},"
	            "'usageMetadata':{'u':1},'customMetadata':{},'actions':{'escalate':false,"
	            "'transfer_to_agent':'b','stateDelta':{},'skipSummarization':true}}",
	            o),
	    "{'kind':'message','messageId':'e1','role':'agent','parts':[],'metadata':{"
	    "'adk_actions':{'transferToAgent':'b','skipSummarization':true},'adk_author':'a',"
	    "'adk_branch':'r.a','adk_citation_metadata':{'c':1},'adk_custom_metadata':{},"
	    "'adk_error_code':'E','adk_error_message':'m','adk_grounding_metadata':{'g':1},"
	    "'adk_invocation_id':'i','adk_transfer_to_agent':'b','adk_usage_metadata':{'u':1}}}");
	o.lossless = false;
	/* No content, nothing to say: still a message, with no metadata member. */
	ck_assert_str_eq(message("{'content':null,'branch':'','timestamp':1}", o),
	                 "{'kind':'message','messageId':'fresh','role':'agent','parts':[]}");
	/* Only escalate and transfer: no adk_actions. */
	ck_assert_str_eq(
	    message("{'author':'user','actions':{'transferToAgent':'x','stateDelta':{}}}", o),
	    "{'kind':'message','messageId':'fresh','role':'user','parts':[],'metadata':{"
	    "'adk_author':'user','adk_transfer_to_agent':'x'}}");
	ck_assert_str_eq(
	    message("{'author':'a','content':{'parts':[{'inlineData':{'data':'!'}}]}}", o), "NULL");
}
END_TEST

START_TEST(snake_case_events_give_camel_case_messages)
{
	struct a2a_message_options o = {.version = A2A_V03, .lossless = true};
	/* genai structs are respelled at every level; user data (args, state, custom) is not. */
	ck_assert_str_eq(
	    message("{'id':'e','author':'a','invocation_id':'i','usage_metadata':{"
	            "'prompt_token_count':1,'prompt_tokens_details':[{'token_count':1}]},"
	            "'custom_metadata':{'my_key':1},'actions':{'state_delta':{'my_key':1},"
	            "'skip_summarization':true,'end_of_agent':true},'content':{'parts':[{"
	            "'function_call':{'id':'c','name':'f','args':{'my_arg':1},'will_continue':"
	            "false,'partial_args':null}}]}}",
	            o),
	    "{'kind':'message','messageId':'e','role':'agent','parts':[{'kind':'data','data':{"
	    "'id':'c','name':'f','args':{'my_arg':1},'willContinue':false},'metadata':{"
	    "'adk_is_long_running':false,'adk_type':'function_call'}}],'metadata':{"
	    "'adk_actions':{'stateDelta':{'my_key':1},'skipSummarization':true,'endOfAgent':"
	    "true},'adk_author':'a','adk_custom_metadata':{'my_key':1},'adk_invocation_id':'i',"
	    "'adk_usage_metadata':{'promptTokenCount':1,'promptTokensDetails':[{'tokenCount':"
	    "1}]}}}");
}
END_TEST

START_TEST(message_ids_and_versions)
{
	const char *ev = "{'id':'e1','author':'user','customMetadata':{'a2a:task_id':'T',"
	                 "'a2a:context_id':'C'}}";
	struct a2a_message_options o = {.version = A2A_V10};
	ck_assert_str_eq(message(ev, o), "{'messageId':'e1','role':'ROLE_USER','parts':[],"
	                                 "'metadata':{'adk_author':'user','adk_custom_metadata':{"
	                                 "'a2a:task_id':'T','a2a:context_id':'C'}}}");
	o.ids_from_metadata = true;
	ck_assert_str_eq(
	    message("{'id':'','customMetadata':{'a2a:task_id':'T','a2a:context_id':'C'}}", o),
	    "{'messageId':'fresh','contextId':'C','taskId':'T','role':'ROLE_AGENT',"
	    "'parts':[],'metadata':{'adk_custom_metadata':{'a2a:task_id':'T',"
	    "'a2a:context_id':'C'}}}");
	/* The options win over the metadata. */
	o.version = A2A_V03;
	o.task_id = "T2";
	ck_assert_str_eq(
	    message("{'customMetadata':{'a2a:task_id':'T','a2a:context_id':'C'}}", o),
	    "{'kind':'message','messageId':'fresh','contextId':'C','taskId':'T2','role':"
	    "'agent','parts':[],'metadata':{'adk_custom_metadata':{'a2a:task_id':'T',"
	    "'a2a:context_id':'C'}}}");
	o.ids_from_metadata = false;
	o.context_id = "X";
	ck_assert_str_eq(
	    message("{'customMetadata':{'a2a:task_id':'T'}}", o),
	    "{'kind':'message','messageId':'fresh','contextId':'X','taskId':'T2','role':"
	    "'agent','parts':[],'metadata':{'adk_custom_metadata':{'a2a:task_id':'T'}}}");
}
END_TEST

/* ---- section 6: A2A object -> event ---- */

static const struct a2a_event_options opts = {"a2a agent", "inv", NULL, false};

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
	/* Every key read back; adk_custom_metadata overlays the task ids; a JSON string works. */
	ck_assert_str_eq(
	    body_of("{'kind':'message','messageId':'m','taskId':'t','contextId':'c','parts':[],"
	            "'metadata':{'adk_custom_metadata':'{\\'a2a:task_id\\':\\'T\\',\\'k\\':1}',"
	            "'adk_grounding_metadata':{'g':1},'adk_citation_metadata':{'c':1},"
	            "'adk_usage_metadata':{'u':1},'adk_error_code':'E','adk_error_message':'M',"
	            "'adk_escalate':true,'adk_transfer_to_agent':'b','adk_author':'x'}}",
	            &opts),
	    "{'turnComplete':true,'errorCode':'E','errorMessage':'M','customMetadata':{"
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

START_TEST(go_json_bytes)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *v = json_loads("{\"z\":[1,2.5,1e2,-0.1,true,null],\"a\":{\"y\":\"<&>\\u2028\\u2029"
	                       "\\u0001\\n\\u00e9\",\"b\":{}},\"A\":[]}",
	                       0, NULL);
	a2a_go_json(&sb, v);
	ck_assert_str_eq(sb.buf, "{\"A\":[],\"a\":{\"b\":{},\"y\":\"\\u003c\\u0026\\u003e\\u2028"
	                         "\\u2029\\u0001\\n\xc3\xa9\"},\"z\":[1,2.5,100,-0.1,true,null]}");
	json_decref(v);
	/* Reals the way Go's strconv writes a float64; big integers kept exact. */
	static const struct {
		const char *in, *out;
	} numbers[] = {
	    {"[1.0]", "[1]"},
	    {"[2.50]", "[2.5]"},
	    {"[1e21]", "[1e+21]"},
	    {"[1.5e300]", "[1.5e+300]"},
	    {"[1e20]", "[100000000000000000000]"},
	    {"[123456789.125]", "[123456789.125]"},
	    {"[0.000001]", "[0.000001]"},
	    {"[1e-7]", "[1e-7]"},
	    {"[-1.25e-10]", "[-1.25e-10]"},
	    {"[1e-100]", "[1e-100]"},
	    {"[-0.0]", "[-0]"},
	    {"[0.1]", "[0.1]"},
	    {"[9007199254740993]", "[9007199254740993]"},
	};
	for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
		strbuf_reset(&sb);
		v = json_loads(numbers[i].in, 0, NULL);
		a2a_go_json(&sb, v);
		ck_assert_str_eq(sb.buf, numbers[i].out);
		json_decref(v);
	}
	strbuf_release(&sb);
}
END_TEST

/* Actions without default members, as produced events carry them. */
static json_t *plain_actions(const json_t *event)
{
	json_t *out = json_object();
	const char *key;
	json_t *v;
	json_object_foreach(adk_get(event, ADK_ACTIONS), key, v)
	{
		if (json_truthy(v))
			json_object_set(out, key, v);
	}
	return out;
}

/* to-a2a then from-a2a on one event, through both protocol versions. */
static void round_trip(const json_t *event, enum a2a_version version, const char *where)
{
	/* Lossless: the round trip is adkev's own, and must keep every part and action. */
	struct a2a_message_options mo = {.version = version, .lossless = true};
	json_t *msg = a2a_message_from_event(event, &mo, "m", &why);
	ck_assert_msg(msg != NULL, "%s: to-a2a: %s", where, why);
	struct a2a_object obj;
	ck_assert_msg(a2a_recognise(msg, &obj, &why), "%s: %s", where, why);
	json_t *back = a2a_event_body(&obj, &opts, &why);
	ck_assert_msg(back != NULL, "%s: from-a2a: %s", where, why);

	json_t *want_parts = event_parts(event), *got_parts = event_parts(back);
	size_t nwant = json_array_size(want_parts), ngot = json_array_size(got_parts);
	ck_assert_msg(nwant == ngot && (nwant == 0 || json_equal(want_parts, got_parts)),
	              "%s: parts differ", where);
	json_t *want_actions = plain_actions(event), *got_actions = plain_actions(back);
	ck_assert_msg(json_equal(want_actions, got_actions), "%s: actions differ", where);
	json_t *want_lrt = adk_get(event, ADK_LONG_RUNNING_TOOL_IDS);
	json_t *got_lrt = adk_get(back, ADK_LONG_RUNNING_TOOL_IDS);
	ck_assert_msg(json_array_size(want_lrt) == json_array_size(got_lrt) &&
	                  (!got_lrt || json_equal(want_lrt, got_lrt)),
	              "%s: long-running ids differ", where);
	json_decref(want_actions);
	json_decref(got_actions);
	json_decref(msg);
	json_decref(back);
}

START_TEST(round_trip_over_the_corpus)
{
	glob_t g;
	ck_assert_int_eq(glob("tests/corpus/adkjs/*.jsonl", 0, NULL, &g), 0);
	ck_assert_uint_ge(g.gl_pathc, 12);
	size_t events = 0;
	for (size_t i = 0; i < g.gl_pathc; i++) {
		char *operands[] = {g.gl_pathv[i]};
		struct reader *r = reader_new(operands, 1, NULL);
		struct reader_item item;
		while (reader_next(r, &item) == READ_ITEM) {
			char where[300];
			snprintf(where, sizeof where, "%s:%lu", g.gl_pathv[i], item.pos.line);
			round_trip(item.value, A2A_V03, where);
			round_trip(item.value, A2A_V10, where);
			events++;
		}
		ck_assert_int_eq(reader_status(r), 0);
		reader_free(r);
	}
	ck_assert_uint_ge(events, 100);
	globfree(&g);
}
END_TEST

START_TEST(round_trip_of_every_part_kind)
{
	json_t *ev =
	    J("{'author':'a','longRunningToolIds':['c1'],'actions':{'escalate':true,"
	      "'transferToAgent':'b','stateDelta':{'k':[1]},'skipSummarization':true},"
	      "'content':{'role':'model','parts':[{'text':''},{'text':'t','thought':true,"
	      "'thoughtSignature':'QUJD'},{'inlineData':{'data':'/+8=','mimeType':'image/png',"
	      "'displayName':'p'},'videoMetadata':{'fps':1}},{'fileData':{'fileUri':'gs://x',"
	      "'mimeType':'a/b','displayName':'x'}},{'functionCall':{'id':'c1','name':'f',"
	      "'args':{}},'thoughtSignature':'QQ=='},{'functionResponse':{'id':'c1','name':"
	      "'f','response':{}}},{'executableCode':{'code':'1','language':'PYTHON'}},"
	      "{'codeExecutionResult':{'outcome':'OUTCOME_OK','output':'1'}},{'inlineData':{"
	      "'mimeType':'text/plain','data':'PGEyYV9kYXRhcGFydF9qc29uPnsiYSI6MX08L2EyYV9k"
	      "YXRhcGFydF9qc29uPg=='}}]}}");
	round_trip(ev, A2A_V03, "all parts 0.3");
	round_trip(ev, A2A_V10, "all parts 1.0");
	json_decref(ev);
}
END_TEST

static Suite *a2a_suite(void)
{
	Suite *s = suite_create("a2a");
	TCase *to = tcase_create("to-a2a");
	tcase_add_test(to, text_parts_and_thoughts);
	tcase_add_test(to, tagged_inline_data_becomes_a_data_part);
	tcase_add_test(to, files_by_uri_and_bytes);
	tcase_add_test(to, typed_data_parts_in_go_order);
	tcase_add_test(to, anything_else_travels_whole);
	tcase_add_test(to, message_metadata_keys);
	tcase_add_test(to, message_ids_and_versions);
	tcase_add_test(to, snake_case_events_give_camel_case_messages);
	suite_add_tcase(s, to);
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
	TCase *shared = tcase_create("shared");
	tcase_add_test(shared, go_json_bytes);
	tcase_add_test(shared, round_trip_over_the_corpus);
	tcase_add_test(shared, round_trip_of_every_part_kind);
	suite_add_tcase(s, shared);
	return s;
}

int main(void)
{
	return run_suite(a2a_suite()) ? 1 : 0;
}
