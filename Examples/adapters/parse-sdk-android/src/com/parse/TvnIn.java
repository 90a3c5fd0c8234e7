package com.parse;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.json.JSONException;
import org.json.JSONObject;

/**
 * Typed value notation (INTERPRETING §4) into the values an application using the SDK holds: Date,
 * byte[], a Map for a map and a List for an array, JSONObject.NULL for null (ParseObject#put refuses a
 * Java null), ParseGeoPoint, ParsePolygon, ParseFile as a fetch makes one, ParseRelation, ParseACL
 * built with its setters, and ParseObject (a pointer is createWithoutData; an embedded object is read
 * by ParseObject.fromJSON, as the SDK reads one). Operations are applied with ParseObject's own
 * methods (increment, addAll, addAllUnique, removeAll, remove, getRelation().add/remove).
 */
final class TvnIn {
    private TvnIn() {}

    static Map.Entry<String, Object> only(Object node) {
        if (!(node instanceof Map) || ((Map<?, ?>) node).size() != 1) {
            throw new IllegalArgumentException("a TVN node has exactly one member");
        }
        return AdapterJson.members(node).next();
    }

    static String text(Object node) {
        if (node instanceof String) return (String) node;
        throw new IllegalArgumentException("a TVN string expected");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object node) {
        if (node instanceof Map) return (Map<String, Object>) node;
        throw new IllegalArgumentException("a JSON object expected in TVN");
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object node) {
        if (node instanceof List) return (List<Object>) node;
        throw new IllegalArgumentException("a JSON array expected in TVN");
    }

    /**
     * The number an application holds for JSON number text: an Integer or Long when the text is an
     * integer that fits, a BigInteger for a larger integer, a Double otherwise.
     */
    static Number number(String t) {
        if (t.matches("-?[0-9]+")) {
            BigInteger big = new BigInteger(t);
            if (big.bitLength() < 32) return big.intValue();
            if (big.bitLength() < 64) return big.longValue();
            return big;
        }
        return Double.parseDouble(t);
    }

    static Object value(Object node) throws JSONException {
        Map.Entry<String, Object> e = only(node);
        Object body = e.getValue();
        switch (e.getKey()) {
            case "null":
                return JSONObject.NULL;
            case "bool":
                return body;
            case "string":
                return text(body);
            case "number":
                return number(text(body));
            case "array": {
                List<Object> out = new ArrayList<>();
                for (Object element : list(body)) out.add(value(element));
                return out;
            }
            case "map":
            case "unknownType": {
                Map<String, Object> out = new LinkedHashMap<>();
                for (Map.Entry<String, Object> m : map(body).entrySet()) {
                    out.put(m.getKey(), value(m.getValue()));
                }
                return out;
            }
            case "date":
                return new Date(Long.parseLong(text(map(body).get("epochMs"))));
            case "bytes":
                return hex(text(map(body).get("hex")));
            case "pointer": {
                Map<String, Object> p = map(body);
                return ParseObject.createWithoutData(text(p.get("className")), text(p.get("objectId")));
            }
            case "relation":
                return new ParseRelation<ParseObject>(text(map(body).get("className")));
            case "geopoint": {
                Map<String, Object> g = map(body);
                return new ParseGeoPoint(
                        Double.parseDouble(text(g.get("latitude"))),
                        Double.parseDouble(text(g.get("longitude"))));
            }
            case "file": {
                Map<String, Object> f = map(body);
                JSONObject json = new JSONObject();
                json.put("__type", "File");
                json.put("name", text(f.get("name")));
                if (f.containsKey("url")) json.put("url", text(f.get("url")));
                return new ParseFile(json, ParseDecoder.get());
            }
            case "polygon": {
                List<ParseGeoPoint> points = new ArrayList<>();
                for (Object vertex : list(body)) {
                    List<Object> v = list(vertex);
                    points.add(new ParseGeoPoint(
                            Double.parseDouble(text(v.get(0))), Double.parseDouble(text(v.get(1)))));
                }
                return new ParsePolygon(points);
            }
            case "acl":
                return acl(map(body));
            case "object":
                return object(map(body));
            default:
                throw new IllegalArgumentException(e.getKey() + " is not a TVN value node");
        }
    }

