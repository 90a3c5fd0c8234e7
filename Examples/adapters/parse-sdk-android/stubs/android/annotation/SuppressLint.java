package android.annotation;

// Stands for android.annotation.SuppressLint (a lint annotation, no behaviour).
public @interface SuppressLint {
    String[] value();
}
