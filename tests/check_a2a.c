/*
 * check_a2a.c - the ADK -> A2A half of the mapping (a2a.md): every part
 * rule of section 3 in both protocol versions, the metadata keys of
 * sections 2 and 5, Go-compatible tagged JSON, and the round trip over
 * every stream of the corpus.  The A2A -> ADK half is check_a2a_in.c's;
 * times and UUIDs are check_stamp.c's.
 */
#include "check_a2a.h"

#include "adk/event.h"
#include "read/reader.h"

#include <glob.h>

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
	/* --lossless adds the whole actions, the error message and the event's id. */
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
	    "'adk_error_code':'E','adk_error_message':'m','adk_event_id':'e1',"
	    "'adk_event_members':{'turnComplete':null},"
	    "'adk_grounding_metadata':{'g':1},'adk_invocation_id':'i','adk_transfer_to_agent':'b',"
	    "'adk_usage_metadata':{'u':1}}}");
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
	    "true},'adk_author':'a','adk_custom_metadata':{'my_key':1},'adk_event_id':'e',"
	    "'adk_event_members':{'turnComplete':null,'content':{'role':null}},"
	    "'adk_invocation_id':'i',"
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
	/* And the members a Message alone would make up or leave out (adk_event_members). */
	static const enum adk_field kept[] = {ADK_FINISH_REASON, ADK_PARTIAL, ADK_TURN_COMPLETE};
	for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
		json_t *w = adk_get(event, kept[i]), *g = adk_get(back, kept[i]);
		w = json_is_null(w) ? NULL : w;
		ck_assert_msg(w ? g && json_equal(w, g) : !g, "%s: %s differs", where,
		              adk_field_name(kept[i]));
	}
	if (nwant) {
		const char *w = adk_get_string(adk_get(event, ADK_CONTENT), ADK_ROLE);
		const char *g = adk_get_string(adk_get(back, ADK_CONTENT), ADK_ROLE);
		ck_assert_msg(w ? g && strcmp(w, g) == 0 : !g, "%s: content role differs", where);
	}
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