    static byte[] hex(String h) {
        byte[] out = new byte[h.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    /** An ACL as an application builds one, with ParseACL's setters. */
    static ParseACL acl(Map<String, Object> body) {
        ParseACL acl = new ParseACL();
        for (Map.Entry<String, Object> p : body.entrySet()) {
            String who = p.getKey();
            Map<String, Object> grants = map(p.getValue());
            for (String permission : grants.keySet()) {
                boolean allowed = Boolean.TRUE.equals(grants.get(permission));
                boolean read = permission.equals("read");
                if (!read && !permission.equals("write")) {
                    throw new IllegalArgumentException("an ACL permission other than read or write");
                }
                if (who.equals("*")) {
                    if (read) acl.setPublicReadAccess(allowed);
                    else acl.setPublicWriteAccess(allowed);
                } else if (who.startsWith("role:")) {
                    if (read) acl.setRoleReadAccess(who.substring(5), allowed);
                    else acl.setRoleWriteAccess(who.substring(5), allowed);
                } else {
                    if (read) acl.setReadAccess(who, allowed);
                    else acl.setWriteAccess(who, allowed);
                }
            }
        }
        return acl;
    }

    /**
     * An object with data, as a fetch leaves it: its fields written by the SDK's own encoder, then
     * read by ParseObject.fromJSON.
     */
    static ParseObject object(Map<String, Object> body) throws JSONException {
        JSONObject json = new JSONObject();
        String className = text(body.get("className"));
        json.put("className", className);
        if (body.containsKey("objectId")) json.put("objectId", text(body.get("objectId")));
        for (String key : new String[] {"createdAt", "updatedAt"}) {
            if (body.containsKey(key)) {
                Date d = new Date(Long.parseLong(text(map(body.get(key)).get("epochMs"))));
                json.put(key, ParseDateFormat.getInstance().format(d));
            }
        }
        if (body.containsKey("acl")) {
            json.put("ACL", acl(map(body.get("acl"))).toJSONObject(PointerOrLocalIdEncoder.get()));
        }
        for (Map.Entry<String, Object> f : map(body.get("fields")).entrySet()) {
            json.put(f.getKey(), PointerOrLocalIdEncoder.get().encode(value(f.getValue())));
        }
        return ParseObject.fromJSON(json, className, ParseDecoder.get());
    }

    /** Applies one TVN value or operation to a field, as an application would. */
    static void change(ParseObject object, String key, Object node) throws JSONException {
        Map.Entry<String, Object> e = only(node);
        if (!e.getKey().equals("op")) {
            object.put(key, value(node));
            return;
        }
        Map.Entry<String, Object> op = only(e.getValue());
        Object arg = op.getValue();
        switch (op.getKey()) {
            case "increment":
                object.increment(key, number(text(arg)));
                return;
            case "add":
                object.addAll(key, values(arg));
                return;
            case "addUnique":
                object.addAllUnique(key, values(arg));
                return;
            case "remove":
                object.removeAll(key, values(arg));
                return;
            case "delete":
                holdField(object, key);
                object.remove(key);
                return;
            case "addRelation":
                for (Object p : list(arg)) object.getRelation(key).add(pointer(p));
                return;
            case "removeRelation":
                for (Object p : list(arg)) object.getRelation(key).remove(pointer(p));
                return;
            case "batch":
                for (Object each : list(arg)) change(object, key, java.util.Collections.singletonMap("op", each));
                return;
            default:
                throw new IllegalArgumentException(op.getKey() + " is not a TVN operation");
        }
    }

    /**
     * ParseObject#remove deletes only a field the object holds (performRemove: get(key) != null), as
     * on an object fetched with that field; a new object holds none, so the field is first given a
     * server value, as a fetch would have. No other change: the save body holds operations only.
     */
    private static void holdField(ParseObject object, String key) {
        if (object.get(key) == null) {
            Object held = key.equals("ACL") ? new ParseACL() : "held";
            object.setState(object.getState().newBuilder().put(key, held).build());
        }
    }

    private static List<Object> values(Object arg) throws JSONException {
        List<Object> out = new ArrayList<>();
        for (Object element : list(arg)) out.add(value(element));
        return out;
    }

    private static ParseObject pointer(Object p) {
        Map<String, Object> m = map(p);
        return ParseObject.createWithoutData(text(m.get("className")), text(m.get("objectId")));
    }
}
