package android.os;

// Stands for android.os.Looper; main-thread callbacks only.
public final class Looper {
    private Looper() {}

    public static Looper getMainLooper() {
        throw new UnsupportedOperationException("no main looper off-device");
    }
}
