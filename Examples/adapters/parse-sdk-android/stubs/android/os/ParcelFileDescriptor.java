package android.os;

// Stands for android.os.ParcelFileDescriptor; file uploads from a content Uri only.
public class ParcelFileDescriptor implements java.io.Closeable {
    public long getStatSize() { return -1; }

    public void close() {}
}
