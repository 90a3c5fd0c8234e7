package android.net;

/**
 * Checks Uri.encode against AOSP's documented behaviour (android.net.Uri#encode): letters, digits
 * and _-!.~'()* are kept, every other character is percent-encoded from its UTF-8 bytes with
 * upper-case hex. Exits 1 on a difference.
 */
public final class UriEncodeTest {
    public static void main(String[] args) {
        String[][] cases = {
            {"GameScore", "GameScore"},
            {"a b", "a%20b"},
            {"_-!.~'()*", "_-!.~'()*"},
            {"a/b?c#d&e=f+g", "a%2Fb%3Fc%23d%26e%3Df%2Bg"},
            {"é", "%C3%A9"},
            {"\ud83d\ude00", "%F0%9F%98%80"},
            {"%", "%25"},
        };
        int failures = 0;
        for (String[] c : cases) {
            String got = Uri.encode(c[0]);
            if (!got.equals(c[1])) {
                failures++;
                System.err.println("encode " + c[0] + ": expected " + c[1] + ", got " + got);
            }
        }
        if (failures > 0) System.exit(1);
        System.out.println("Uri.encode stand-in: every check passed");
    }
}
