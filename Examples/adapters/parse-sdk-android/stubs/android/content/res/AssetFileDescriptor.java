package android.content.res;

// Stands for android.content.res.AssetFileDescriptor; file uploads from a content Uri only.
public class AssetFileDescriptor implements java.io.Closeable {
    public long getLength() { return -1; }

    public void close() {}
}
