package android.content.pm;

// Stands for android.content.pm.PackageInfo; installation fields only.
public class PackageInfo {
    public int versionCode;
    public String versionName;
}
