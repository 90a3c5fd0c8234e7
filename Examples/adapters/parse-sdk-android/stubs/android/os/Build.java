package android.os;

// Stands for android.os.Build: the SDK reads the OS version for the installation and for
// notification flags. Reported as API 33, the SDK's targetSdkVersion.
public class Build {
    public static class VERSION {
        public static final String RELEASE = "13";
        public static final int SDK_INT = 33;
    }

    public static class VERSION_CODES {
        public static final int GINGERBREAD = 9;
        public static final int JELLY_BEAN = 16;
        public static final int LOLLIPOP = 21;
        public static final int M = 23;
        public static final int O = 26;
        public static final int R = 30;
        public static final int S = 31;
    }
}
