package android.util;

// Stands for android.util.Log. Writes to standard error, never standard output, which carries
// the adapter's protocol.
public final class Log {
    public static final int VERBOSE = 2;
    public static final int DEBUG = 3;
    public static final int INFO = 4;
    public static final int WARN = 5;
    public static final int ERROR = 6;

    private Log() {}

    public static int println(int priority, String tag, String msg) {
        System.err.println(tag + ": " + msg);
        return 0;
    }

    public static int d(String tag, String msg) {
        return println(DEBUG, tag, msg);
    }

    public static String getStackTraceString(Throwable t) {
        if (t == null) return "";
        java.io.StringWriter sw = new java.io.StringWriter();
        t.printStackTrace(new java.io.PrintWriter(sw));
        return sw.toString();
    }
}
