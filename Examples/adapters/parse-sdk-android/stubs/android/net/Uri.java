package android.net;

import java.nio.charset.StandardCharsets;

// Stands for android.net.Uri. encode is on the REST path (ParseRESTObjectCommand puts the class name
// and objectId into the URL with it) and behaves as the device's: every character but letters,
// digits and _-!.~'()* is percent-encoded from its UTF-8 bytes, with upper-case hex. parse is used
// only to open a push's URL and is not supported here.
public abstract class Uri {
    private static final String UNRESERVED = "_-!.~'()*";

    public static String encode(String s) {
        if (s == null) return null;
        StringBuilder sb = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || UNRESERVED.indexOf(c) >= 0;
            if (keep) sb.append((char) c);
            else sb.append('%').append(String.format("%02X", c));
        }
        return sb.toString();
    }

    public static Uri parse(String s) {
        throw new UnsupportedOperationException("android.net.Uri.parse is not available off-device");
    }

    public abstract String getScheme();
}
