package com.parse;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.json.JSONException;
import org.json.JSONObject;

/**
 * A ParseWire conformance adapter (Vectors/INTERPRETING.md §9, profile client) around
 * Parse-SDK-Android's own reading and writing of the wire format. It lives in package com.parse to
 * reach the SDK's package-private coders. Nothing here encodes or decodes a Parse type: a document
 * is parsed by org.json as the SDK's REST command parses a response, read by ParseDecoder,
 * ParseObject.fromJSON or ParseOperationSet.fromRest, and written by ParseObjectCoder.encode with
 * PointerEncoder (the save path), then JSONObject#toString (the request body); what the SDK produced
 * is reported as it is.
 */
public final class ConformanceAdapter {
    /** The class of a save body or field value when the case names none. */
    static final String DEFAULT_CLASS = "ParseWireCase";

    /** A refusal by the SDK (or by org.json, which the SDK reads responses with). */
    static final class Rejection extends Exception {
        private static final long serialVersionUID = 1L;
        final String kind;
        final Integer parseCode;

        Rejection(String kind, String message, Integer parseCode) {
            super(message);
            this.kind = kind;
            this.parseCode = parseCode;
        }
    }

    /** One step of the SDK; what it throws is its rejection of the input. */
    interface Step<T> {
        T run() throws Exception;
    }

    static <T> T sdk(Step<T> step) throws Rejection {
        try {
            return step.run();
        } catch (Rejection | TvnOut.Unrepresentable | Messages.Skip e) {
            throw e;
        } catch (StackOverflowError e) {
            throw new Rejection("depth-limit", "StackOverflowError", null);
        } catch (Exception | Error e) {
            if (e instanceof OutOfMemoryError) throw (OutOfMemoryError) e;
            Throwable t = e;
            while (t instanceof RuntimeException && t.getCause() != null
                    && t.getMessage() != null && t.getMessage().equals(String.valueOf(t.getCause()))) {
                t = t.getCause();
            }
            Integer code = t instanceof ParseException ? ((ParseException) t).getCode() : null;
            String message = t.getClass().getSimpleName() + ": " + t.getMessage();
            throw new Rejection(kindOf(t), message, code);
        }
    }

    static String kindOf(Throwable t) {
        String m = String.valueOf(t.getMessage());
        if (t instanceof JSONException) {
            if (m.contains("Duplicate")) return "duplicate-key";
            if (m.contains("Unterminated") || m.contains("Expected") || m.contains("End of input")
                    || m.contains("Unexpected") || m.contains("Syntax")) {
                return "json-syntax";
            }
            return "wrong-field-type";
        }
        if (m.contains("bad base-64")) return "invalid-base64";
        if (m.contains("Latitude") || m.contains("Longitude")) return "out-of-range";
        if (m.contains("Polygon")) return "invalid-polygon";
        if (m.contains("Related object") || m.contains("ParseRelation")) return "invalid-operation";
        return "other";
    }

