package android.content;

// Stands for android.content.BroadcastReceiver; connectivity and push receivers only.
public abstract class BroadcastReceiver {
    public abstract void onReceive(Context context, Intent intent);
}
