package com.parse;

import com.parse.boltsinternal.Task;
import com.parse.http.ParseHttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * REST messages (context message), each handed to the SDK code that receives it: the SDK's own
 * controller sends its request through a ParseHttpClient whose OkHttp client answers with the case's
 * bytes (an interceptor stands where the network would be), and the adapter reports what the
 * controller's task delivers. Nothing of the SDK's response handling is bypassed: OkHttp's body,
 * ParseRESTCommand#onResponseAsync (org.json, status handling, retries of a temporary failure), then
 * the controller (NetworkQueryController, NetworkObjectController, ParseCloudCodeController,
 * ParseRESTObjectBatchCommand#executeBatch).
 */
final class Messages {
    private Messages() {}

    /** A ParseHttpClient whose every request is answered with this status and body. */
    static ParseHttpClient answering(int status, byte[] body) {
        OkHttpClient.Builder builder = new OkHttpClient.Builder();
        builder.addInterceptor(chain -> new Response.Builder()
                .request(chain.request())
                .protocol(Protocol.HTTP_1_1)
                .code(status)
                .message("canned")
                .body(ResponseBody.create(MediaType.parse("application/json; charset=utf-8"), body))
                .build());
        return ParseHttpClient.createClient(builder);
    }

    /** The result of an SDK task; its error is the SDK's rejection. */
    static <T> T await(Task<T> task) throws Exception {
        task.waitForCompletion();
        if (task.isFaulted()) throw task.getError();
        if (task.isCancelled()) throw new IllegalStateException("the SDK cancelled the task");
        return task.getResult();
    }

    static Object decode(byte[] body, Map<String, Object> context) throws ConformanceAdapter.Rejection {
        String message = (String) context.get("message");
        String className = context.get("className") instanceof String
                ? (String) context.get("className") : ConformanceAdapter.DEFAULT_CLASS;
        switch (message) {
            case "find-response":
                return find(body, className);
            case "save-response":
                return save(body, className);
            case "error":
                return error(body);
            case "function-response":
                return function(body);
            case "batch-response":
                return batch(body, className);
            default:
                throw new Skip("the SDK writes a " + message + " and never reads one");
        }
    }

    /** A message the SDK has no code for: answered unsupported. */
    static final class Skip extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Skip(String why) {
            super(why);
        }
    }

    /** ParseQuery#find's route: NetworkQueryController#findAsync; count as #countAsync reads it. */
    static Object find(byte[] body, String className) throws ConformanceAdapter.Rejection {
        ParseQuery.State<ParseObject> state = new ParseQuery.State.Builder<ParseObject>(className).build();
        List<ParseObject> found = ConformanceAdapter.sdk(() ->
                await(new NetworkQueryController(answering(200, body)).findAsync(state, (String) null, null)));
        Map<String, Object> map = new LinkedHashMap<>();
        List<Object> results = new ArrayList<>();
        for (ParseObject o : found) results.add(TvnOut.value(o));
        map.put("results", TvnOut.node("array", results));
        // The SDK reads a count only in a count query (ParseQuery#count), from the same response shape.
        JSONObject json = ConformanceAdapter.sdk(() -> new JSONObject(new String(body, StandardCharsets.UTF_8)));
        if (json.has("count")) {
            ParseQuery.State<ParseObject> counting =
                    new ParseQuery.State.Builder<ParseObject>(className).setLimit(0).build();
            Integer count = ConformanceAdapter.sdk(() ->
                    await(new NetworkQueryController(answering(200, body)).countAsync(counting, (String) null, null)));
            map.put("count", TvnOut.value(count));
        }
        return TvnOut.node("map", map);
    }

    /**
     * ParseObject#save's route: NetworkObjectController#saveAsync. A response with an objectId
     * answers a create (POST of a new object, status 201), one without answers an update (PUT).
     */
    static Object save(byte[] body, String className) throws ConformanceAdapter.Rejection {
        JSONObject peek = ConformanceAdapter.sdk(() -> new JSONObject(new String(body, StandardCharsets.UTF_8)));
        boolean create = peek.has("objectId");
        ParseObject.State.Builder builder = new ParseObject.State.Builder(className);
        if (!create) builder.objectId("savedBefore");
        ParseObject.State state = builder.build();
        ParseObject.State saved = ConformanceAdapter.sdk(() -> await(new NetworkObjectController(
                answering(create ? 201 : 200, body)).saveAsync(state, new ParseOperationSet(), null, ParseDecoder.get())));
        ParseObject object = ConformanceAdapter.sdk(() -> ParseObject.create(className));
        object.setState(saved);
        return TvnOut.object(object);
    }

    /** An error response (status 400), as every command reads one: a ParseException. */
    static Object error(byte[] body) throws ConformanceAdapter.Rejection {
        ParseRESTCommand command = new ParseRESTCommand("classes/C", ParseHttpRequest.Method.GET, (JSONObject) null, null);
        try {
            await(command.executeAsync(answering(400, body)));
        } catch (ParseException e) {
            if (e.getCause() instanceof org.json.JSONException) {
                throw new ConformanceAdapter.Rejection("json-syntax", "ParseException " + e.getCode() + ": " + e.getMessage(), e.getCode());
            }
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("code", TvnOut.value(e.getCode()));
            map.put("error", TvnOut.value(e.getMessage()));
            return TvnOut.node("map", map);
        } catch (Exception e) {
            throw new ConformanceAdapter.Rejection("other", e.toString(), null);
        }
        throw new IllegalStateException("the SDK read an error response as a success");
    }

    /** ParseCloud#callFunction's route: ParseCloudCodeController#callFunctionInBackground. */
    static Object function(byte[] body) throws ConformanceAdapter.Rejection {
        Object result = ConformanceAdapter.sdk(() -> await(new ParseCloudCodeController(answering(200, body))
                .callFunctionInBackground("f", Collections.emptyMap(), null)));
        return TvnOut.node("map", Collections.singletonMap("result", TvnOut.value(result)));
    }

    /**
     * ParseObject.saveAll's route: ParseRESTObjectBatchCommand#executeBatch, with as many save
     * commands as the response has results. The SDK sends no batch of one command (it sends the
     * command alone), so a one-result batch response is one it never reads.
     */
    static Object batch(byte[] body, String className) throws ConformanceAdapter.Rejection {
        int size;
        try {
            size = new JSONArray(new String(body, StandardCharsets.UTF_8)).length();
        } catch (org.json.JSONException e) {
            size = 2; // the SDK fails on the body whatever the batch's size; two commands make it a batch
        }
        if (size < 2) throw new Skip("the SDK never sends a batch of fewer than two commands");
        List<ParseRESTObjectCommand> commands = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            ParseObject.State fresh = new ParseObject.State.Builder(className).build();
            commands.add(ParseRESTObjectCommand.saveObjectCommand(fresh, new JSONObject(), null));
        }
        List<Task<JSONObject>> tasks = ParseRESTObjectBatchCommand.executeBatch(answering(200, body), commands, null);
        List<Object> out = new ArrayList<>();
        for (Task<JSONObject> task : tasks) {
            try {
                JSONObject success = await(task);
                // NetworkObjectController#saveAllAsync hands each result to ParseObjectCoder#decode
                // (ParseObjectCoder.java:86-118), which reads every member but objectId, createdAt,
                // updatedAt and ACL through ParseDecoder: a typed value is the SDK's value, not JSON.
                Map<String, Object> members = new LinkedHashMap<>();
                for (java.util.Iterator<?> keys = success.keys(); keys.hasNext(); ) {
                    String key = (String) keys.next();
                    Object raw = success.get(key);
                    boolean magic = key.equals("objectId") || key.equals("createdAt") || key.equals("updatedAt") || key.equals("ACL");
                    members.put(key, TvnOut.value(magic ? raw : ParseDecoder.get().decode(raw)));
                }
                out.add(TvnOut.node("map", Collections.singletonMap("success", TvnOut.node("map", members))));
            } catch (ParseException e) {
                if (e.getCause() instanceof org.json.JSONException) {
                    throw new ConformanceAdapter.Rejection("json-syntax", "ParseException " + e.getCode() + ": " + e.getMessage(), e.getCode());
                }
                Map<String, Object> error = new LinkedHashMap<>();
                error.put("code", TvnOut.value(e.getCode()));
                error.put("error", TvnOut.value(e.getMessage()));
                out.add(TvnOut.node("map", Collections.singletonMap("error", TvnOut.node("map", error))));
            } catch (Exception e) {
                throw new ConformanceAdapter.Rejection("other", e.toString(), null);
            }
        }
        return TvnOut.node("array", out);
    }
}
