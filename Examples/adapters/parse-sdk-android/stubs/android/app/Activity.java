package android.app;

// Stands for android.app.Activity; only named as a type by the push code.
public class Activity {
}
