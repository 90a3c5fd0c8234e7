package android.content;

// Stands for android.content.ComponentName; push only.
public class ComponentName {
    public String getClassName() { return null; }
}