    static String text(Map<String, Object> request) {
        Object wire = request.get("wire");
        if (wire instanceof String) return (String) wire;
        byte[] bytes = Base64.getDecoder().decode((String) request.get("wireBase64"));
        // As ParseRESTCommand#onResponseAsync turns the body into text: new String(bytes), the
        // device's default charset being UTF-8 (malformed bytes become U+FFFD).
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The bytes of a response body, as they arrive. */
    static byte[] bytes(Map<String, Object> request) {
        Object wire = request.get("wire");
        if (wire instanceof String) return ((String) wire).getBytes(StandardCharsets.UTF_8);
        return Base64.getDecoder().decode((String) request.get("wireBase64"));
    }

    /** A response body, parsed as ParseRESTCommand#onResponseAsync parses one. */
    static JSONObject document(String text) throws Rejection {
        return sdk(() -> new JSONObject(text));
    }

    /**
     * A field value: the member of a response body the SDK parses with org.json. The text is
     * read in its place, as the value of a member (`{"f": …}`), since org.json reads whole objects.
     */
    static Object fieldValue(String text) throws Rejection {
        JSONObject holder = document("{\"f\":" + text + "\n}");
        return sdk(() -> holder.opt("f"));
    }

    static String classOf(Map<String, Object> context) {
        Object c = context.get("class");
        return c instanceof String ? (String) c : DEFAULT_CLASS;
    }

    static ParseObject newObject(String className) throws Rejection {
        return sdk(() -> ParseObject.create(className));
    }

    /** The save body the SDK sends for an object's pending changes (ParseObject#startSave). */
    static JSONObject saveBody(ParseObject object) throws Rejection {
        return sdk(() -> ParseObjectCoder.get().encode(
                object.getState(), object.startSave(), PointerEncoder.get()));
    }

    /** The text of member `f` of a save body, as JSONObject#toString writes it in the request. */
    static String writtenField(JSONObject body) throws Rejection {
        if (!body.has("f")) throw new IllegalStateException("the SDK wrote a save body without the field: " + body);
        String whole = sdk(body::toString);
        String single = sdk(() -> new JSONObject().put("f", body.get("f")).toString());
        if (!whole.startsWith("{") || !single.startsWith("{\"f\":")) {
            throw new IllegalStateException("unexpected body text " + single);
        }
        return single.substring(5, single.length() - 1);
    }

    static Object decode(Map<String, Object> request, Map<String, Object> context) throws Rejection {
        String text = text(request);
        switch ((String) context.get("kind")) {
            case "object": {
                ParseObject o = readFetched(text, context);
                return TvnOut.value(o);
            }
            case "update": {
                ParseOperationSet ops = readSaveBody(text);
                Map<String, Object> map = new LinkedHashMap<>();
                for (String key : ops.keySet()) map.put(key, TvnOut.op(ops.get(key)));
                return TvnOut.node("map", map);
            }
            case "message":
                return Messages.decode(bytes(request), context);
            default: {
                Object json = fieldValue(text);
                Object value = sdk(() -> ParseDecoder.get().decode(json));
                return TvnOut.value(value);
            }
        }
    }

    /** A fetched object, read as NetworkQueryController#convertFindResponse reads each result. */
    static ParseObject readFetched(String text, Map<String, Object> context) throws Rejection {
        JSONObject json = document(text);
        String className = (String) context.get("className");
        ParseObject o = sdk(() -> ParseObject.fromJSON(json, className, ParseDecoder.get(), null));
        if (o == null) throw new Rejection("missing-field", "fromJSON returned null (no className)", null);
        return o;
    }

    /** A save body, read by the SDK's reader of operation sets (ParseOperationSet#fromRest). */
    static ParseOperationSet readSaveBody(String text) throws Rejection {
        JSONObject json = document(text);
        return sdk(() -> ParseOperationSet.fromRest(json, ParseDecoder.get()));
    }

    static String encode(Map<String, Object> request, Map<String, Object> context) throws Rejection {
        Object value = request.get("value");
        switch ((String) context.get("kind")) {
            case "query":
                return Queries.encode(value, classOf(context));
            case "update": {
                ParseObject object = newObject(classOf(context));
                for (Map.Entry<String, Object> e : TvnIn.map(TvnIn.only(value).getValue()).entrySet()) {
                    sdk(() -> {
                        TvnIn.change(object, e.getKey(), e.getValue());
                        return null;
                    });
                }
                JSONObject body = saveBody(object);
                return sdk(body::toString);
            }
            default: {
                ParseObject object = newObject(classOf(context));
                sdk(() -> {
                    TvnIn.change(object, "f", value);
                    return null;
                });
                return writtenField(saveBody(object));
            }
        }
    }

    static String roundtrip(Map<String, Object> request, Map<String, Object> context) throws Rejection {
        String text = text(request);
        switch ((String) context.get("kind")) {
            case "update": {
                ParseOperationSet ops = readSaveBody(text);
                ParseObject object = newObject(classOf(context));
                JSONObject body = sdk(() -> ParseObjectCoder.get().encode(object.getState(), ops, PointerEncoder.get()));
                return sdk(body::toString);
            }
            default: {
                Object json = fieldValue(text);
                Object value = sdk(() -> ParseDecoder.get().decode(json));
                ParseObject object = newObject(classOf(context));
                sdk(() -> {
                    object.put("f", value == null ? JSONObject.NULL : value);
                    return null;
                });
                return writtenField(saveBody(object));
            }
        }
    }

    static Map<String, Object> hello() {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("protocol", new AdapterJson.Num("1"));
        Map<String, Object> impl = new LinkedHashMap<>();
        impl.put("name", "Parse-SDK-Android");
        impl.put("version", BuildConfig.PARSE_VERSION);
        impl.put("language", "java");
        impl.put("homepage", "https://github.com/parse-community/Parse-SDK-Android");
        impl.put("issues", "https://github.com/parse-community/Parse-SDK-Android/issues");
        h.put("implementation", impl);
        h.put("profile", "client");
        Map<String, Object> ops = new LinkedHashMap<>();
        // Every message the SDK receives; a batch request it only writes (INTERPRETING §9, message kinds).
        ops.put("decode", List.of("value", "object", "update", "message:find-response", "message:save-response",
                "message:error", "message:function-response", "message:batch-response"));
        ops.put("encode", List.of("value", "update", "query"));
        ops.put("roundtrip", List.of("value", "update"));
        h.put("ops", ops);
        // Every tag of an optional case but typed-record: ParseObject holds fields untyped.
        h.put("capabilities", List.of("message", "query", "op", "relation", "pointer", "date", "geopoint", "polygon"));
        h.put("choices", "1".equals(System.getenv("PARSE_SDK_ANDROID_NO_CHOICES")) ? Map.of() : Choices.CHOICES);
        return h;
    }

    static String cut(String s) {
        return s.length() > 2000 ? s.substring(0, 2000) : s;
    }

    /** The contexts this adapter hands to the SDK (its hello ops). */
    static final java.util.Set<Object> KNOWN_CONTEXTS = java.util.Set.of("value", "object", "update", "query", "message");

    static Map<String, Object> answer(Map<String, Object> request) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("seq", request.get("seq"));
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> context = (Map<String, Object>) request.get("context");
            Object kind = context == null ? null : context.get("kind");
            if (!KNOWN_CONTEXTS.contains(kind)) {
                // A context newer than this adapter (`livequery`, a separate ParseLiveQuery library
                // not built here): unsupported, never read as a value.
                throw new Messages.Skip("this adapter drives the parse library's REST paths only, not the " + kind + " context");
            }
            switch ((String) request.get("cmd")) {
                case "decode":
                    Object value = decode(request, context);
                    out.put("ok", true);
                    out.put("value", value);
                    break;
                case "encode":
                    String wire = encode(request, context);
                    out.put("ok", true);
                    out.put("wire", wire);
                    break;
                case "roundtrip":
                    String again = roundtrip(request, context);
                    out.put("ok", true);
                    out.put("wire", again);
                    break;
                default:
                    out.put("skipped", true);
                    out.put("reason", request.get("cmd") + " is not a request this adapter knows");
            }
        } catch (Rejection r) {
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("kind", r.kind);
            error.put("message", cut(String.valueOf(r.getMessage())));
            if (r.parseCode != null) error.put("parseCode", new AdapterJson.Num(r.parseCode.toString()));
            out.put("ok", false);
            out.put("error", error);
        } catch (Messages.Skip s) {
            // What the SDK has no code for (a query builder, a message it never receives): unsupported.
            out.put("unsupported", true);
            out.put("reason", s.getMessage());
        } catch (TvnOut.Unrepresentable u) {
            out.put("ok", true);
            out.put("unrepresentable", cut("the SDK accepted it and holds " + u.getMessage()));
        } catch (StackOverflowError e) {
            out.put("ok", true);
            out.put("unrepresentable", "the SDK accepted it; its value nests deeper than the adapter writes");
        } catch (RuntimeException e) {
            Map<String, Object> err = new LinkedHashMap<>();
            err.put("seq", request.get("seq"));
            err.put("errored", true);
            err.put("message", cut(String.valueOf(e)));
            java.io.StringWriter sw = new java.io.StringWriter();
            e.printStackTrace(new java.io.PrintWriter(sw));
            err.put("traceback", cut(sw.toString()));
            return err;
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        // Standard output carries answers only; anything the SDK prints goes to standard error.
        PrintStream protocol = new PrintStream(System.out, false, "UTF-8");
        System.setOut(System.err);
        Writer out = new OutputStreamWriter(protocol, StandardCharsets.UTF_8);
        // The two registrations of Parse.initialize that the coders depend on (the rest of it needs
        // an Android Context and a server, neither of which a coder uses).
        ParseObject.registerParseSubclasses();
        ParseFieldOperations.registerDefaultDecoders();
        // The server URL Parse.initialize would set: the REST commands build their paths from it
        // (nothing is ever sent there). A temporary failure (unparsable body, 5xx) is retried, as
        // on a device, without the wait.
        ParseRESTCommand.server = new java.net.URL("http://127.0.0.1:9/parse/");
        ParseRequest.setDefaultInitialRetryDelay(0);
        // The SDK keeps Remove, AddUnique and relation operations in hash sets of objects whose hash
        // is their identity: the order they are written in, and whether the relation merge throws
        // (ParseRelationOperation), depend on the sequence of identity hashes. PARSE_SDK_ANDROID_HASH_SHIFT=N
        // draws N identity hashes first, so runs that differ only in it show which checks depend on
        // that order (README, "Expected failures").
        String shift = System.getenv("PARSE_SDK_ANDROID_HASH_SHIFT");
        if (shift != null) {
            for (int i = Integer.parseInt(shift); i > 0; i--) System.identityHashCode(new Object());
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.trim().isEmpty()) continue;
            Map<String, Object> request;
            try {
                request = TvnIn.map(AdapterJson.parse(line));
            } catch (RuntimeException e) {
                System.err.println("unreadable request line: " + e.getMessage());
                System.exit(2);
                return;
            }
            Object cmd = request.get("cmd");
            if ("stop".equals(cmd)) break;
            Map<String, Object> reply = "hello".equals(cmd) ? hello() : answer(request);
            out.write(AdapterJson.write(reply));
            out.write('\n');
            out.flush();
        }
        out.flush();
        System.exit(0);
    }
}
