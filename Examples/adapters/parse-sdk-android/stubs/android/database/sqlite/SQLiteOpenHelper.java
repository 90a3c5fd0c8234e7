package android.database.sqlite;

import android.content.Context;

// Stands for android.database.sqlite.SQLiteOpenHelper; the local datastore only.
public abstract class SQLiteOpenHelper {
    public SQLiteOpenHelper(Context context, String name, SQLiteDatabase.CursorFactory factory,
            int version) {}

    public abstract void onCreate(SQLiteDatabase db);

    public abstract void onUpgrade(SQLiteDatabase db, int oldVersion, int newVersion);

    public void onOpen(SQLiteDatabase db) {}

    public SQLiteDatabase getReadableDatabase() {
        throw new UnsupportedOperationException("SQLite is not available off-device");
    }

    public SQLiteDatabase getWritableDatabase() {
        throw new UnsupportedOperationException("SQLite is not available off-device");
    }
}
