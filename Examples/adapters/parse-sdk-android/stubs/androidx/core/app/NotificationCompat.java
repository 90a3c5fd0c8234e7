package androidx.core.app;

import android.app.Notification;
import android.app.PendingIntent;
import android.content.Context;
import android.graphics.Bitmap;

// Stands for androidx.core.app.NotificationCompat; push notifications only.
public class NotificationCompat {
    public abstract static class Style {}

    public static class BigTextStyle extends Style {
        public BigTextStyle bigText(CharSequence text) { return this; }
    }

    public static class Builder {
        public Builder(Context context, String channelId) {}

        public Builder setContentTitle(CharSequence s) { return this; }
        public Builder setContentText(CharSequence s) { return this; }
        public Builder setTicker(CharSequence s) { return this; }
        public Builder setSmallIcon(int i) { return this; }
        public Builder setLargeIcon(Bitmap b) { return this; }
        public Builder setContentIntent(PendingIntent p) { return this; }
        public Builder setDeleteIntent(PendingIntent p) { return this; }
        public Builder setAutoCancel(boolean b) { return this; }
        public Builder setDefaults(int d) { return this; }
        public Builder setStyle(Style s) { return this; }
        public Notification build() { return new Notification(); }
    }
}
