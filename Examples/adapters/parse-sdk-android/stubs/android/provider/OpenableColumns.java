package android.provider;

// Stands for android.provider.OpenableColumns; file uploads only.
public interface OpenableColumns {
    String SIZE = "_size";
    String DISPLAY_NAME = "_display_name";
}
