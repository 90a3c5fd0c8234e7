package android.annotation;

// Stands for android.annotation.TargetApi (a lint annotation, no behaviour).
public @interface TargetApi {
    int value();
}
