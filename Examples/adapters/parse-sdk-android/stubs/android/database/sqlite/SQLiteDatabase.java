package android.database.sqlite;

import android.content.ContentValues;
import android.database.Cursor;

// Stands for android.database.sqlite.SQLiteDatabase; the local datastore only (not enabled by the
// adapter), so every method refuses.
public final class SQLiteDatabase {
    public static final int CONFLICT_IGNORE = 4;
    public static final int OPEN_READONLY = 1;
    public static final int OPEN_READWRITE = 0;

    public interface CursorFactory {}

    private SQLiteDatabase() {}

    private static UnsupportedOperationException off() {
        return new UnsupportedOperationException("SQLite is not available off-device");
    }

    public void beginTransaction() { throw off(); }
    public void setTransactionSuccessful() { throw off(); }
    public void endTransaction() { throw off(); }
    public boolean inTransaction() { throw off(); }
    public void close() { throw off(); }
    public boolean isOpen() { throw off(); }
    public boolean isReadOnly() { throw off(); }
    public void execSQL(String sql) { throw off(); }
    public int delete(String t, String w, String[] a) { throw off(); }
    public long insertOrThrow(String t, String n, ContentValues v) { throw off(); }
    public long insertWithOnConflict(String t, String n, ContentValues v, int c) { throw off(); }
    public int update(String t, ContentValues v, String w, String[] a) { throw off(); }
    public Cursor query(String t, String[] c, String s, String[] a, String g, String h, String o) {
        throw off();
    }
    public Cursor rawQuery(String sql, String[] a) { throw off(); }
}
