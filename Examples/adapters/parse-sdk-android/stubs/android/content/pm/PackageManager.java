package android.content.pm;

import android.content.Intent;
import java.util.List;

// Stands for android.content.pm.PackageManager; manifest checks and installation fields only.
public abstract class PackageManager {
    public static final int GET_INTENT_FILTERS = 32;
    public static final int GET_META_DATA = 128;
    public static final int PERMISSION_GRANTED = 0;

    public static class NameNotFoundException extends Exception {}

    public abstract PackageInfo getPackageInfo(String name, int flags) throws NameNotFoundException;
    public abstract ApplicationInfo getApplicationInfo(String name, int flags)
            throws NameNotFoundException;
    public abstract CharSequence getApplicationLabel(ApplicationInfo info);
    public abstract List<ResolveInfo> queryBroadcastReceivers(Intent intent, int flags);
    public abstract List<ResolveInfo> queryIntentServices(Intent intent, int flags);
    public abstract Intent getLaunchIntentForPackage(String name);
    public abstract ActivityInfo getReceiverInfo(android.content.ComponentName c, int flags)
            throws NameNotFoundException;
}
