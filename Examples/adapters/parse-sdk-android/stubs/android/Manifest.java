package android;

// Stands for android.Manifest: the permission names the SDK checks.
public final class Manifest {
    public static final class permission {
        public static final String ACCESS_NETWORK_STATE = "android.permission.ACCESS_NETWORK_STATE";
        public static final String INTERNET = "android.permission.INTERNET";
    }
}
