package android.content.pm;

// Stands for android.content.pm.ResolveInfo; manifest checks only.
public class ResolveInfo {
    public ActivityInfo activityInfo;
}
