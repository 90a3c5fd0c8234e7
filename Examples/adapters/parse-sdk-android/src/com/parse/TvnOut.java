package com.parse;

import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * The TVN (INTERPRETING §4) of what the SDK holds, written as it is, nothing repaired: a ParseObject
 * without data (isDataAvailable false) is the pointer the SDK takes it for; a Map the decoder left
 * undecoded stays a map; an operation is written from the fields the SDK keeps in it.
 */
final class TvnOut {
    private TvnOut() {}

    /** The SDK accepted the input, but holds a value TVN cannot spell. */
    static final class Unrepresentable extends RuntimeException {
        private static final long serialVersionUID = 1L;
        Unrepresentable(String why) {
            super(why);
        }
    }

    static Map<String, Object> node(String type, Object body) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(type, body);
        return m;
    }

    static String numberText(Number n) {
        if (n == null) throw new Unrepresentable("a null where the SDK keeps a number");
        if (n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte
                || n instanceof BigInteger) {
            return n.toString();
        }
        if (n instanceof BigDecimal) return ((BigDecimal) n).toString();
        double d = n.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) throw new Unrepresentable("the number " + d);
        return shortest(d);
    }

    /**
     * The shortest decimal text that reads back as the same double. JDK 17's Double.toString is
     * not always the shortest (4.9E-324 for 5e-324), and TVN numbers are compared as decimals.
     */
    static String shortest(double d) {
        if (d == 0) return (1 / d < 0) ? "-0" : "0";
        for (int digits = 1; digits <= 17; digits++) {
            String t = new BigDecimal(d).round(new java.math.MathContext(digits)).toString();
            if (Double.parseDouble(t) == d) return t.replace("E+", "e").replace("E", "e");
        }
        return Double.toString(d);
    }

    static Map<String, Object> date(Date d) {
        return node("epochMs", Long.toString(d.getTime()));
    }

    static Object value(Object v) {
        if (v == null || v == JSONObject.NULL) return node("null", Boolean.TRUE);
        if (v instanceof Boolean) return node("bool", v);
        if (v instanceof String) return node("string", v);
        if (v instanceof Number) return node("number", numberText((Number) v));
        if (v instanceof Date) return node("date", date((Date) v));
        if (v instanceof byte[]) {
            StringBuilder hex = new StringBuilder();
            for (byte b : (byte[]) v) hex.append(String.format("%02x", b & 0xff));
            return node("bytes", node("hex", hex.toString()));
        }
        if (v instanceof List || v instanceof JSONArray) {
            List<Object> out = new ArrayList<>();
            if (v instanceof JSONArray) {
                JSONArray a = (JSONArray) v;
                for (int i = 0; i < a.length(); i++) out.add(value(a.opt(i)));
            } else {
                for (Object element : (List<?>) v) out.add(value(element));
            }
            return node("array", out);
        }
        if (v instanceof Map || v instanceof JSONObject) {
            Map<String, Object> members = new LinkedHashMap<>();
            Object type = null;
            if (v instanceof JSONObject) {
                JSONObject o = (JSONObject) v;
                for (Iterator<?> it = o.keys(); it.hasNext(); ) {
                    String k = (String) it.next();
                    members.put(k, value(o.opt(k)));
                }
                type = o.opt("__type");
            } else {
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    members.put((String) e.getKey(), value(e.getValue()));
                }
                type = ((Map<?, ?>) v).get("__type");
            }
            boolean typed = type instanceof String && !((String) type).isEmpty();
            return node(typed ? "unknownType" : "map", members);
        }
        if (v instanceof ParseObject) {
            ParseObject o = (ParseObject) v;
            return o.isDataAvailable() ? object(o) : pointer(o);
        }
        if (v instanceof ParseACL) return node("acl", acl((ParseACL) v));
        if (v instanceof ParseGeoPoint) {
            ParseGeoPoint g = (ParseGeoPoint) v;
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("latitude", numberText(g.getLatitude()));
            body.put("longitude", numberText(g.getLongitude()));
            return node("geopoint", body);
        }
        if (v instanceof ParsePolygon) {
            List<Object> vertices = new ArrayList<>();
            for (ParseGeoPoint g : ((ParsePolygon) v).getCoordinates()) {
                List<Object> pair = new ArrayList<>();
                pair.add(numberText(g.getLatitude()));
                pair.add(numberText(g.getLongitude()));
                vertices.add(pair);
            }
            return node("polygon", vertices);
        }
        if (v instanceof ParseFile) {
            ParseFile f = (ParseFile) v;
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("name", string(f.getName(), "a File's name"));
            if (f.getUrl() != null) body.put("url", f.getUrl());
            return node("file", body);
        }
        if (v instanceof ParseRelation) {
            String target = ((ParseRelation<?>) v).getTargetClass();
            return node("relation", node("className", string(target, "a Relation's className")));
        }
        if (v instanceof ParseFieldOperation) return op((ParseFieldOperation) v);
        throw new Unrepresentable("a value of class " + v.getClass().getName());
    }

    static String string(String s, String what) {
        if (s == null) throw new Unrepresentable(what + " is null");
        return s;
    }

    static Map<String, Object> pointer(ParseObject o) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("className", string(o.getClassName(), "a Pointer's className"));
        body.put("objectId", string(o.getObjectId(), "a Pointer's objectId"));
        return node("pointer", body);
    }

    /** An object with data, as the application reads it: its getters and keySet(). */
    static Map<String, Object> object(ParseObject o) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("className", string(o.getClassName(), "an object's className"));
        if (o.getObjectId() != null) body.put("objectId", o.getObjectId());
        if (o.getCreatedAt() != null) body.put("createdAt", date(o.getCreatedAt()));
        if (o.getUpdatedAt() != null) body.put("updatedAt", date(o.getUpdatedAt()));
        Map<String, Object> fields = new LinkedHashMap<>();
        for (String key : o.keySet()) {
            Object value = o.get(key);
            if (key.equals("ACL") && value instanceof ParseACL) {
                body.put("acl", acl((ParseACL) value));
            } else {
                fields.put(key, value(value));
            }
        }
        body.put("fields", fields);
        return node("object", body);
    }

    /** Only granted permissions are listed (TVN's ACL rule). */
    static Map<String, Object> acl(ParseACL acl) {
        JSONObject json = acl.toJSONObject(PointerOrLocalIdEncoder.get());
        Map<String, Object> out = new LinkedHashMap<>();
        for (Iterator<?> it = json.keys(); it.hasNext(); ) {
            String who = (String) it.next();
            JSONObject grants = json.optJSONObject(who);
            Map<String, Object> kept = new LinkedHashMap<>();
            for (String p : new String[] {"read", "write"}) {
                if (grants != null && grants.optBoolean(p, false) && Boolean.TRUE.equals(grants.opt(p))) {
                    kept.put(p, Boolean.TRUE);
                }
            }
            if (!kept.isEmpty()) out.put(who, kept);
        }
        return out;
    }

    static Object field(Object o, String name) {
        try {
            Class<?> c = o.getClass();
            while (c != null) {
                try {
                    Field f = c.getDeclaredField(name);
                    f.setAccessible(true);
                    return f.get(o);
                } catch (NoSuchFieldException e) {
                    c = c.getSuperclass();
                }
            }
            throw new IllegalStateException(o.getClass() + " has no field " + name);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Object> values(Collection<?> c) {
        List<Object> out = new ArrayList<>();
        for (Object element : c) out.add(value(element));
        return out;
    }

    /** A pending operation: a set is its value, the others their op node, read from the SDK's fields. */
    static Object op(ParseFieldOperation op) {
        if (op instanceof ParseSetOperation) return value(((ParseSetOperation) op).getValue());
        if (op instanceof ParseDeleteOperation) return node("op", node("delete", Boolean.TRUE));
        if (op instanceof ParseIncrementOperation) {
            return node("op", node("increment", numberText((Number) field(op, "amount"))));
        }
        if (op instanceof ParseAddOperation) {
            return node("op", node("add", values((Collection<?>) field(op, "objects"))));
        }
        if (op instanceof ParseAddUniqueOperation) {
            return node("op", node("addUnique", values((Collection<?>) field(op, "objects"))));
        }
        if (op instanceof ParseRemoveOperation) {
            return node("op", node("remove", values((Collection<?>) field(op, "objects"))));
        }
        if (op instanceof ParseRelationOperation) {
            String target = (String) field(op, "targetClass");
            List<Object> adds = relatives((Collection<?>) field(op, "relationsToAdd"), target);
            List<Object> removes = relatives((Collection<?>) field(op, "relationsToRemove"), target);
            if (!adds.isEmpty() && !removes.isEmpty()) {
                List<Object> batch = new ArrayList<>();
                batch.add(node("addRelation", adds));
                batch.add(node("removeRelation", removes));
                return node("op", node("batch", batch));
            }
            if (!adds.isEmpty()) return node("op", node("addRelation", adds));
            if (!removes.isEmpty()) return node("op", node("removeRelation", removes));
            throw new Unrepresentable("a relation operation that adds and removes nothing");
        }
        throw new Unrepresentable("an operation of class " + op.getClass().getName());
    }

    private static List<Object> relatives(Collection<?> objects, String target) {
        List<Object> out = new ArrayList<>();
        for (Object o : objects) {
            ParseObject p = (ParseObject) o;
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("className", string(target != null ? target : p.getClassName(), "a relation's className"));
            body.put("objectId", string(p.getObjectId(), "a related objectId"));
            out.add(body);
        }
        return out;
    }
}
