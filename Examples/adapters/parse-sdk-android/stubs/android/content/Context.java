package android.content;

import android.content.pm.ApplicationInfo;
import android.content.pm.PackageManager;
import java.io.File;

// Stands for android.content.Context. The adapter creates none (it never calls Parse.initialize),
// so these are only the signatures the SDK names.
public abstract class Context {
    public static final String CONNECTIVITY_SERVICE = "connectivity";
    public static final String LOCATION_SERVICE = "location";
    public static final String NOTIFICATION_SERVICE = "notification";
    public static final int MODE_PRIVATE = 0;

    public abstract Context getApplicationContext();
    public abstract ApplicationInfo getApplicationInfo();
    public abstract File getCacheDir();
    public abstract File getFilesDir();
    public abstract File getDir(String name, int mode);
    public abstract ContentResolver getContentResolver();
    public abstract PackageManager getPackageManager();
    public abstract String getPackageName();
    public abstract Object getSystemService(String name);
    public abstract int checkCallingOrSelfPermission(String permission);
    public abstract boolean deleteDatabase(String name);
    public abstract void sendBroadcast(Intent intent);
    public abstract Intent registerReceiver(BroadcastReceiver receiver, IntentFilter filter);
    public abstract void unregisterReceiver(BroadcastReceiver receiver);
}
