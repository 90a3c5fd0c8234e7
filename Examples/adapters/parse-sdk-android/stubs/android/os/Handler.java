package android.os;

// Stands for android.os.Handler; main-thread callbacks only.
public class Handler {
    public Handler(Looper looper) {}

    public boolean post(Runnable r) {
        throw new UnsupportedOperationException("no main looper off-device");
    }
}
