package android.text;

// Stands for android.text.TextUtils; the SDK uses isEmpty (installation locale) and join (local
// datastore SQL). Both as on the device: isEmpty is true for null or length 0, join puts the
// delimiter between the String.valueOf of each element.
public class TextUtils {
    private TextUtils() {}

    public static boolean isEmpty(CharSequence s) {
        return s == null || s.length() == 0;
    }

    public static String join(CharSequence delimiter, Iterable<?> tokens) {
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Object token : tokens) {
            if (!first) sb.append(delimiter);
            sb.append(token);
            first = false;
        }
        return sb.toString();
    }

    public static String join(CharSequence delimiter, Object[] tokens) {
        return join(delimiter, java.util.Arrays.asList(tokens));
    }
}
