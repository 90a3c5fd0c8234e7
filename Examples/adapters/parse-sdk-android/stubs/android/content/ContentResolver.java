package android.content;

import android.content.res.AssetFileDescriptor;
import android.database.Cursor;
import android.net.Uri;
import android.os.ParcelFileDescriptor;
import java.io.InputStream;

// Stands for android.content.ContentResolver; file uploads from a content Uri only.
public abstract class ContentResolver {
    public abstract Cursor query(Uri uri, String[] projection, String selection, String[] args,
            String order, Object cancellation);

    public abstract ParcelFileDescriptor openFileDescriptor(Uri uri, String mode)
            throws java.io.FileNotFoundException;

    public abstract AssetFileDescriptor openAssetFileDescriptor(Uri uri, String mode)
            throws java.io.FileNotFoundException;

    public abstract InputStream openInputStream(Uri uri) throws java.io.FileNotFoundException;
}
