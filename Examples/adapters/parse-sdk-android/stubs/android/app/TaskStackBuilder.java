package android.app;

import android.content.Context;
import android.content.Intent;

// Stands for android.app.TaskStackBuilder; opening a push's activity only.
public class TaskStackBuilder {
    public static TaskStackBuilder create(Context c) { return new TaskStackBuilder(); }

    public TaskStackBuilder addParentStack(Class<?> cls) { return this; }

    public TaskStackBuilder addNextIntent(Intent i) { return this; }

    public void startActivities() {
        throw new UnsupportedOperationException("no activities off-device");
    }
}
