package android.database;

// Stands for android.database.Cursor; the local datastore (SQLite) only.
public interface Cursor extends java.io.Closeable {
    void close();
    int getCount();
    int getColumnIndex(String name);
    long getLong(int i);
    String getString(int i);
    boolean isAfterLast();
    boolean isNull(int i);
    boolean moveToFirst();
    boolean moveToNext();
}
