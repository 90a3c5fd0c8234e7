package android.net;

// Stands for android.net.NetworkInfo; connectivity receiver only.
public class NetworkInfo {
    public boolean isConnected() { return false; }
}
