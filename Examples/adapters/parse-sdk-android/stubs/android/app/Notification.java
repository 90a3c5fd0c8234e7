package android.app;

// Stands for android.app.Notification; push notifications only.
public class Notification {
    public static final int DEFAULT_ALL = -1;
    public static final int DEFAULT_LIGHTS = 4;
    public static final int DEFAULT_SOUND = 1;
    public int defaults;
}
