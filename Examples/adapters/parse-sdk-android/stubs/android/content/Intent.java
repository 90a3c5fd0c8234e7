package android.content;

import android.net.Uri;
import android.os.Bundle;

// Stands for android.content.Intent; push and broadcasts only.
public class Intent {
    public static final String ACTION_VIEW = "android.intent.action.VIEW";
    private String action;
    private Bundle extras;

    public Intent() {}

    public Intent(String action) { this.action = action; }

    public Intent(String action, Uri uri) { this.action = action; }

    public Intent(Context context, Class<?> cls) {}

    public String getAction() { return action; }

    public Intent setAction(String action) { this.action = action; return this; }

    public ComponentName getComponent() { return null; }

    public Bundle getExtras() { return extras; }

    public String getStringExtra(String key) { return extras == null ? null : extras.getString(key); }

    public boolean getBooleanExtra(String key, boolean fallback) { return fallback; }

    public Intent putExtras(Bundle b) { extras = b; return this; }

    public Intent setPackage(String p) { return this; }
}
