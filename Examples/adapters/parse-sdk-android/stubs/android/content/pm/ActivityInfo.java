package android.content.pm;

// Stands for android.content.pm.ActivityInfo; manifest checks only.
public class ActivityInfo {
    public String packageName;
    public String name;
    public boolean exported;
    public String permission;
}
