package androidx.annotation;

// Stands for androidx.annotation.NonNull (a nullness annotation).
@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.CLASS)
public @interface NonNull {
}
