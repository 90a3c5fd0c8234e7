package android.content.pm;

import android.os.Bundle;

// Stands for android.content.pm.ApplicationInfo; manifest checks only.
public class ApplicationInfo {
    public Bundle metaData;
    public int icon;
}
