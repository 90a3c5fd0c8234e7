package com.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The adapter's own JSON for protocol lines (never for a case's document, which the SDK reads with
 * org.json). org.json would lose what the protocol needs kept: member order, a duplicate member
 * (refused here, as RFC 8259 protocol lines have none), a number's exact text (TVN numbers are strings
 * anyway) and a lone surrogate written as an escape. Objects are LinkedHashMaps, arrays ArrayLists,
 * numbers {@link Num}; the writer has no recursion, so an answer can nest as deep as any TVN.
 */
final class AdapterJson {
    private AdapterJson() {}

    /** A JSON number, kept as its text. */
    static final class Num {
        final String text;

        Num(String text) {
            this.text = text;
        }
    }

    static Object parse(String text) {
        Reader r = new Reader(text);
        r.space();
        Object value = r.value();
        r.space();
        if (r.at < text.length()) throw r.fail("text after the value");
        return value;
    }

    private static final class Reader {
        final String s;
        int at;

        Reader(String s) {
            this.s = s;
        }

        IllegalArgumentException fail(String why) {
            return new IllegalArgumentException("bad request line at " + at + ": " + why);
        }

        void space() {
            while (at < s.length() && " \t\r\n".indexOf(s.charAt(at)) >= 0) at++;
        }

        Object value() {
            if (at >= s.length()) throw fail("end of text");
            char c = s.charAt(at);
            if (c == '{') return object();
            if (c == '[') return array();
            if (c == '"') return string();
            if (s.startsWith("true", at)) return word("true", Boolean.TRUE);
            if (s.startsWith("false", at)) return word("false", Boolean.FALSE);
            if (s.startsWith("null", at)) return word("null", null);
            return number();
        }

        Object word(String w, Object v) {
            at += w.length();
            return v;
        }

        Map<String, Object> object() {
            Map<String, Object> map = new LinkedHashMap<>();
            at++;
            space();
            if (at < s.length() && s.charAt(at) == '}') {
                at++;
                return map;
            }
            while (true) {
                space();
                if (at >= s.length() || s.charAt(at) != '"') throw fail("a member name expected");
                String key = string();
                space();
                expect(':');
                space();
                if (map.containsKey(key)) throw fail("duplicate member " + key);
                map.put(key, value());
                space();
                if (at < s.length() && s.charAt(at) == ',') {
                    at++;
                    continue;
                }
                expect('}');
                return map;
            }
        }

        List<Object> array() {
            List<Object> list = new ArrayList<>();
            at++;
            space();
            if (at < s.length() && s.charAt(at) == ']') {
                at++;
                return list;
            }
            while (true) {
                space();
                list.add(value());
                space();
                if (at < s.length() && s.charAt(at) == ',') {
                    at++;
                    continue;
                }
                expect(']');
                return list;
            }
        }

        void expect(char c) {
            if (at >= s.length() || s.charAt(at) != c) throw fail("'" + c + "' expected");
            at++;
        }

        String string() {
            at++;
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (at >= s.length()) throw fail("unterminated string");
                char c = s.charAt(at++);
                if (c == '"') return sb.toString();
                if (c < 0x20) throw fail("control character in a string");
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                if (at >= s.length()) throw fail("unterminated escape");
                char e = s.charAt(at++);
                switch (e) {
                    case '"': sb.append('"'); break;
                    case '\\': sb.append('\\'); break;
                    case '/': sb.append('/'); break;
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'n': sb.append('\n'); break;
                    case 'r': sb.append('\r'); break;
                    case 't': sb.append('\t'); break;
                    case 'u':
                        if (at + 4 > s.length()) throw fail("short \\u escape");
                        try {
                            sb.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
                        } catch (NumberFormatException x) {
                            throw fail("bad \\u escape");
                        }
                        at += 4;
                        break;
                    default:
                        throw fail("bad escape");
                }
            }
        }

        Num number() {
            int start = at;
            while (at < s.length() && "+-0123456789.eE".indexOf(s.charAt(at)) >= 0) at++;
            if (start == at) throw fail("a value expected");
            return new Num(s.substring(start, at));
        }
    }

    /** The compact JSON text of a value made of maps, lists, strings, Num, booleans and null. */
    static String write(Object root) {
        StringBuilder out = new StringBuilder();
        Deque<Object> stack = new ArrayDeque<>();
        stack.push(new Object[] {root});
        while (!stack.isEmpty()) {
            Object item = stack.pop();
            if (item instanceof String) { // literal text queued by a container
                out.append((String) item);
                continue;
            }
            Object v = ((Object[]) item)[0];
            if (v == null) {
                out.append("null");
            } else if (v instanceof Boolean) {
                out.append(v.toString());
            } else if (v instanceof Num) {
                out.append(((Num) v).text);
            } else if (v instanceof String) {
                quote(out, (String) v);
            } else if (v instanceof Map) {
                List<Object> parts = new ArrayList<>();
                parts.add("{");
                boolean first = true;
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    StringBuilder key = new StringBuilder(first ? "" : ",");
                    quote(key, (String) e.getKey());
                    parts.add(key.append(':').toString());
                    parts.add(new Object[] {e.getValue()});
                    first = false;
                }
                parts.add("}");
                pushAll(stack, parts);
            } else if (v instanceof List) {
                List<Object> parts = new ArrayList<>();
                parts.add("[");
                boolean first = true;
                for (Object element : (List<?>) v) {
                    if (!first) parts.add(",");
                    parts.add(new Object[] {element});
                    first = false;
                }
                parts.add("]");
                pushAll(stack, parts);
            } else {
                throw new IllegalStateException("not a JSON value: " + v.getClass());
            }
        }
        return out.toString();
    }

    private static void pushAll(Deque<Object> stack, List<Object> parts) {
        for (int i = parts.size() - 1; i >= 0; i--) stack.push(parts.get(i));
    }

    /** Minimal escaping; a lone surrogate is written as a \\u escape so the line stays UTF-8. */
    static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                out.append(c).append(s.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }

    static Iterator<Map.Entry<String, Object>> members(Object map) {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) map;
        return m.entrySet().iterator();
    }
}
