package android.app;

import android.content.Context;
import android.content.Intent;

// Stands for android.app.PendingIntent; push notifications only.
public final class PendingIntent {
    public static final int FLAG_IMMUTABLE = 67108864;
    public static final int FLAG_UPDATE_CURRENT = 134217728;

    public static PendingIntent getBroadcast(Context c, int code, Intent i, int flags) {
        return new PendingIntent();
    }
}
