package androidx.annotation;

// Stands for androidx.annotation.Nullable (a nullness annotation).
public @interface Nullable {
}
