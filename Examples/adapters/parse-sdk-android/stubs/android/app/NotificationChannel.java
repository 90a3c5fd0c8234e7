package android.app;

// Stands for android.app.NotificationChannel; push notifications only.
public class NotificationChannel {
    private final String id;

    public NotificationChannel(String id, CharSequence name, int importance) {
        this.id = id;
    }

    public String getId() { return id; }
}
