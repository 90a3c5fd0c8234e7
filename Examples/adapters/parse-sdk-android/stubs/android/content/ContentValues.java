package android.content;

import java.util.LinkedHashMap;
import java.util.Map;

// Stands for android.content.ContentValues; the local datastore (SQLite) only.
public final class ContentValues {
    private final Map<String, Object> values = new LinkedHashMap<>();

    public void put(String key, String value) { values.put(key, value); }

    public void put(String key, Integer value) { values.put(key, value); }
}
