package android.util;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

// Stands for android.util.Base64, which ParseDecoder (Bytes) and ParseEncoder use. It is on the wire
// path, so it behaves as the device's does rather than as java.util.Base64: the decoder skips every
// byte outside the alphabet (whitespace, '-', '_', '*', non-ASCII), accepts input without padding,
// and refuses only a lone final character, '=' in the first two places of a group, a single '='
// where two are due, or alphabet characters after the padding. Written from AOSP's documented
// behaviour; Base64StubTest checks it case by case.
public class Base64 {
    public static final int DEFAULT = 0;
    public static final int NO_PADDING = 1;
    public static final int NO_WRAP = 2;
    public static final int CRLF = 4;
    public static final int URL_SAFE = 8;
    public static final int NO_CLOSE = 16;

    private static final String STANDARD =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    private static final String WEB_SAFE =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    private Base64() {}

    public static byte[] decode(String str, int flags) {
        // The device turns the string into bytes with its default charset, UTF-8.
        return decode(str.getBytes(StandardCharsets.UTF_8), flags);
    }

    public static byte[] decode(byte[] input, int flags) {
        String alphabet = (flags & URL_SAFE) != 0 ? WEB_SAFE : STANDARD;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int bits = 0;
        int count = 0; // alphabet characters in the current group, 0...3
        int pads = 0; // '=' seen; a group ended by padding
        boolean closed = false;
        for (byte raw : input) {
            char c = (char) (raw & 0xff);
            int sextet = c < 128 ? alphabet.indexOf(c) : -1;
            if (c == '=') {
                if (closed) throw bad();
                if (pads == 0) {
                    if (count < 2) throw bad();
                    flush(out, bits, count);
                    pads = 1;
                    // "xxx=" closes at once; "xx=" wants a second '='.
                    if (count == 3) closed = true;
                } else {
                    pads = 2;
                    closed = true;
                }
                continue;
            }
            if (sextet < 0) continue; // skipped, as the device does
            if (closed || pads > 0) throw bad();
            bits = (bits << 6) | sextet;
            count++;
            if (count == 4) {
                out.write(bits >> 16);
                out.write(bits >> 8);
                out.write(bits);
                bits = 0;
                count = 0;
            }
        }
        if (pads == 1 && !closed) throw bad();
        if (pads == 0) {
            if (count == 1) throw bad();
            flush(out, bits, count);
        }
        return out.toByteArray();
    }

    // Writes the bytes of a partial group of two or three characters (the low bits are dropped
    // unchecked, as on the device).
    private static void flush(ByteArrayOutputStream out, int bits, int count) {
        if (count == 2) {
            out.write(bits >> 4);
        } else if (count == 3) {
            out.write(bits >> 10);
            out.write(bits >> 2);
        }
    }

    private static IllegalArgumentException bad() {
        return new IllegalArgumentException("bad base-64");
    }

    public static String encodeToString(byte[] input, int flags) {
        return new String(encode(input, flags), StandardCharsets.US_ASCII);
    }

    public static byte[] encode(byte[] input, int flags) {
        String alphabet = (flags & URL_SAFE) != 0 ? WEB_SAFE : STANDARD;
        boolean pad = (flags & NO_PADDING) == 0;
        boolean wrap = (flags & NO_WRAP) == 0;
        String eol = (flags & CRLF) != 0 ? "\r\n" : "\n";
        StringBuilder sb = new StringBuilder();
        int groups = 0;
        for (int i = 0; i < input.length; i += 3) {
            int n = Math.min(3, input.length - i);
            int v = (input[i] & 0xff) << 16;
            if (n > 1) v |= (input[i + 1] & 0xff) << 8;
            if (n > 2) v |= input[i + 2] & 0xff;
            sb.append(alphabet.charAt((v >> 18) & 63)).append(alphabet.charAt((v >> 12) & 63));
            if (n > 1) sb.append(alphabet.charAt((v >> 6) & 63));
            else if (pad) sb.append('=');
            if (n > 2) sb.append(alphabet.charAt(v & 63));
            else if (pad) sb.append('=');
            // The device breaks lines every 76 characters (19 groups) unless NO_WRAP.
            if (wrap && ++groups == 19) {
                sb.append(eol);
                groups = 0;
            }
        }
        if (wrap && groups > 0) sb.append(eol);
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
