package android.graphics;

// Stands for android.graphics.Bitmap; push notification icons only.
public class Bitmap {
}
