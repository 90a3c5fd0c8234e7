package android.util;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Checks the android.util.Base64 stand-in against the behaviour of AOSP's decoder and encoder
 * (frameworks/base/core/java/android/util/Base64.java): characters outside the alphabet are
 * skipped, padding may be left out, and only a lone final character, '=' in the first two places
 * of a group, a single '=' where two are due, or data after the padding are refused. Run with
 * `java -cp STUBS_CLASSES:. android.util.Base64StubTest`; it exits 1 on the first difference.
 */
public final class Base64StubTest {
    private static int failures;

    private static void decodes(String input, String hex) {
        String got;
        try {
            got = hex(Base64.decode(input, Base64.NO_WRAP));
        } catch (IllegalArgumentException e) {
            got = "refused";
        }
        if (!got.equals(hex)) {
            failures++;
            System.err.println("decode " + input + ": expected " + hex + ", got " + got);
        }
    }

    private static void refuses(String input) {
        decodes(input, "refused");
    }

    private static void encodes(String hexBytes, int flags, String expected) {
        String got = Base64.encodeToString(bytes(hexBytes), flags);
        if (!got.equals(expected)) {
            failures++;
            System.err.println("encode " + hexBytes + ": expected " + expected + ", got " + got);
        }
    }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(String.format("%02x", x & 0xff));
        return sb.toString();
    }

    private static byte[] bytes(String hex) {
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        return out;
    }

    public static void main(String[] args) {
        decodes("", "");
        decodes("aGk=", "6869");
        decodes("aGk", "6869"); // padding may be missing
        decodes("aGVsbG8=", "68656c6c6f");
        decodes("aGVsbA==", "68656c6c");
        decodes("aGVsbA", "68656c6c");
        decodes("aGVs bG8=", "68656c6c6f"); // whitespace skipped
        decodes("aG\nVs\tbG8=", "68656c6c6f");
        decodes("aG*Vs!bG8=", "68656c6c6f"); // any non-alphabet byte skipped
        decodes("aGk=  ", "6869"); // skipped characters after the padding
        decodes("aGVsbA= =", "68656c6c"); // skipped characters between the two '='
        decodes("-_aGk=", "6869"); // '-' and '_' are skipped without URL_SAFE
        refuses("-_8="); // ... so "8=" is left: '=' in the second place of a group
        decodes("aR==", "69"); // non-zero pad bits are dropped, not refused
        decodes("aGk\u00e9=", "6869"); // a non-ASCII character's UTF-8 bytes are skipped
        refuses("a"); // one character cannot make a byte
        refuses("aGVsb"); // five characters: a lone final character
        refuses("=");
        refuses("a=");
        refuses("aGVsbA="); // one '=' where two are due
        refuses("aGk=a"); // data after the padding
        refuses("aGVsbA==x");
        refuses("aGk==");
        if (!Arrays.equals(Base64.decode("-_8", Base64.URL_SAFE), new byte[] {(byte) 0xfb, (byte) 0xff})) {
            failures++;
            System.err.println("URL_SAFE decode of -_8 is not fbff");
        }
        encodes("", Base64.NO_WRAP, "");
        encodes("68", Base64.NO_WRAP, "aA==");
        encodes("6869", Base64.NO_WRAP, "aGk=");
        encodes("686869", Base64.NO_WRAP, "aGhp");
        encodes("6869", Base64.NO_WRAP | Base64.NO_PADDING, "aGk");
        encodes("fbff", Base64.NO_WRAP | Base64.URL_SAFE, "-_8=");
        encodes("6869", Base64.DEFAULT, "aGk=\n");
        byte[] long57 = new byte[57];
        String line = new String(Base64.encode(long57, Base64.NO_WRAP), StandardCharsets.US_ASCII);
        encodes(hex(long57), Base64.DEFAULT, line + "\n"); // 76 characters, then a line break
        encodes(hex(new byte[58]), Base64.DEFAULT, line + "\nAA==\n");
        if (failures > 0) {
            System.err.println(failures + " difference(s) from AOSP's behaviour");
            System.exit(1);
        }
        System.out.println("Base64 stand-in: every check passed");
    }
}
