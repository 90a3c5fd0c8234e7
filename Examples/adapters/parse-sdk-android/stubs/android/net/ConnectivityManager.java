package android.net;

// Stands for android.net.ConnectivityManager; connectivity receiver only.
public class ConnectivityManager {
    public static final String CONNECTIVITY_ACTION = "android.net.conn.CONNECTIVITY_CHANGE";
    public static final String EXTRA_NO_CONNECTIVITY = "noConnectivity";

    public NetworkInfo getActiveNetworkInfo() { return null; }
}
