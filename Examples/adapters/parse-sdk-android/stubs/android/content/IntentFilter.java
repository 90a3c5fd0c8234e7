package android.content;

// Stands for android.content.IntentFilter; connectivity receiver only.
public class IntentFilter {
    public IntentFilter() {}

    public IntentFilter(String action) {}

    public void addAction(String action) {}
}
