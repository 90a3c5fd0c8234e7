package android.os;

import java.util.HashMap;
import java.util.Map;

// Stands for android.os.Bundle (manifest metadata, push extras): a plain map.
public class Bundle {
    private final Map<String, Object> map = new HashMap<>();

    public boolean getBoolean(String key, boolean fallback) {
        Object v = map.get(key);
        return v instanceof Boolean ? (Boolean) v : fallback;
    }

    public int getInt(String key) {
        Object v = map.get(key);
        return v instanceof Integer ? (Integer) v : 0;
    }

    public String getString(String key) {
        Object v = map.get(key);
        return v instanceof String ? (String) v : null;
    }

    public void putBoolean(String key, boolean v) { map.put(key, v); }

    public void putString(String key, String v) { map.put(key, v); }
}
